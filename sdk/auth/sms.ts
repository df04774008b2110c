import type { ReadableAtom } from 'nanostores'
import { authApi } from './api.ts'
import type { ResponseOf } from '../contract/index.ts'
import { outcome } from '../client/outcome.ts'
import { $flags } from '../stores/index.ts'
import { t } from '../i18n/index.ts'
import { warn } from '../ui/index.ts'
import * as v from 'valibot'
import { SmsSendRequest } from '../contract/account-requests.ts'
import { checkMobileDigits, type FieldErrors } from '../validation/index.ts'
import { refusalMessage, type Outcome } from './refusal.ts'
import { $countries, initialCountry } from './settings.ts'
import { verifySlider } from './slider.ts'
import { createCountdown, createThrottle, smsCountdownSeconds } from '../stores/timers.ts'

/** Which send endpoint a form uses: `login` also serves the phone reset (codes are accepted there). */
export type SmsPurpose = 'login' | 'register'

/** The number (and, for registration, the username) a code goes to. */
export interface SmsTarget {
  mobileNum: string
  countryDialingCode: string
  mobileDigits?: number
  /** Registration by username: checked for being taken before the send. */
  username?: string
}

/**
 * The number a form's values name, as a code goes to it: the dialing code chosen, else the picker's
 * initial country (also when the picker is off, COUNTRYCODE3), with the digits a number has there.
 */
export function phoneOf(values: { mobileNum: string; countryDialingCode: string }): SmsTarget {
  const country = initialCountry($countries.get().data ?? [], values.countryDialingCode || undefined)
  return { mobileNum: values.mobileNum, countryDialingCode: country?.countryDialingCode ?? '', mobileDigits: country?.mobileDigits }
}

/** The send's request as a form fills it (the slider's answer comes after, with the send). */
export const SmsTargetRequest = v.omit(SmsSendRequest, ['slider'])

/** The request a target sends: its number and country (and the username of a username registration). */
export const smsTargetInput = (target: SmsTarget) => ({
  mobileNum: target.mobileNum,
  countryDialingCode: target.countryDialingCode,
  ...(target.username === undefined ? {} : { username: target.username }),
})

/** What the contract's request cannot say about a number: the digits its country's numbers have. */
export function mobileDigitsErrors(target: Pick<SmsTarget, 'mobileNum' | 'mobileDigits'>): FieldErrors {
  const error = checkMobileDigits(target.mobileNum, target.mobileDigits)
  return error ? { mobileNum: error } : {}
}

/**
 * A form's get-code step for the target its values name: checked by the send's request schema
 * ({@link SmsTargetRequest}) and the country's digits, then sent by `sender` (a warning says a refusal).
 */
export function smsStep<V>(sender: SmsSender, target: (values: V) => SmsTarget) {
  return {
    schema: SmsTargetRequest,
    input: (values: V) => smsTargetInput(target(values)),
    check: (values: V) => mobileDigitsErrors(target(values)),
    plain: true,
    send: (input: v.InferOutput<typeof SmsTargetRequest>) => sender.send(input),
  }
}

/** A form's get-code button: its countdown and the send action. */
export interface SmsSender {
  /** Seconds until another code may be requested; 0 when the button is enabled. */
  $remaining: ReadableAtom<number>
  /**
   * Sends a code to a checked target. `null` when ignored (countdown, more than once a second), when
   * the slider was closed, or when the refusal names no field (its warning said it all).
   */
  send(target: SmsTarget): Promise<Outcome<ResponseOf<'smsLogin'>> | null>
  /** Ends the countdown (the form was reset). */
  reset(): void
}

/**
 * Creates the get-code logic of one form (SPEC §4): a registration send needs the slider check first
 * (the platform refuses it without); after a successful send the button counts down `expiredMinutes`
 * × 60 s (60 s when third-party phone auth sends); sends are throttled to one a second; a failed send
 * shows the reason in a warning dialog.
 */
export function createSmsSender(purpose: SmsPurpose, now: () => number = Date.now): SmsSender {
  const countdown = createCountdown(now)
  const throttle = createThrottle(1000, now)
  return {
    $remaining: countdown.$remaining,
    reset: countdown.reset,
    async send(target) {
      if (countdown.$remaining.get() > 0 || !throttle()) return null
      const slider = purpose === 'register' ? await verifySlider() : undefined
      if (slider === null) return null
      const input = {
        mobileNum: target.mobileNum.trim(),
        countryDialingCode: target.countryDialingCode,
        ...(target.username ? { username: target.username.trim() } : {}),
        ...(slider ? { slider } : {}),
      }
      const result = await outcome(() => authApi(purpose === 'login' ? 'smsLogin' : 'smsRegister', input))
      if (result.data) countdown.start(smsCountdownSeconds(result.data.expiredMinutes, $flags.get().THIRDPARTYSMS3))
      if (!result.error) return result
      // SPEC §8: a failed send is explained in a warning with a confirm button, in the page language.
      const message = refusalMessage(result.error)
      void warn('', 'ok', t(message.key, message.params))
      return result.error.fields ? result : null
    },
  }
}
