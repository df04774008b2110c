/**
 * One-click claims (reward centre, missions, rebate, joining a promotion): each claim is keyed (the
 * idempotency key made before the first send) and a second click while one is on its way is ignored,
 * so a double click claims once; the platform refuses a claim already made in any case. `$claiming`
 * names what is being claimed, so its button shows busy.
 * @module
 */
import { atom } from 'nanostores'
import { outcome, type Outcome } from '../client/outcome.ts'
import type { ApiError } from '../client/errors.ts'
import { newIdempotencyKey } from '../client/index.ts'
import { refreshBalance } from '../stores/index.ts'
import { rewardsApi } from './api.ts'
import { roomApi } from '../runtime/index.ts'
import { raffleClaim as raffleRoute } from '../contract/routes/core/promotions.ts'
import { reloadRewards } from './stores.ts'

/** What is being claimed now (`award:<id>`, `mission:<id>`, `rebate`, `join:<promotionId>`). */
export const $claiming = atom<ReadonlySet<string>>(new Set())

// A key per claim target, kept until a reply comes: a retry after a lost reply reuses it.
const keys = new Map<string, string>()

async function once<T>(target: string, send: (key: string) => Promise<T>): Promise<Outcome<T> | null> {
  if ($claiming.get().has(target)) return null
  $claiming.set(new Set([...$claiming.get(), target]))
  let key = keys.get(target)
  if (!key) keys.set(target, (key = newIdempotencyKey()))
  const result = await outcome(() => send(key))
  if (result.error?.code !== 'network_error') keys.delete(target)
  const next = new Set($claiming.get())
  next.delete(target)
  $claiming.set(next)
  if (result.data) {
    reloadRewards()
    await refreshBalance()
  }
  return result
}

/** The message key a refused claim shows: the rule it broke (its first field's message), else its error's. */
export const refusalKey = (error: ApiError): string => Object.values(error.fields ?? {})[0] ?? error.messageKey

/** Claims one award of the reward centre; `null` when a claim of it is already on its way. */
export const claimAward = (awardId: string) => once(`award:${awardId}`, (idempotencyKey) => rewardsApi('claimAward', { awardId, idempotencyKey }))
/** Claims a completed mission; `null` when a claim of it is already on its way. */
export const claimMission = (missionId: string) => once(`mission:${missionId}`, (idempotencyKey) => rewardsApi('claimMission', { missionId, idempotencyKey }))
/** Claims the manual rebate due; `null` when a claim is already on its way. */
export const claimRebate = () => once('rebate', (idempotencyKey) => rewardsApi('claimRebate', { idempotencyKey }))
/** Joins a promotion or signs in for today; `null` while one is on its way. */
export const joinActivity = (promotionId: string) => once(`join:${promotionId}`, () => rewardsApi('joinActivity', { promotionId }))

const raffleApi = roomApi({ raffleClaim: raffleRoute })
/** Claims a raffle promotion (MCS2_claimRafflePromotion); `null` while one is on its way. */
export const claimRaffle = (promotionId: string) => once(`raffle:${promotionId}`, () => raffleApi('raffleClaim', { promotionId }))
