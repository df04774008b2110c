import type { ReadableAtom } from 'nanostores'
import { authApi } from './api.ts'
import { $flags } from '../stores/index.ts'
import { t } from '../i18n/index.ts'
import { warn } from '../ui/index.ts'
import { checkMobile, checkUsername, hasErrors, type FieldErrors } from '../validation/index.ts'
import { cancelled, failure, invalid, type AuthOutcome } from './outcome.ts'
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

/** A form's get-code button: its countdown and the send action. */
export interface SmsSender {
  /** Seconds until another code may be requested; 0 when the button is enabled. */
  $remaining: ReadableAtom<number>
  /** Sends a code; ignored during the countdown and more than once a second. */
  send(target: SmsTarget): Promise<AuthOutcome & { ignored?: boolean }>
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
      if (countdown.$remaining.get() > 0 || !throttle()) return { ok: false, fields: {}, ignored: true }
      const errors: FieldErrors = {}
      const mobile = checkMobile(target.mobileNum, target.mobileDigits)
      if (mobile) errors.mobileNum = mobile
      if (target.username !== undefined) {
        const username = checkUsername(target.username)
        if (username) errors.username = username
      }
      if (hasErrors(errors)) return invalid(errors)
      const slider = purpose === 'register' ? await verifySlider() : undefined
      if (slider === null) return cancelled()
      try {
        const input = {
          mobileNum: target.mobileNum.trim(),
          countryDialingCode: target.countryDialingCode,
          ...(target.username ? { username: target.username.trim() } : {}),
          ...(slider ? { slider } : {}),
        }
        const { expiredMinutes } = await authApi(purpose === 'login' ? 'smsLogin' : 'smsRegister', input)
        countdown.start(smsCountdownSeconds(expiredMinutes, $flags.get().THIRDPARTYSMS3))
        return { ok: true }
      } catch (error) {
        const out = failure(error)
        // SPEC §8: a failed send is explained in a warning with a confirm button, in the page language.
        if (out.messageKey) void warn('', 'ok', t(out.messageKey, out.params))
        return out
      }
    },
  }
}
