/**
 * Rewards and loyalty: the stores of the reward pages, one-click claims, the point mall's
 * forms and the activity application, all through the rewards room's endpoints.
 * @module
 */
export { $rewardSummary, $awards, $bonuses, $missions, $board, $vip, $mall, $redeems, $pointsDetails, $referral, $rebate, $activities, reload, reloadRewards } from './stores.ts'
export { $claiming, claimAward, claimMission, claimRebate, claimRaffle, joinActivity, refusalKey } from './claims.ts'
export { createRedeemForm, createConvertForm } from './forms.ts'
export { createApplicationForm, type PickedImage } from './application.ts'
export { missionFigures, progressPercent, wageringPercent } from './progress.ts'
export { $missionTitles, sourceMessage, type SourceMessage } from './sources.ts'
export { $vipLadder, $mallCatalogue, $vipHere, pickedReward, pickedRewardParam, redeemOrSignIn } from './public.ts'
export { signInHere } from './ladder.ts'
export { ratioLine, rewardLines, signInForReward, type CardLine, type CatalogueReward } from './catalogue.ts'
