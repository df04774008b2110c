import {
  isWeakPassword,
  mobilePattern,
  passwordPattern,
  ruleViolation,
  sixDigitPattern,
  usernamePattern,
  type ParsedRequestOf,
  type RegisterField,
  type RegisterRule,
} from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { getSetting } from '../settings.ts'
import { Fail } from '../http/fail.ts'

/**
 * Server-side validation of registration and new passwords: the same fixed rules as the client
 * (sdk/validation; both read the patterns from `sdk/contract/rules.ts`) plus the per-field register
 * rules, answering with `field → locale key`.
 * @module
 */

type RegisterInput = ParsedRequestOf<'register'>
/** Field name → locale key of its first problem. */
export type FieldErrors = Record<string, string>

/**
 * Checks one value against its rule (the contract's {@link ruleViolation}).
 * @returns a locale key, or `null` when the value passes
 */
export function checkRule(rule: RegisterRule | undefined, value: string | undefined, forceRequired = false): string | null {
  const broken = ruleViolation(rule, value, forceRequired)
  return broken === 'required' ? 'err_field_required' : broken === 'pattern' ? 'err_field_pattern' : null
}

/**
 * Checks a new password: present, the fixed format, the server rule, not the default weak password,
 * and equal to its confirmation.
 * @param names the request's names for the two fields
 */
export function checkNewPassword(
  password: string | undefined,
  confirm: string | undefined,
  rule: RegisterRule | undefined,
  names: { password: string; confirm: string },
): FieldErrors {
  const errors: FieldErrors = {}
  if (!password) errors[names.password] = 'err_field_required'
  else if (isWeakPassword(password)) errors[names.password] = 'err_field_weak'
  else if (!passwordPattern.test(password)) errors[names.password] = 'auth_err_password'
  else {
    const r = checkRule(rule, password)
    if (r) errors[names.password] = r
  }
  if (!confirm) errors[names.confirm] = 'err_field_required'
  else if (password !== confirm) errors[names.confirm] = 'err_field_mismatch'
  return errors
}

/** What {@link validateRegistration} needs besides the values. */
export interface RegistrationRules {
  rules: Partial<Record<RegisterField, RegisterRule>>
  kind: 'register' | 'registerMobile'
  /** MOBILENUMPASSREG3: mobile registration takes a password. */
  mobilePassword: boolean
  /** REGSMS3: a mobile number and its SMS code are required. */
  smsCode: boolean
  /** The phone was verified by the third-party phone provider instead of an SMS code. */
  phoneToken: boolean
}

/** Fields checked by fixed rules before (or instead of) their server rule. */
const SPECIAL: ReadonlySet<RegisterField> = new Set(['username', 'password', 'confirmPassword', 'mobileNum', 'verificationCode', 'captcha'])

/**
 * Validates a registration request. Returns every failing field with its locale key; `{}` when valid.
 * Captcha, slider, codes and taken names are checked by the route.
 */
export function validateRegistration(input: RegisterInput, ctx: RegistrationRules): FieldErrors {
  const errors: FieldErrors = {}
  const { rules } = ctx
  const put = (field: string, key: string | null) => {
    if (key && !errors[field]) errors[field] = key
  }
  const mobile = ctx.kind === 'registerMobile'
  if (!mobile) {
    const u = input.username?.trim()
    put('username', !u ? 'err_field_required' : usernamePattern.test(u) ? checkRule(rules.username, u) : 'auth_err_username')
  }
  if (!mobile || ctx.mobilePassword) {
    Object.assign(errors, checkNewPassword(input.password, input.confirmPassword, rules.password, { password: 'password', confirm: 'confirmPassword' }))
  }
  const needMobile = mobile || ctx.smsCode || rules.mobileNum?.required === true
  const m = input.mobileNum?.trim()
  if (needMobile || (rules.mobileNum?.enabled && m)) {
    put('mobileNum', !m ? 'err_field_required' : mobilePattern.test(m) ? checkRule(rules.mobileNum, m) : 'auth_err_mobile')
    if (m && !/^\+?\d{1,4}$/.test(input.countryDialingCode?.trim() ?? '')) put('countryDialingCode', 'err_field_required')
  }
  if (ctx.smsCode && !ctx.phoneToken) {
    const code = input.verificationCode?.trim()
    put('verificationCode', !code ? 'err_field_required' : sixDigitPattern.test(code) ? null : 'err_sms_code_invalid')
  }
  for (const [field, rule] of Object.entries(rules) as [RegisterField, RegisterRule][]) {
    if (SPECIAL.has(field) || !rule?.enabled) continue
    put(field, checkRule(rule, (input as Partial<Record<RegisterField, string>>)[field]))
  }
  return errors
}

/** The register field rules, as `/wps/system/setting/register` serves them. */
export async function loadRegisterRules(q: Queryable): Promise<RegisterRule[]> {
  const rules = await getSetting<unknown>(q, 'registerRules', [])
  return Array.isArray(rules) ? (rules as RegisterRule[]) : []
}

/** The register field rules by the field they apply to. */
export async function registerRulesByField(q: Queryable): Promise<Partial<Record<RegisterField, RegisterRule>>> {
  return Object.fromEntries((await loadRegisterRules(q)).map((r) => [r.field, r]))
}

/** The `validation_failed` answer naming each field's problem. */
export const invalidFields = (fields: FieldErrors, message = 'Some fields need attention', value?: Record<string, unknown>): Fail =>
  new Fail('validation_failed', message, value ? { fields, value } : { fields })
