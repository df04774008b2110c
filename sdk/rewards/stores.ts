/**
 * The rewards pages' data: summary and badges, reward centre, bonus details, missions and the
 * leaderboard, VIP, point mall, redeems, points details, referral, rebate and promotion activities.
 * Each store asks while watched and only while signed in (keyed by the account).
 * @module
 */
import type { ResponseOf } from '../contract/index.ts'
import { $accountKey } from '../stores/centre-lists.ts'
import { createFetcherStore, everyView } from '../stores/query.ts'
import { rewardsApi } from './api.ts'

const mine = <T>(name: string, fetch: () => Promise<T>, freshMs?: number) =>
  createFetcherStore<T>([name, '|', $accountKey], fetch, freshMs === undefined ? everyView : { ...everyView, everyMs: freshMs })

/**
 * The origin of this site, which serves `/register`: the invitation link starts with it (the page's
 * base address, not the platform's). Outside a browser there is none, and the platform refuses the call.
 */
const siteOrigin = (): string => (typeof document === 'undefined' ? '' : new URL(document.baseURI).origin)

/** Points and the counts behind the reward centre's and missions' badges, asked again every minute while shown. */
export const $rewardSummary = mine<ResponseOf<'rewardSummary'>>('rewardSummary', () => rewardsApi('rewardSummary'), 60_000)
/** The reward centre: claimable awards first. */
export const $awards = mine<ResponseOf<'rewardAwards'>>('rewardAwards', () => rewardsApi('rewardAwards'))
/** Every bonus received with its wagering progress. */
export const $bonuses = mine<ResponseOf<'bonusDetails'>>('bonusDetails', () => rewardsApi('bonusDetails'))
/** Daily and weekly missions, asked again every 30 s while shown (progress moves with play). */
export const $missions = mine<ResponseOf<'rewardMissions'>>('rewardMissions', () => rewardsApi('rewardMissions'), 30_000)
/** The week's top 50 and the member's place. */
export const $board = mine<ResponseOf<'rewardBoard'>>('rewardBoard', () => rewardsApi('rewardBoard'))
/** The VIP ladder and the member's standing. */
export const $vip = mine<ResponseOf<'vipInfo'>>('vipInfo', () => rewardsApi('vipInfo'))
/** The point mall. */
export const $mall = mine<ResponseOf<'mallInfo'>>('mallInfo', () => rewardsApi('mallInfo'))
/** The member's redeems. */
export const $redeems = mine<ResponseOf<'mallRedeems'>>('mallRedeems', () => rewardsApi('mallRedeems'))
/** Points earned and spent, and why. */
export const $pointsDetails = mine<ResponseOf<'pointsDetails'>>('pointsDetails', () => rewardsApi('pointsDetails'))
/** The member's invitation link, QR, friends and rule. */
export const $referral = mine<ResponseOf<'referralInfo'>>('referralInfo', () => rewardsApi('referralInfo', { origin: siteOrigin() }))
/** The manual rebate due now. */
export const $rebate = mine<ResponseOf<'rebateInfo'>>('rebateInfo', () => rewardsApi('rebateInfo'))
/** Each promotion's activity state for the member. */
export const $activities = mine<ResponseOf<'activities'>>('activities', () => rewardsApi('activities'))

/** Asks a rewards store again (a retry button, or after a change). */
export const reload = (store: { revalidate: () => void }): void => store.revalidate()

/**
 * Every store a claim or a redeem may change: asked again after one. Revalidated, not invalidated:
 * the page keeps what it shows (and a form its result) while the new figures load.
 */
export function reloadRewards(): void {
  for (const s of [$rewardSummary, $awards, $bonuses, $missions, $board, $vip, $mall, $redeems, $pointsDetails, $rebate, $activities]) s.revalidate()
}
