import { computed, onMount } from 'nanostores'
/**
 * Withdrawals (SPEC §4): what may be withdrawn, the request (held at once by the platform), and the
 * member's confirmation of a disbursal. The header balance follows every change.
 * @module
 */
import type { MoneyProfile, RequestOf, Withdrawal, WithdrawInfo } from '../contract/index.ts'
import { moneyApi } from './api.ts'
import { refreshBalance } from '../stores/index.ts'
import { createFetcherStore, everyView } from '../stores/query.ts'
import { $accountKey } from '../stores/centre-lists.ts'
import { keyed } from './keyed.ts'
import { createPaymentForm } from './payment-form.ts'
import { outcome, type Outcome } from '../client/outcome.ts'
import { $moneyProfile } from './profile.ts'

/** Withdrawable amount, limits and recent withdrawals; loaded afresh when first watched. */
export const $withdrawInfo = createFetcherStore<WithdrawInfo>(['withdrawInfo', '|', $accountKey], () => moneyApi('withdrawInfo'), everyView)
// A decision taken on the platform side (approved, disbursed, rejected) shows when the member comes back
// to the window: nanoquery asks again when a hidden tab shows, but not when another window gave the focus back.
onMount($withdrawInfo, () => {
  const win = typeof window === 'undefined' ? undefined : window
  const onFocus = () => $withdrawInfo.revalidate()
  win?.addEventListener('focus', onFocus)
  return () => win?.removeEventListener('focus', onFocus)
})

/** Asks for the withdrawal info again (a retry, or after a withdrawal moved on). */
export const loadWithdrawInfo = (): void => $withdrawInfo.revalidate()

type WithdrawInput = Omit<RequestOf<'requestWithdrawal'>, 'idempotencyKey'>
const request = keyed((input: WithdrawInput, idempotencyKey: string) => moneyApi('requestWithdrawal', { ...input, idempotencyKey }), ['paymentPassword'])

/** Requests a withdrawal: the amount is held at once; the balance and the list refresh. */
export async function requestWithdrawal(input: WithdrawInput): Promise<Outcome<Withdrawal>> {
  const result = await outcome(() => request(input))
  if (result.data) await Promise.all([refreshBalance(), loadWithdrawInfo()])
  return result
}

type ConfirmInput = Omit<RequestOf<'confirmWithdrawal'>, 'idempotencyKey'>
const confirm = keyed((input: ConfirmInput, idempotencyKey: string) => moneyApi('confirmWithdrawal', { ...input, idempotencyKey }))

/** Confirms a disbursed withdrawal received, not received (after the proof) or fully paid. */
export async function confirmWithdrawal(input: ConfirmInput): Promise<Outcome<Withdrawal>> {
  const result = await outcome(() => confirm(input))
  if (result.data || result.error?.code === 'conflict') await loadWithdrawInfo()
  return result
}

/** The withdrawal form (amount, payment password, the account paid to, then a review), checked against the withdrawable amount and limits. */
export const createWithdrawForm = (accountId: string) =>
  createPaymentForm({
    limits: () => {
      const info = $withdrawInfo.get().data
      // Up to the balance: above the withdrawable part the platform answers wagering_required and the form offers the forfeit.
      return info ? { min: info.min, max: info.max, balance: info.balance } : {}
    },
    extra: { accountId },
    send: ({ amount, accountId, paymentPassword, forfeitBonus }) => requestWithdrawal({ amount, accountId, paymentPassword, forfeitBonus }),
  })

/** What a first withdrawal needs set up, in the order it is asked: the real name, an account in it, a payment password. */
export const withdrawSetupSteps = ['realName', 'account', 'payPassword'] as const
/** One step of {@link withdrawSetupSteps}. */
export type WithdrawSetupStep = (typeof withdrawSetupSteps)[number]

/**
 * The first step a withdrawal still needs, or `null` when the form can show. Each step's calls are in
 * the withdrawal-only session's scope, so a player on a break sets them up on the withdrawal page itself.
 */
export function withdrawSetupStep(profile: MoneyProfile): WithdrawSetupStep | null {
  if (!profile.realName) return 'realName'
  if (profile.accounts.length === 0) return 'account'
  if (!profile.hasPaymentPassword) return 'payPassword'
  return null
}

/** {@link withdrawSetupStep} of the loaded money profile (`undefined` while it loads). */
export const $withdrawSetup = computed($moneyProfile, ({ data }) => (data ? withdrawSetupStep(data) : undefined))
