import * as rw from '../rewards.ts'
import { e, type Route } from '../route.ts'

/**
 * The rewards engine's calls: reward centre, bonus details, missions, VIP, point mall,
 * referral, manual rebate and promotion activities. SPEC §7 names only the raffle claim and the
 * mission calls ("Points: balance, reward list, redeem, redeem list, config, member transactions,
 * convert points; paths not shown"): these follow the platform's /wps/relay/MCSFE_ style. Calls that
 * move money carry an idempotency key; those taking the payment password are sealed.
 */
export const rewardRoutes = {
  /** Points balance and the counts behind the rewardCenter and missionLeaderboard badges. Path not in SPEC. */
  rewardSummary: e({ method: 'GET', path: '/wps/relay/MCSFE_getRewardSummary', token: true, response: rw.RewardSummarySchema }),
  /** The reward centre: claimable and claimed awards. Path not in SPEC. */
  rewardAwards: e({ method: 'GET', path: '/wps/relay/MCSFE_getRewardCenter', token: true, response: rw.AwardsSchema }),
  /** Claims one award (a second claim is refused). Path not in SPEC. */
  claimAward: e({ method: 'POST', path: '/wps/relay/MCSFE_claimReward', token: true, money: true, response: rw.AwardSchema }),
  /** Every bonus received with its wagering progress. Path not in SPEC. */
  bonusDetails: e({ method: 'GET', path: '/wps/relay/MCSFE_getBonusDetails', token: true, response: rw.BonusesSchema }),
  /** Daily and weekly missions with live progress and claim state. Path not in SPEC. */
  rewardMissions: e({ method: 'GET', path: '/wps/relay/MCSFE_getMissions', token: true, response: rw.MissionsSchema }),
  /** Claims a completed mission once per period. Path not in SPEC. */
  claimMission: e({ method: 'POST', path: '/wps/relay/MCSFE_claimMission', token: true, money: true, response: rw.ClaimMissionValue }),
  /** The week's top 50 and the member's own place. Path not in SPEC. */
  rewardBoard: e({ method: 'GET', path: '/wps/relay/MCSFE_getMissionBoard', token: true, response: rw.BoardSchema }),
  /** The VIP ladder and the member's rank, progress and history. Path not in SPEC. */
  vipInfo: e({ method: 'GET', path: '/wps/relay/MCSFE_getVipInfo', token: true, response: rw.VipSchema }),
  /** The VIP ladder (ranks, what each needs, its rebate and upgrade bonus) for anyone, guests included. Path not in SPEC. */
  vipLadder: e({ method: 'GET', path: '/wps/relay/MCSFE_getVipLadder', token: false, response: rw.VipLadderSchema }),
  /** The point mall's catalogue (rewards with pictures and prices, the ratio) for anyone, guests included. Path not in SPEC. */
  mallCatalogue: e({ method: 'GET', path: '/wps/relay/MCSFE_getPointMallCatalogue', token: false, response: rw.MallCatalogueSchema }),
  /** Points balance, ratio and the mall's rewards. Path not in SPEC. */
  mallInfo: e({ method: 'GET', path: '/wps/relay/MCSFE_getPointMall', token: true, response: rw.MallSchema }),
  /** Redeems a reward with the payment password. Path not in SPEC. */
  mallRedeem: e({ method: 'POST', path: '/wps/relay/MCSFE_redeemReward', token: true, money: true, encrypt: true, response: rw.RedeemSchema }),
  /** The member's redeem history. Path not in SPEC. */
  mallRedeems: e({ method: 'GET', path: '/wps/relay/MCSFE_getRedeemList', token: true, response: rw.RedeemsSchema }),
  /** Points details: earned and spent, and why. Path not in SPEC. */
  pointsDetails: e({ method: 'GET', path: '/wps/relay/MCSFE_getPointsTransactions', token: true, response: rw.PointsDetailsSchema }),
  /** Converts points to balance with the payment password. Path not in SPEC. */
  pointsConvert: e({ method: 'POST', path: '/wps/relay/MCSFE_convertPoints', token: true, money: true, encrypt: true, response: rw.ConvertValue }),
  /** The member's invitation link, QR, friends and rule (availablePromo.REFERRAL). Path not in SPEC. */
  referralInfo: e({ method: 'GET', path: '/wps/relay/MCSFE_getReferralInfo', token: true, response: rw.ReferralSchema }),
  /** The manual rebate due per category (MANPLAYREB3). Path not in SPEC. */
  rebateInfo: e({ method: 'GET', path: '/wps/relay/MCSFE_getManualRebate', token: true, response: rw.RebateSchema }),
  /** Claims the rebate due, once per day. Path not in SPEC. */
  claimRebate: e({ method: 'POST', path: '/wps/relay/MCSFE_claimManualRebate', token: true, money: true, response: rw.ClaimRebateValue }),
  /** Each promotion's activity state for the caller (a guest sees the states before joining). Path not in SPEC. */
  activities: e({ method: 'GET', path: '/wps/relay/MCSFE_getActivityStates', token: 'optional', response: rw.ActivitiesSchema }),
  /** Joins a promotion, or signs in for today. Path not in SPEC. */
  joinActivity: e({ method: 'POST', path: '/wps/relay/MCSFE_joinActivity', token: true, response: rw.ActivitySchema }),
  /** Sends the activity application (comment; images uploaded first). Path not in SPEC. */
  applyActivity: e({ method: 'POST', path: '/wps/relay/MCSFE_applyActivity', token: true, response: rw.ActivitySchema }),
  /**
   * One application image (png or jpg ≤ 5 MB): the body is the raw image, the promotion in the query
   * (`?promotionId=`), so the client sends it with `uploadActivityImage` (sdk/rewards), not `api`. Path not in SPEC.
   */
  activityImage: e({ method: 'POST', path: '/wps/relay/MCSFE_uploadActivityImage', token: true, response: rw.ImageStoredValue }),
  /** Removes an image not yet sent. Path not in SPEC. */
  removeActivityImage: e({ method: 'POST', path: '/wps/relay/MCSFE_removeActivityImage', token: true, response: rw.ImageStoredValue }),
} as const satisfies Record<string, Route>
