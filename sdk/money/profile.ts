/**
 * "My account" money state: real name, payment password, payout accounts (SPEC §5).
 * @module
 */
import type { MoneyProfile, RequestOf } from '../contract/index.ts'
import { moneyApi } from './api.ts'
import { createFetcherStore, everyView } from '../stores/query.ts'
import { $accountKey } from '../stores/centre-lists.ts'
import { outcome, type Outcome } from './outcome.ts'

/** The member's money profile, loaded afresh whenever something starts watching it. */
export const $moneyProfile = createFetcherStore<MoneyProfile>(['moneyProfile', '|', $accountKey], () => moneyApi('moneyProfile'), everyView)

/** Asks for the money profile again (a retry). */
export const loadMoneyProfile = (): void => $moneyProfile.revalidate()

async function update(call: () => Promise<MoneyProfile>): Promise<Outcome<MoneyProfile>> {
  const result = await outcome(call)
  if (result.data) $moneyProfile.mutate(result.data)
  return result
}

/** Sets the real name (once; stored capitalised). */
export const saveRealName = (realName: string) => update(() => moneyApi('setRealName', { realName }))
/** Sets the payment password, or changes it with the old one. */
export const savePaymentPassword = (input: RequestOf<'setPaymentPassword'>) => update(() => moneyApi('setPaymentPassword', input))
/** Adds a bank account or e-wallet in the real name. */
export const addPayoutAccount = (input: RequestOf<'addPayoutAccount'>) => update(() => moneyApi('addPayoutAccount', input))
/** Removes a payout account. */
export const removePayoutAccount = (id: string) => update(() => moneyApi('removePayoutAccount', { id }))
/** Makes a payout account the default. */
export const makeDefaultPayoutAccount = (id: string) => update(() => moneyApi('defaultPayoutAccount', { id }))
