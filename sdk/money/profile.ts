/**
 * "My account" money state: real name, payment password, payout accounts (SPEC §5).
 * @module
 */
import type { MoneyProfile, RequestOf } from '../contract/index.ts'
import { ChangePaymentPasswordRequest, SetPaymentPasswordRequest, SetRealNameRequest, payoutAccountRequests, payoutProviders, type payoutKinds } from '../contract/money.ts'
import { createForm } from '../form/index.ts'
import { moneyApi } from './api.ts'
import { createFetcherStore, everyView } from '../stores/query.ts'
import { $accountKey } from '../stores/centre-lists.ts'
import { outcome, type Outcome } from '../client/outcome.ts'

type PayoutKind = (typeof payoutKinds)[number]

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

/**
 * The real-name form (set once): the contract's `RealName` rule (blank named "required"); it stops
 * at a review, since the name cannot be changed later: `confirm` saves it as the member confirmed it.
 */
export const createRealNameForm = () =>
  createForm({
    initial: { realName: '' },
    schema: SetRealNameRequest,
    submit: ({ realName }) => saveRealName(realName),
    review: true,
  })

const hasPassword = () => $moneyProfile.get().data?.hasPaymentPassword === true

/**
 * The payment password form: the new one twice, and the current one once a password exists (as the
 * profile says at each check: the contract's change request, which the platform checks a change with).
 */
export const createPayPasswordForm = () =>
  createForm({
    initial: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
    schema: () => (hasPassword() ? ChangePaymentPasswordRequest : SetPaymentPasswordRequest),
    input: ({ oldPassword, ...values }) => (hasPassword() ? { oldPassword, ...values } : values),
    submit: savePaymentPassword,
  })

/** The add-a-payout-account form: the kind picks its providers and its number rule (the contract's, per kind). */
export function createPayoutAccountForm() {
  const form = createForm({
    initial: { kind: 'bank' as PayoutKind, provider: payoutProviders.bank[0] as string, accountNo: '' },
    schema: (values) => payoutAccountRequests[values.kind],
    // Spaces and hyphens are how people group a number, not part of it.
    input: (values) => ({ ...values, accountNo: values.accountNo.replace(/[\s-]/g, '') }),
    submit: addPayoutAccount,
    keep: ['kind', 'provider'],
  })
  const set = form.set
  return Object.assign(form, {
    set<K extends 'kind' | 'provider' | 'accountNo'>(name: K, value: string) {
      set(name, value as never)
      if (name === 'kind') set('provider', payoutProviders[value as PayoutKind][0])
    },
  })
}
