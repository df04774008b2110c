/**
 * "My account" money state: real name, payment password, payout accounts (SPEC §5).
 * @module
 */
import { atom, onMount } from 'nanostores'
import type { MoneyProfile, RequestOf } from '../contract/index.ts'
import { moneyApi } from './api.ts'
import { loadInto, resetLoadable, type Loadable } from '../stores/loadable.ts'
import { outcome, type Outcome } from './outcome.ts'

/** The member's money profile, loaded afresh whenever something starts watching it. */
export const $moneyProfile = atom<Loadable<MoneyProfile>>({ loading: false })
onMount($moneyProfile, () => {
  resetLoadable($moneyProfile)
  void loadMoneyProfile()
})

/** (Re)loads the money profile; never rejects. */
export const loadMoneyProfile = (): Promise<Loadable<MoneyProfile>> => loadInto($moneyProfile, () => moneyApi('moneyProfile'))

async function update(call: () => Promise<MoneyProfile>): Promise<Outcome<MoneyProfile>> {
  const result = await outcome(call)
  if (result.data) $moneyProfile.set({ data: result.data, loading: false })
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
