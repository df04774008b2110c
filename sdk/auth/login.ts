import { atom } from 'nanostores'
import type { LoginValue } from '../contract/index.ts'
import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core/sign-in.ts'
import { $flags, signIn, signOut } from '../stores/index.ts'
import { takeReturn } from '../stores/return-to.ts'
import { ask, withLoader } from '../ui/index.ts'
import { checkMobile, checkSmsCode, hasErrors, required, type FieldErrors } from '../validation/index.ts'
import { markAfterLogin } from './after.ts'
import { createCaptcha } from './captcha.ts'
import { requestIdToken, type IdpProvider } from './idp.ts'
import { closeAuth, forgetPassword, openForcedChange } from './modal.ts'
import { navigate } from './navigate.ts'
import { cancelled, failure, invalid, type AuthOutcome } from './outcome.ts'
import { rememberUser } from './remember.ts'
import { verifySlider } from './slider.ts'
import { authApi } from './api.ts'
import { pages } from '../pages/index.ts'
import { openCentre } from '../centre/index.ts'
import { markWithdrawOnly } from '../protect/quiet.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core/sign-in.ts).
const api = roomApi({ login: core.login })

/** Username-and-password login form values. */
export interface PasswordLogin {
  username: string
  password: string
  /** Typed captcha, when the server asked for one. */
  captcha?: string
  /** Keep the username (only) for 24 hours. */
  remember: boolean
  /** Code of the second-step verification, when one was requested. */
  secondStepCode?: string
}

/** Mobile SMS-code login form values. */
export interface SmsLogin {
  mobileNum: string
  countryDialingCode: string
  verificationCode: string
  /** Digits a number has in the chosen country. */
  mobileDigits?: number
}

/** Where the login form is. */
export interface LoginOptions {
  /** The agent login page: only agents may log in; success goes to `/agentHome`. */
  agentPage?: boolean
  /** Open a withdrawal-only session (issue 30: the player is on a time-out or self-exclusion). */
  withdrawOnly?: boolean
}

/** The login form's captcha (shown once the server asks for it). */
export const loginCaptcha = createCaptcha()
/** Whether the next login must carry a captcha (SPEC §4: shown when the reply asks for it). */
export const $loginCaptchaNeeded = atom(false)

/** The forced change-password rules (SPEC §4): not for SMS or third-party logins. */
export function mustChangePassword(value: LoginValue, kind: 'username' | 'sms' | 'thirdparty'): boolean {
  if (kind !== 'username') return false
  // The server applies PWDEXPIRY3 to age expiry itself; an emailed temporary password is always expired.
  return value.weakPassword || value.passwordExpired || value.firstTimeLogin
}

/**
 * After any successful login: stores the session and loads member info, then either opens the forced
 * change-password popup or flags the after-login popup and goes home (or to `/agentHome`).
 */
async function finish(value: LoginValue, kind: 'username' | 'sms' | 'thirdparty', options: LoginOptions, password?: string): Promise<AuthOutcome> {
  if (value.withdrawOnly) {
    // Marked before the session starts, so nothing that listens for a login offers play or promotions.
    markWithdrawOnly(value.token)
    await signIn(value)
    $loginCaptchaNeeded.set(false)
    closeAuth()
    openCentre('member', 'withdraw')
    return { ok: true }
  }
  await signIn(value)
  $loginCaptchaNeeded.set(false)
  // Back to what a protected action asked the login for (a game picked as a guest), else home.
  const next = options.agentPage ? pages.agentHome : takeReturn(pages.home)
  if (mustChangePassword(value, kind)) {
    openForcedChange(password, next)
    return { ok: true }
  }
  markAfterLogin(value.firstTimeLogin)
  closeAuth()
  navigate(next)
  return { ok: true }
}

/** Validates a username login (trimmed; username, password and, when asked, captcha required). */
export function validatePasswordLogin(form: PasswordLogin, captchaNeeded: boolean): FieldErrors {
  const errors: FieldErrors = {}
  if (!form.username.trim()) errors.username = required
  if (!form.password) errors.password = required
  if (captchaNeeded && !form.captcha?.trim()) errors.captcha = required
  return errors
}

/**
 * Logs in with username and password (SPEC §4): validation → slide-to-verify → login call. On a
 * failure that asks for a captcha the captcha is shown and a fresh one loaded.
 */
export async function loginWithPassword(form: PasswordLogin, options: LoginOptions = {}): Promise<AuthOutcome> {
  withdrawRetry = null
  const captchaNeeded = $loginCaptchaNeeded.get()
  const errors = validatePasswordLogin(form, captchaNeeded)
  if (hasErrors(errors)) return invalid(errors)
  const slider = await verifySlider()
  if (!slider) return cancelled()
  const username = form.username.trim()
  try {
    const value = await withLoader(() =>
      api('login', {
        type: 'username',
        username,
        password: form.password,
        slider,
        ...(captchaNeeded ? { captcha: form.captcha?.trim(), captchaId: loginCaptcha.id() } : {}),
        ...(options.agentPage ? { agentOnly: true } : {}),
        ...(form.secondStepCode?.trim() ? { secondStepCode: form.secondStepCode.trim() } : {}),
        ...(options.withdrawOnly ? { withdrawOnly: true } : {}),
      }),
    )
    rememberUser(form.remember && !options.agentPage ? username : undefined)
    return await finish(value, 'username', options, form.password)
  } catch (error) {
    const out = failure(error)
    // A captcha is single use: whatever happened, the one just sent is gone.
    if (out.captcha || captchaNeeded) {
      $loginCaptchaNeeded.set(true)
      void loginCaptcha.reload()
    }
    return out
  }
}

// How the last login refused for a break may open a withdrawal-only session instead (issue 30): the
// same SMS code (the platform keeps it good) or the same verified sign-in. A password login retries
// through its form (a new slider); any new attempt forgets this.
let withdrawRetry: (() => Promise<AuthOutcome>) | null = null

/** Whether the last refusal came from an SMS or social login that {@link withdrawAfterRefusal} can turn into a withdrawal-only session. */
export const canWithdrawAfterRefusal = (): boolean => withdrawRetry !== null

/** "Withdraw my balance" after an SMS or social login was refused for a break: the same proof, withdrawal only. */
export async function withdrawAfterRefusal(): Promise<AuthOutcome> {
  const retry = withdrawRetry
  withdrawRetry = null
  return retry ? retry() : cancelled()
}

/** Logs in with a mobile number and SMS code (no slider, no forced change). */
export async function loginWithSms(form: SmsLogin, options: LoginOptions = {}): Promise<AuthOutcome> {
  withdrawRetry = null
  const errors: FieldErrors = {}
  const mobile = checkMobile(form.mobileNum, form.mobileDigits)
  const code = checkSmsCode(form.verificationCode)
  if (mobile) errors.mobileNum = mobile
  if (code) errors.verificationCode = code
  if (hasErrors(errors)) return invalid(errors)
  try {
    const value = await withLoader(() =>
      api('login', {
        type: 'sms',
        mobileNum: form.mobileNum.trim(),
        countryDialingCode: form.countryDialingCode,
        verificationCode: form.verificationCode.trim(),
        ...(options.agentPage ? { agentOnly: true } : {}),
        ...(options.withdrawOnly ? { withdrawOnly: true } : {}),
      }),
    )
    return await finish(value, 'sms', options)
  } catch (error) {
    const out = failure(error)
    if (out.excluded && !options.withdrawOnly && !options.agentPage) withdrawRetry = () => loginWithSms(form, { ...options, withdrawOnly: true })
    return out
  }
}

/** Locale keys of the phone-auth and sign-in popup failures (SPEC §8). */
export const idpErrorKeys = {
  popup_blocked: 'err_popup_blocked',
  popup_closed: 'auth_idp_popup_closed',
  cancelled: 'auth_idp_popup_closed',
} as const

/**
 * Signs in with Facebook or Google (only when FBLOGIN3 / GOOGLELOGIN3 is on). Call it from the click
 * itself so the browser allows the popup.
 */
export async function loginWithProvider(provider: Exclude<IdpProvider, 'phone'>, options: LoginOptions = {}): Promise<AuthOutcome> {
  withdrawRetry = null
  const result = await requestIdToken(provider)
  if ('error' in result) return { ok: false, fields: {}, messageKey: idpErrorKeys[result.error] }
  return loginWithIdToken(provider, result.idToken, options)
}

async function loginWithIdToken(provider: Exclude<IdpProvider, 'phone'>, idToken: string, options: LoginOptions): Promise<AuthOutcome> {
  try {
    const value = await withLoader(() => api('login', { type: 'thirdparty', provider, idToken, ...(options.withdrawOnly ? { withdrawOnly: true } : {}) }))
    return await finish(value, 'thirdparty', options)
  } catch (error) {
    const out = failure(error)
    if (out.excluded && !options.withdrawOnly && !options.agentPage) withdrawRetry = () => loginWithIdToken(provider, idToken, { ...options, withdrawOnly: true })
    return out
  }
}

/** Whether free play is offered (FREEPLAY3). */
export const freePlayEnabled = (): boolean => $flags.get().FREEPLAY3

/** A random string for the free-play request (the platform only needs it unique). */
function randomId(): string {
  const bytes = new Uint8Array(24)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * Free play (SPEC §4): creates a trial account, loads login info, drops any password held for a forced
 * change, closes the popups and marks the visitor logged in.
 */
export async function freePlay(): Promise<AuthOutcome> {
  try {
    const os = typeof navigator === 'undefined' ? 'unknown' : (navigator.platform || 'web').slice(0, 32)
    const value = await withLoader(() => authApi('loginFreeplay', { os, platform: 'W', random: randomId(), gatewayVersion: 3 }))
    await signIn(value)
    forgetPassword()
    closeAuth()
    return { ok: true }
  } catch (error) {
    return failure(error)
  }
}

/**
 * Sign-out (SPEC §4): confirm dialog → logout call → session cleared (merchant keys kept) → home.
 * @returns whether the user confirmed
 */
export async function confirmSignOut(): Promise<boolean> {
  if (!(await ask('auth_signout_confirm', 'auth_signout'))) return false
  await signOutNow()
  return true
}

/** Sign-out without asking (the forced change-password popup's own button): logout call → session cleared → home. */
export async function signOutNow(): Promise<void> {
  await withLoader(() => signOut())
  forgetPassword()
  navigate(pages.home)
}
