/**
 * The VIP ladder for anyone and what it shows of each rank, for both of its renderers: the React page
 * (widgets/rewards/Vip.tsx, a member's) and the script-only one a guest gets (site/components/lean/vip.ts),
 * which takes only this module of the room (not the member's stores or the guard).
 * @module
 */
import type { ResponseOf } from '../contract/index.ts'
import { formatMoney } from '../format/index.ts'
import { createFetcherStore } from '../stores/query.ts'
import { openLoginPrompt } from '../stores/prompt.ts'
import { keepReturn } from '../stores/return-to.ts'
import { rewardsApi } from './api.ts'

/** The VIP ladder for anyone: every rank with what reaching it takes and what it gives, lowest first. */
export const $vipLadder = createFetcherStore<ResponseOf<'vipLadder'>>(['vipLadder'], () => rewardsApi('vipLadder'))

/** A rank of the ladder as the platform gives it. */
export type LadderRank = ResponseOf<'vipLadder'>['ranks'][number]

/** The ladder's column heads (message keys); on a phone each rank is a card whose figures carry these as their labels. */
export const ladderHeads = ['rewards_vip_rank', 'rewards_vip_need_bet', 'rewards_vip_need_deposit', 'rewards_vip_bonus', 'rewards_vip_extra_rebate', 'rewards_vip_points'] as const

/**
 * A rank's figures after its name, in the order of {@link ladderHeads}: the valid bet and deposit it
 * takes, its upgrade bonus, its extra rebate (basis points as a percentage) and its points multiplier.
 * @example rankFigures(rank) // ['₱1,000.00', '₱500.00', '₱50.00', '+0.10 %', '×1.2']
 */
export const rankFigures = (rank: LadderRank): string[] => [
  formatMoney(rank.validBet),
  formatMoney(rank.deposit),
  formatMoney(rank.upgradeBonus),
  `+${(rank.rebateBp / 100).toFixed(2)} %`,
  `×${(rank.pointsBp / 10_000).toFixed(1)}`,
]

/**
 * A reward page's "Sign in" pressed by a guest: the login popup opens, and the login, once made, comes
 * back to this page (not the home page), where the member then sees their own standing.
 * @example button.onclick = () => signInHere()
 */
export function signInHere(location: { pathname: string; search: string } | undefined = globalThis.location): void {
  if (location) keepReturn(`${location.pathname}${location.search}`)
  openLoginPrompt('required')
}
