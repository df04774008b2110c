/**
 * The security centre's code flows: binding a mobile number or email by a code, and resetting a
 * forgotten payment password by a code sent to the verified mobile (SPEC §2 securityCenter).
 * @module
 */
import { atom, onMount, type ReadableAtom } from 'nanostores'
import type { MoneyProfile, RequestOf, ResponseOf } from '../contract/index.ts'
import { ResetPaymentPasswordRequest } from '../contract/money.ts'
import { countryDigits } from '../contract/account-fields.ts'
import { bindContactRequests, contactCodeRequests } from '../contract/contact.ts'
import { $countries } from '../auth/settings.ts'
import { checkMobileDigits } from '../validation/index.ts'
import { createCountdown, smsCountdownSeconds } from '../stores/timers.ts'
import { createForm } from '../form/index.ts'
import { moneyApi } from './api.ts'
import { outcome, type Outcome } from '../client/outcome.ts'
import { $moneyProfile } from './profile.ts'

/** Where a code went and for how long it is valid. */
export type CodeSent = ResponseOf<'sendContactCode'>

/** A get-code button: its countdown and the send, which is ignored while the countdown runs. */
export interface CodeSender<I> {
  /** Seconds until another code may be requested; 0 when the button is enabled. */
  $remaining: ReadableAtom<number>
  /** The last send's outcome (where the code went), `null` before one. */
  $sent: ReadableAtom<Outcome<CodeSent> | null>
  /** Sends a code; resolves `null` when ignored during the countdown. */
  send(input: I): Promise<Outcome<CodeSent> | null>
}

function codeSender<I>(call: (input: I) => Promise<CodeSent>): CodeSender<I> {
  const countdown = createCountdown()
  const $sent = atom<Outcome<CodeSent> | null>(null)
  return {
    $remaining: countdown.$remaining,
    $sent,
    async send(input) {
      if (countdown.$remaining.get() > 0) return null
      const result = await outcome(() => call(input))
      $sent.set(result)
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

/** Where a contact code goes and the code, as the member types them. */
const contactStart = { mobile: { countryDialingCode: '63', mobileNum: '', code: '' }, email: { email: '', code: '' } }

/**
 * The form binding a mobile number or an email by a code, with its get-code button: the contract's
 * contact code request checks the address before a code is sent, the bind request the binding.
 */
export function createContactForm(channel: 'mobile' | 'email') {
  const sender = createContactCodeSender()
  // Spaces and hyphens are how people group a number, not part of it.
  const grouped = (number: string) => number.replace(/[\s-]/g, '')
  const input = (values: Record<string, string>) => ({ ...values, channel, ...(values.mobileNum === undefined ? {} : { mobileNum: grouped(values.mobileNum) }) })
  // What the request cannot say about a number: the digits its country's numbers have (the contract's rule, which the platform checks too).
  const check = (values: Record<string, string>) => {
    if (values.mobileNum === undefined) return {}
    const error = checkMobileDigits(grouped(values.mobileNum), countryDigits($countries.get().data ?? [], values.countryDialingCode), 'money_err_mobile_digits')
    return error ? { mobileNum: error } : {}
  }
  const form = createForm<Record<string, string>, RequestOf<'bindContact'>, MoneyProfile>({
    initial: contactStart[channel],
    schema: bindContactRequests[channel],
    input,
    check,
    submit: bindContact,
    keep: ['countryDialingCode'],
  })
  // The countries list (each one's digits) is loaded while the form is on screen.
  if (channel === 'mobile') onMount(form.$state, () => $countries.listen(() => {}))
  const sendCode = () => form.run({ schema: contactCodeRequests[channel], input, check, send: sender.send })
  return Object.assign(form, { sender, sendCode })
}

/** The forgotten payment password form: the code sent to the verified mobile, the new password twice. */
export function createPayResetForm() {
  const sender = createPaymentResetSender()
  const form = createForm({
    initial: { verificationCode: '', newPassword: '', confirmNewPassword: '' },
    schema: ResetPaymentPasswordRequest,
    submit: resetPaymentPassword,
  })
  const sendCode = () => form.run({ send: () => sender.send() })
  return Object.assign(form, { sender, sendCode })
}
