import { atom } from 'nanostores'
import type { RegisterField, RegisterRequest } from '../contract/index.ts'
import { $flags, signIn } from '../stores/index.ts'
import { takeReturn } from '../stores/return-to.ts'
import { warn, withLoader } from '../ui/index.ts'
import { hasErrors, required, validateRegistration, type FieldErrors, type RuleSet } from '../validation/index.ts'
import { markAfterLogin } from './after.ts'
import { idpErrorKeys } from './login.ts'
import { requestIdToken } from './idp.ts'
import { closeAuth } from './modal.ts'
import { navigate } from './navigate.ts'
import { cancelled, failure, invalid, type AuthOutcome } from './outcome.ts'
import { verifySlider } from './slider.ts'
import { authApi } from './api.ts'
import { pages } from '../pages/index.ts'
import { askDepositLimit } from '../protect/quiet.ts'

/** Registration type (SPEC §4): by username or by mobile number. */
export type RegisterKind = 'register' | 'registerMobile'

/** Registration types the switches allow, the default first (mobile when MOBILENUMREG3 is on). */
export function registerKinds(flags: { USERNAMEREG3: boolean; MOBILENUMREG3: boolean }): RegisterKind[] {
  const kinds: RegisterKind[] = []
  if (flags.MOBILENUMREG3) kinds.push('registerMobile')
  if (flags.USERNAMEREG3) kinds.push('register')
  return kinds.length ? kinds : ['register']
}

/**
 * The affiliate code that came with the address, once checked: the form hides its field when valid,
 * and says the link is no longer valid when the platform answered that it is not (`unknown` when the
 * check itself failed: a network or rate-limit error says nothing about the code).
 */
export const $addressAffiliate = atom<{ code: string; valid: boolean; unknown?: boolean } | null>(null)

const domain = (): string => (typeof location === 'undefined' ? '' : location.hostname)

/** Checks an affiliate (invitation) code with the platform; `null` when the check failed. */
async function affiliateCheck(code: string): Promise<boolean | null> {
  try {
    return (await authApi('affiliate', { code, domain: domain() })).valid
  } catch {
    return null
  }
}

/**
 * Checks the affiliate code the page address carried (SPEC §4: at load; the field is hidden when
 * valid, shown when invalid or absent).
 */
export async function checkAddressAffiliate(code: string | null | undefined): Promise<void> {
  const trimmed = code?.trim()
  if (!trimmed) return $addressAffiliate.set(null)
  const valid = await affiliateCheck(trimmed)
  $addressAffiliate.set(valid === null ? { code: trimmed, valid: false, unknown: true } : { code: trimmed, valid })
}

/** Everything a registration form submits. */
export interface RegistrationForm {
  kind: RegisterKind
  values: Partial<Record<RegisterField, string>>
  countryDialingCode: string
  mobileDigits?: number
  terms: boolean
  /** Whether the captcha is shown (its rule is enabled); its id comes with it. */
  captchaId?: string
  /** `referralCode` from the address. */
  referralCode?: string
  /** The platform's minimum age (its registration policy), checked against a birthday before sending. */
  minimumAge?: number
}

/**
 * Registers (SPEC §4, in this order): terms → field validation → affiliate check → bot check (slider)
 * → phone-code check (SMS on with third-party phone auth) → register call → member info → close → home.
 */
export async function register(form: RegistrationForm, rules: RuleSet): Promise<AuthOutcome> {
  const flags = $flags.get()
  if (!form.terms) {
    // The warning dialog says it; the form has nothing more to show.
    void warn('auth_terms_required')
    return { ok: false, fields: {} }
  }

  const fromAddress = $addressAffiliate.get()
  const addressCode = fromAddress?.valid ? fromAddress.code : undefined
  const thirdPartyPhone = flags.REGSMS3 && flags.THIRDPARTYSMS3
  const errors: FieldErrors = validateRegistration(form.values, {
    rules,
    kind: form.kind,
    mobilePassword: flags.MOBILENUMPASSREG3,
    smsCode: flags.REGSMS3 && !thirdPartyPhone,
    mobileDigits: form.mobileDigits,
    hidden: addressCode ? ['affiliateCode'] : [],
    minimumAge: form.minimumAge,
  })
  if (rules.captcha?.enabled && !form.values.captcha?.trim()) errors.captcha = required
  if (hasErrors(errors)) return invalid(errors)

  const affiliateCode = addressCode ?? form.values.affiliateCode?.trim()
  if (affiliateCode && (await withLoader(() => affiliateCheck(affiliateCode))) !== true) {
    void warn('invitation_code_error')
    return { ok: false, fields: { affiliateCode: { key: 'invitation_code_error' } } }
  }

  const slider = await verifySlider()
  if (!slider) return cancelled()

  let firebaseIdToken: string | undefined
  if (thirdPartyPhone) {
    const phone = await requestIdToken('phone', { dial: form.countryDialingCode, mobile: form.values.mobileNum?.trim() ?? '' })
    if ('error' in phone) return { ok: false, fields: {}, messageKey: idpErrorKeys[phone.error] }
    firebaseIdToken = phone.idToken
  }

  const mobile = form.kind === 'registerMobile'
  const trimmed = Object.fromEntries(
    Object.entries(form.values)
      .map(([k, v]) => [k, k === 'password' || k === 'confirmPassword' || k === 'paymentPassword' ? v : v?.trim()])
      .filter(([, v]) => v),
  ) as Partial<Record<RegisterField, string>>
  const request: RegisterRequest = {
    ...trimmed,
    ...(mobile ? { username: trimmed.mobileNum } : {}),
    ...(mobile && !flags.MOBILENUMPASSREG3 ? { password: undefined, confirmPassword: undefined } : {}),
    countryDialingCode: form.countryDialingCode,
    captchaId: rules.captcha?.enabled ? form.captchaId : undefined,
    affiliateCode,
    referralCode: form.referralCode || trimmed.referralCode,
    domain: domain(),
    registerUrl: typeof location === 'undefined' ? undefined : location.href.slice(0, 2000),
    registerMethod: 'WEB',
    login: true,
    // Checked above: the player confirmed the minimum age and the terms (the platform refuses without).
    termsAccepted: true,
    slider,
    ...(firebaseIdToken ? { firebaseChannel: 'sms' as const, firebaseIdToken } : {}),
  }
  try {
    const value = await withLoader(() => authApi(mobile ? 'registerMobile' : 'register', request))
    await signIn(value)
    // Issue 30: a new account is asked to set a deposit limit (or to skip it) on the next page.
    askDepositLimit()
    markAfterLogin(value.firstTimeLogin)
    closeAuth()
    navigate(takeReturn(pages.home))
    return { ok: true }
  } catch (error) {
    return failure(error)
  }
}
