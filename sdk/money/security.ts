/**
 * The security centre's code flows: binding a mobile number or email by a code, and resetting a
 * forgotten payment password by a code sent to the verified mobile (SPEC §2 securityCenter).
 * @module
 */
import type { ReadableAtom } from 'nanostores'
import type { MoneyProfile, RequestOf, ResponseOf } from '../contract/index.ts'
import { createCountdown, smsCountdownSeconds } from '../auth/timers.ts'
import { moneyApi } from './api.ts'
import { outcome, type Outcome } from './outcome.ts'
import { $moneyProfile } from './profile.ts'

/** Where a code went and for how long it is valid. */
export type CodeSent = ResponseOf<'sendContactCode'>

/** A get-code button: its countdown and the send, which is ignored while the countdown runs. */
export interface CodeSender<I> {
  /** Seconds until another code may be requested; 0 when the button is enabled. */
  $remaining: ReadableAtom<number>
  /** Sends a code; resolves `null` when ignored during the countdown. */
  send(input: I): Promise<Outcome<CodeSent> | null>
}

function codeSender<I>(call: (input: I) => Promise<CodeSent>): CodeSender<I> {
  const countdown = createCountdown()
  return {
    $remaining: countdown.$remaining,
    async send(input) {
      if (countdown.$remaining.get() > 0) return null
      const result = await outcome(() => call(input))
      if (result.data) countdown.start(smsCountdownSeconds(result.data.expiredMinutes, false))
      // The platform says how long to wait: count that down instead of letting the button be pressed again.
      const retry = (result.error?.value as { retryAfter?: unknown } | undefined)?.retryAfter
      if (typeof retry === 'number' && retry > 0) countdown.start(retry)
      return result
    },
  }
}

/** A get-code button for binding a mobile number or email (one per form). */
export const createContactCodeSender = (): CodeSender<RequestOf<'sendContactCode'>> => codeSender((input) => moneyApi('sendContactCode', input))
/** A get-code button for the payment-password reset (the code goes to the verified mobile). */
export const createPaymentResetSender = (): CodeSender<void> => codeSender(() => moneyApi('sendPaymentResetCode'))

async function update(call: () => Promise<MoneyProfile>): Promise<Outcome<MoneyProfile>> {
  const result = await outcome(call)
  if (result.data) $moneyProfile.set({ data: result.data, loading: false })
  return result
}

/** Binds the mobile number or email a code was sent to. */
export const bindContact = (input: RequestOf<'bindContact'>) => update(() => moneyApi('bindContact', input))
/** Sets a new payment password with the reset code from the verified mobile. */
export const resetPaymentPassword = (input: RequestOf<'resetPaymentPassword'>) => update(() => moneyApi('resetPaymentPassword', input))
