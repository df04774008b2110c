/**
 * The point mall's catalogue for anyone and what a reward's card says, for both of its renderers: the
 * React page (widgets/rewards/PointMall.tsx) and the script-only one a guest gets
 * (site/components/lean/mall.ts), which takes only this module of the room (not the member's stores
 * or the guard).
 * @module
 */
import type { ResponseOf } from '../contract/index.ts'
import { $locale } from '../i18n/index.ts'
import { formatMoney } from '../format/index.ts'
import { createFetcherStore } from '../stores/query.ts'
import { openLoginPrompt } from '../stores/prompt.ts'
import { keepReturn } from '../stores/return-to.ts'
import { rewardsApi } from './api.ts'

/** The point mall's catalogue for anyone, in the page's language: the rewards with pictures and prices, and the ratio. */
export const $mallCatalogue = createFetcherStore<ResponseOf<'mallCatalogue'>>(['mallCatalogue', '|', $locale], () => rewardsApi('mallCatalogue'))

/** A reward of the catalogue as the platform gives it. */
export type CatalogueReward = ResponseOf<'mallCatalogue'>['rewards'][number]

/** A line of a reward's card: what it says (a message key and its values) and which line it is (how it is drawn). */
export interface CardLine {
  kind: 'price' | 'bet' | 'stock'
  key: string
  values: Record<string, string | number>
}

/**
 * What a reward's card says under its name, in order: its price in points, the valid bets it also
 * needs (when it does), and what is left of it (or that it is sold out).
 * @example rewardLines(r) // [{ kind: 'price', key: 'rewards_mall_needs', values: { points: 120 } }, { kind: 'stock', … }]
 */
export function rewardLines(reward: CatalogueReward): CardLine[] {
  const lines: CardLine[] = [{ kind: 'price', key: 'rewards_mall_needs', values: { points: reward.points } }]
  if (reward.amountRequired > 0) lines.push({ kind: 'bet', key: 'rewards_mall_amount', values: { amount: formatMoney(reward.amountRequired) } })
  lines.push(reward.quantity > 0 ? { kind: 'stock', key: 'rewards_mall_left', values: { count: reward.quantity } } : { kind: 'stock', key: 'rewards_mall_sold_out', values: {} })
  return lines
}

/** The catalogue's exchange rate line (points for an amount of balance), as a message key and its values. */
export const ratioLine = (ratio: ResponseOf<'mallCatalogue'>['ratio']): Omit<CardLine, 'kind'> => ({
  key: 'rewards_mall_ratio',
  values: { points: ratio.points, amount: formatMoney(ratio.amount) },
})

/** The query parameter naming the reward a guest picked before logging in. */
export const pickedRewardParam = 'reward'

/**
 * Keeps this page with `rewardId` picked (`?reward=…`) as where a login made now comes back to, so the
 * member lands at that reward.
 */
export function keepRewardReturn(rewardId: string, location: { pathname: string; search: string } | undefined = globalThis.location): void {
  if (!location) return
  const back = new URLSearchParams(location.search)
  back.set(pickedRewardParam, rewardId)
  keepReturn(`${location.pathname}?${back}`)
}

/**
 * A guest's Redeem: the login popup opens, and the login, once made, comes back to this page at that
 * reward (its redeem open).
 * @example button.onclick = () => signInForReward(r.id)
 */
export function signInForReward(rewardId: string, location: { pathname: string; search: string } | undefined = globalThis.location): void {
  keepRewardReturn(rewardId, location)
  openLoginPrompt('required')
}
