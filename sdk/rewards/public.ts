/**
 * What the reward pages show everyone, guests included: the VIP ladder and the point mall's
 * catalogue (no login, from the platform's configuration), where a member stands on the ladder, and
 * a guest's Redeem that asks for a login and comes back to the reward picked.
 * @module
 */
import { computed } from 'nanostores'
import { guard } from '../guard/index.ts'
import { $token } from '../stores/session.ts'
import { $vip } from './stores.ts'
import { keepRewardReturn, pickedRewardParam } from './catalogue.ts'

export { $vipLadder } from './ladder.ts'
export { $mallCatalogue, pickedRewardParam } from './catalogue.ts'

/** Where the member stands on the ladder ("you are here"), or `null` for a guest or while the member's standing loads. */
export const $vipHere = computed($vip, (v): number | null => v.data?.level ?? null)

const rewardId = /^[A-Za-z0-9_-]{1,64}$/

/**
 * Redeem pressed: a member goes on (`true`); a guest is asked to log in (`false`), and the login, once
 * made, comes back to this page with `rewardId` picked (`?reward=…`), so the member lands at that reward.
 * A trial account gets the real-account warning and stays.
 * @example if (redeemOrSignIn(r.id)) setOpen(r.id)
 */
export function redeemOrSignIn(rewardId: string, location: { pathname: string; search: string } | undefined = globalThis.location): boolean {
  // Kept before the guard opens the popup, which may finish the login before anything else runs.
  if (!$token.get()) keepRewardReturn(rewardId, location)
  return guard('real').ok
}

/** The reward a guest picked before logging in (`?reward=…` on this page's address), or `null`. */
export function pickedReward(search: string = globalThis.location?.search ?? ''): string | null {
  const id = new URLSearchParams(search).get(pickedRewardParam)
  return id && rewardId.test(id) ? id : null
}
