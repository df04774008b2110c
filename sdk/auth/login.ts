import { atom } from 'nanostores'
import type { LoginRequest, LoginValue } from '../contract/index.ts'
import type { ApiError } from '../client/errors.ts'
import { outcome } from '../client/outcome.ts'
import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core/sign-in.ts'
import { $flags, signIn, signOut } from '../stores/index.ts'
import { takeReturn } from '../stores/return-to.ts'
import { ask, withLoader } from '../ui/index.ts'
import { holdFirstLogin, markAfterLogin } from './after.ts'
import { createCaptcha } from './captcha.ts'
import { requestIdToken, type IdpProvider } from './idp.ts'
import { closeAuth, forgetPassword, openForcedChange } from './modal.ts'
import { navigate } from './navigate.ts'
import { hintsOf, isBreakRefusal, refused, type Outcome } from './refusal.ts'
import { rememberUser } from './remember.ts'
import { verifySlider } from './slider.ts'
import { authApi } from './api.ts'
import { pages } from '../pages/index.ts'
import { openCentre } from '../centre/index.ts'
import { markWithdrawOnly } from '../protect/quiet.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core/sign-in.ts).
const api = roomApi({ login: core.login })

/** What a username login sends (the form's values, checked). */
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

/** What an SMS-code login sends. */
export interface SmsLogin {
  mobileNum: string
  countryDialingCode: string
  verificationCode: string
}

/** Where the login form is. */
export interface LoginOptions {
  /** The agent login page: only agents may log in; success goes to `/agentHome`. */
  agentPage?: boolean
  /** Open a withdrawal-only session (the player is on a time-out or self-exclusion). */
  withdrawOnly?: boolean
}

/** The login form's captcha (shown once the server asks for it). */
export const loginCaptcha = createCaptcha()
/** Whether the next login must carry a captcha (SPEC §4: shown when the reply asks for it). */
export const $loginCaptchaNeeded = atom(false)

/** The forced change-password rules (SPEC §4): for password logins (`username`: by username or by mobile number), not SMS or third-party ones. */
export function mustChangePassword(value: LoginValue, kind: 'username' | 'sms' | 'thirdparty'): boolean {
  if (kind !== 'username') return false
  // The server applies PWDEXPIRY3 to age expiry itself; an emailed temporary password is always expired.
  return value.weakPassword || value.passwordExpired || value.firstTimeLogin
}

type Login = Outcome<LoginValue>

/**
 * After any successful login: stores the session and loads member info, then either opens the forced
 * change-password popup or flags the after-login popup and goes home (or to `/agentHome`).
 */
async function finish(value: LoginValue, kind: 'username' | 'sms' | 'thirdparty', options: LoginOptions, password?: string): Promise<Login> {
  await signIn(value)
  $loginCaptchaNeeded.set(false)
  if (value.withdrawOnly) {
    closeAuth()
    openCentre('member', 'withdraw')
    return { data: value }
  }
  // Back to what a protected action asked the login for (a game picked as a guest), else home.
  const next = options.agentPage ? pages.agentHome : takeReturn(pages.home)
  if (mustChangePassword(value, kind)) {
    // The welcome comes after the change (sdk/auth/password.ts flags the popup then).
    if (value.firstTimeLogin) holdFirstLogin()
    openForcedChange(password, next)
    return { data: value }
  }
  markAfterLogin(value.firstTimeLogin)
  closeAuth()
  navigate(next)
  return { data: value }
}

/** Calls the login and finishes it (`accepted` runs first, on the reply); a refusal resolves as one. */
async function logIn(request: LoginRequest, kind: 'username' | 'sms' | 'thirdparty', options: LoginOptions, password?: string, accepted?: () => void): Promise<Login> {
  const sent = await outcome(() => withLoader(() => api('login', request)))
  if (sent.error) return sent
  accepted?.()
  // Marked before the session starts, so nothing that listens for a login offers play or promotions.
  if (sent.data.withdrawOnly) markWithdrawOnly(sent.data.token)
  return finish(sent.data, kind, options, password)
}

/** What a mobile number and password login sends (PHONELOGIN3): the number instead of the username. */
export interface PhonePasswordLogin extends Omit<PasswordLogin, 'username' | 'remember'> {
  mobileNum: string
  countryDialingCode: string
}

/**
 * Logs in with a checked username and password (SPEC §4): slide-to-verify → login call. On a refusal
 * that asks for a captcha the captcha is shown and a fresh one loaded. `null`: the slider was closed.
 */
export function loginWithPassword(form: PasswordLogin, options: LoginOptions = {}): Promise<Login | null> {
  const username = form.username.trim()
  return passwordLogin({ type: 'username', username }, form, options, () => rememberUser(form.remember && !options.agentPage ? username : undefined))
}

/**
 * Logs in with a checked mobile number and password (PHONELOGIN3): the username login's slider,
 * captcha, second step and forced change, the number naming the member. `null`: the slider was closed.
 */
export async function loginWithPhonePassword(form: PhonePasswordLogin, options: LoginOptions = {}): Promise<Login | null> {
  const result = await passwordLogin({ type: 'phone', mobileNum: form.mobileNum.trim(), countryDialingCode: form.countryDialingCode }, form, options)
  // The refusal names what was typed: a number, not a username.
  if (result?.error?.code === 'invalid_credentials') return refused('invalid_credentials', 'auth_err_phone_credentials', result.error)
  return result
}

type Who = { type: 'username'; username: string } | { type: 'phone'; mobileNum: string; countryDialingCode: string }

async function passwordLogin(who: Who, form: Omit<PasswordLogin, 'username' | 'remember'>, options: LoginOptions, accepted?: () => void): Promise<Login | null> {
  withdrawRetry = null
  const captchaNeeded = $loginCaptchaNeeded.get()
  const slider = await verifySlider()
  if (!slider) return null
  const secondStepCode = form.secondStepCode?.trim()
  const result = await logIn(
    {
      ...who,
      password: form.password,
      slider,
      ...(captchaNeeded ? { captcha: form.captcha?.trim(), captchaId: loginCaptcha.id() } : {}),
      ...(options.agentPage ? { agentOnly: true } : {}),
      ...(secondStepCode ? { secondStepCode } : {}),
      ...(options.withdrawOnly ? { withdrawOnly: true } : {}),
    },
    'username',
    options,
    form.password,
    accepted,
  )
  // A captcha is single use: whatever happened, the one just sent is gone.
  if (result.error && (hintsOf(result.error).captcha === true || captchaNeeded)) {
    $loginCaptchaNeeded.set(true)
    void loginCaptcha.reload()
  }
  return result
}

// How the last login refused for a break may open a withdrawal-only session instead: the
// same SMS code (the platform keeps it good) or the same verified sign-in. A password login retries
// through its form (a new slider); any new attempt forgets this.
let withdrawRetry: (() => Promise<Login>) | null = null

/** Keeps how to retry a login refused for a break as a withdrawal-only session. */
function offerWithdraw(result: Login, options: LoginOptions, retry: (options: LoginOptions) => Promise<Login>): Login {
  if (isBreakRefusal(result.error) && !options.withdrawOnly && !options.agentPage) withdrawRetry = () => retry({ ...options, withdrawOnly: true })
  return result
}

/** Whether the last refusal came from an SMS or social login that {@link withdrawAfterRefusal} can turn into a withdrawal-only session. */
export const canWithdrawAfterRefusal = (): boolean => withdrawRetry !== null

/** "Withdraw my balance" after an SMS or social login was refused for a break: the same proof, withdrawal only. `null` when there is none. */
export async function withdrawAfterRefusal(): Promise<Login | null> {
  const retry = withdrawRetry
  withdrawRetry = null
  return retry ? retry() : null
}

/** Logs in with a checked mobile number and SMS code (no slider, no forced change). */
export async function loginWithSms(form: SmsLogin, options: LoginOptions = {}): Promise<Login> {
  withdrawRetry = null
  const { mobileNum, countryDialingCode, verificationCode } = form
  const request = {
    type: 'sms' as const,
    mobileNum: mobileNum.trim(),
    countryDialingCode,
    verificationCode: verificationCode.trim(),
    ...(options.agentPage ? { agentOnly: true } : {}),
    ...(options.withdrawOnly ? { withdrawOnly: true } : {}),
  }
  return offerWithdraw(await logIn(request, 'sms', options), options, (again) => loginWithSms(form, again))
}

/** Locale keys of the phone-auth and sign-in popup failures (SPEC §7, §8); any other refusal is an unknown error. */
export const idpErrorKeys = {
  popup_blocked: 'err_popup_blocked',
  popup_closed: 'auth_idp_popup_closed',
  cancelled: 'auth_idp_popup_closed',
  'invalid-phone-number': 'auth_phone_invalid_format',
  'missing-phone-number': 'auth_phone_missing',
  'too-many-requests': 'auth_phone_too_many',
  unknown: 'auth_phone_unknown',
  'invalid-verification-code': 'auth_phone_code_invalid',
  'captcha-check-failed': 'auth_phone_captcha_failed',
  'quota-exceeded': 'auth_phone_quota',
  'operation-not-allowed': 'auth_phone_not_enabled',
  'code-expired': 'auth_phone_code_expired',
} as const

/** The refusal of a sign-in window that gave no token. */
export const idpRefusal = (error: string) => refused('unauthorized', idpErrorKeys[error as keyof typeof idpErrorKeys] ?? idpErrorKeys.unknown)

// A first Facebook or Google sign-in the platform refused until the player confirms the minimum age
// and the terms (`terms_required`): its proof, reused once by confirmTermsAndSignIn so the player is not
// sent to the provider a second time. Any new social attempt forgets it.
let termsProof: { provider: Exclude<IdpProvider, 'phone'>; idToken: string } | null = null

/** Whether a refusal asks the player to confirm the minimum age and the terms before a social sign-in creates the account. */
export const isTermsRefusal = (error: ApiError | undefined): boolean => error?.code === 'terms_required'

/**
 * Signs in with Facebook or Google (only when FBLOGIN3 / GOOGLELOGIN3 is on). Call it from the click
 * itself so the browser allows the popup. `termsAccepted`: the player ticked the age and terms box
 * (a first sign-in creates an account only with it).
 */
export async function loginWithProvider(provider: Exclude<IdpProvider, 'phone'>, options: LoginOptions = {}, termsAccepted = false): Promise<Login> {
  withdrawRetry = null
  termsProof = null
  const result = await requestIdToken(provider)
  if ('error' in result) return idpRefusal(result.error)
  return loginWithIdToken(provider, result.idToken, options, termsAccepted)
}

async function loginWithIdToken(provider: Exclude<IdpProvider, 'phone'>, idToken: string, options: LoginOptions, termsAccepted = false): Promise<Login> {
  const request = {
    type: 'thirdparty' as const,
    provider,
    idToken,
    ...(termsAccepted ? { termsAccepted: true as const } : {}),
    ...(options.withdrawOnly ? { withdrawOnly: true } : {}),
  }
  const result = await logIn(request, 'thirdparty', options)
  if (isTermsRefusal(result.error)) termsProof = { provider, idToken }
  return offerWithdraw(result, options, (again) => loginWithIdToken(provider, idToken, again, termsAccepted))
}

/** Whether {@link confirmTermsAndSignIn} can reuse the refused sign-in's proof (else it opens the provider's window again). */
export const canReuseTermsProof = (): boolean => termsProof !== null

/**
 * Completes a first social sign-in refused for want of the age and terms confirmation, now confirmed:
 * with the same proof when there is one (no second trip to the provider), else by asking the provider
 * again (call it from the click itself so the popup is allowed). A proof the platform no longer accepts
 * (expired) is dropped and the refusal says to sign in again.
 */
export async function confirmTermsAndSignIn(provider: Exclude<IdpProvider, 'phone'>, options: LoginOptions = {}): Promise<Login> {
  const proof = termsProof
  termsProof = null
  if (!proof || proof.provider !== provider) return loginWithProvider(provider, options, true)
  withdrawRetry = null
  const result = await loginWithIdToken(provider, proof.idToken, options, true)
  if (result.error?.code === 'invalid_credentials') return refused('invalid_credentials', 'auth_social_terms_again', result.error)
  return result
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
export async function freePlay(): Promise<Login> {
  const os = typeof navigator === 'undefined' ? 'unknown' : (navigator.platform || 'web').slice(0, 32)
  const result = await outcome(() => withLoader(() => authApi('loginFreeplay', { os, platform: 'W', random: randomId(), gatewayVersion: 3 })))
  if (result.error) return result
  await signIn(result.data)
  forgetPassword()
  closeAuth()
  return result
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
