/**
 * Form validation for the account flows (SPEC §5): the fixed rules (username, password, confirmation,
 * mobile digits) and the per-field registration rules the server sends from
 * `/wps/system/setting/register`. Pure functions; errors are locale keys, turned into text at the edge
 * with {@link errorText}.
 * @module
 */
import {
  ageRefusal,
  mobilePattern,
  passwordPattern,
  ruleViolation,
  sixDigitPattern,
  usernamePattern,
  type Language,
  type RegisterField,
  type RegisterRule,
} from '../contract/index.ts'
import { $locale, translator, type Messages, type Params } from '../i18n/index.ts'

/**
 * Fills a registration pattern message (SPEC §5): `(min)` and `(max)` are replaced, and when min
 * equals max the range `(min) - (max)` collapses to the single number.
 */
export function fillRange(text: string, min: number, max: number): string {
  const collapsed = min === max ? text.replace(/\(min\)\s*-\s*\(max\)/g, String(min)) : text
  return collapsed.replace(/\(min\)/g, String(min)).replace(/\(max\)/g, String(max))
}

/** Pattern message for a registration rule: `reg_pattern_{patternId}` with (min)/(max) filled in. */
export const patternMessage = (messages: Messages, patternId: number, min: number, max: number, lang: Language = $locale.get()): string =>
  fillRange(translator(messages, lang)(`reg_pattern_${patternId}`), min, max)

/** One field's problem: a locale key with parameters, or a registration pattern to describe. */
export interface FieldError {
  /** Locale key (`err_field_required`, `auth_err_username`…). Ignored when `pattern` is set. */
  key: string
  params?: Params
  /** Server pattern that failed: its text is `reg_pattern_{id}` with (min)/(max) filled in. */
  pattern?: { id: number; min: number; max: number }
}

/** Field name → its first problem. Empty when the form is valid. */
export type FieldErrors = Partial<Record<string, FieldError>>

/** The required-field error. */
export const required: FieldError = { key: 'err_field_required' }

const blank = (value: string | undefined): boolean => !value || value.trim() === ''

/** Checks a username for registration (the contract's `usernamePattern`). */
export function checkUsername(value: string | undefined): FieldError | null {
  if (blank(value)) return required
  return usernamePattern.test(value!.trim()) ? null : { key: 'auth_err_username' }
}

/** Checks a new password (registration, change, reset; the contract's `passwordPattern`). Login accepts any non-blank password. */
export function checkPassword(value: string | undefined): FieldError | null {
  if (!value) return required
  return passwordPattern.test(value) ? null : { key: 'auth_err_password' }
}

/** Checks that the confirmation is present and equals the password. */
export function checkConfirm(password: string | undefined, confirm: string | undefined): FieldError | null {
  if (!confirm) return required
  return password === confirm ? null : { key: 'err_field_mismatch' }
}

/**
 * Checks a mobile number: digits only, exactly `digits` of them when the country says how many
 * (SPEC §5 "phone number must have {0} digits"), else 6–15.
 */
export function checkMobile(value: string | undefined, digits?: number): FieldError | null {
  if (blank(value)) return required
  const v = value!.trim()
  if (!/^\d+$/.test(v)) return { key: 'auth_err_mobile' }
  if (digits) return v.length === digits ? null : { key: 'auth_err_mobile_digits', params: { digits } }
  return mobilePattern.test(v) ? null : { key: 'auth_err_mobile' }
}

/** Checks a one-time SMS code: six digits (the contract's `sixDigitPattern`, as its `OneTimeCode`). */
export function checkSmsCode(value: string | undefined): FieldError | null {
  if (blank(value)) return required
  return sixDigitPattern.test(value!.trim()) ? null : { key: 'err_sms_code_invalid' }
}

// The server's pattern is untrusted text: a broken one must not take the whole form down.
/**
 * Checks a value against a server rule (the contract's {@link ruleViolation}), describing a pattern
 * failure by the rule's `reg_pattern_{patternId}` text.
 */
export function checkRule(rule: RegisterRule | undefined, value: string | undefined, forceRequired = false): FieldError | null {
  const broken = ruleViolation(rule, value, forceRequired)
  if (broken === 'required') return required
  if (broken === 'pattern' && rule) return { key: 'err_field_pattern', pattern: { id: rule.patternId, min: rule.minLength, max: rule.maxLength } }
  return null
}

/** Index of the registration rules by field name. */
export type RuleSet = Partial<Record<RegisterField, RegisterRule>>

/** Builds a {@link RuleSet} from the server's list. */
export const ruleSet = (rules: readonly RegisterRule[]): RuleSet => Object.fromEntries(rules.map((r) => [r.field, r])) as RuleSet

/** Whether a field is shown: enabled by its rule (fields without a rule are hidden). */
export const isShown = (rules: RuleSet, field: RegisterField): boolean => rules[field]?.enabled === true

/** What {@link validateRegistration} needs besides the values. */
export interface RegistrationContext {
  rules: RuleSet
  /** `register` (username) or `registerMobile` (SPEC §4). */
  kind: 'register' | 'registerMobile'
  /** Mobile registration asks for a password (MOBILENUMPASSREG3). */
  mobilePassword: boolean
  /** SMS verification on registration (REGSMS3): the code is required. */
  smsCode: boolean
  /** Digits a mobile number has in the chosen country. */
  mobileDigits?: number
  /** Fields the form hides on purpose (an affiliate code already checked from the address). */
  hidden?: readonly RegisterField[]
  /** The platform's minimum age: a birthday given must be at least that many years before `now`. */
  minimumAge?: number
  /** The time the age is counted at (default now). */
  now?: number
}

/** Checks a birthday against the minimum age (the contract's {@link ageRefusal}); an empty one is its rule's business. */
export function checkBirthday(value: string | undefined, minimumAge: number, now = Date.now()): FieldError | null {
  if (blank(value)) return null
  const refusal = ageRefusal(value!.trim(), minimumAge, now)
  return refusal === 'under_age' ? { key: 'err_under_age', params: { age: minimumAge } } : refusal === 'invalid' ? { key: 'err_birthday_invalid' } : null
}

/** The fields validated by the fixed rules, not (only) by their server rule. */
const special = new Set<RegisterField>(['username', 'password', 'confirmPassword', 'mobileNum', 'verificationCode', 'captcha'])

/**
 * Validates a registration form (SPEC §5). Returns the first problem of every field; `{}` when valid.
 * The captcha is checked by the caller (its presence depends on the captcha image loading).
 */
export function validateRegistration(values: Partial<Record<RegisterField, string>>, ctx: RegistrationContext): FieldErrors {
  const errors: FieldErrors = {}
  const { rules } = ctx
  const put = (field: RegisterField, error: FieldError | null) => {
    if (error && !ctx.hidden?.includes(field)) errors[field] = error
  }
  const mobile = ctx.kind === 'registerMobile'
  const needPassword = !mobile || ctx.mobilePassword
  if (!mobile) put('username', checkUsername(values.username) ?? checkRule(rules.username, values.username))
  if (needPassword) {
    put('password', checkPassword(values.password) ?? checkRule(rules.password, values.password))
    put('confirmPassword', checkConfirm(values.password, values.confirmPassword))
  }
  // SMS verification needs a number to send to, whatever the registration type.
  if (mobile || ctx.smsCode || rules.mobileNum?.required) {
    put('mobileNum', checkMobile(values.mobileNum, ctx.mobileDigits) ?? checkRule(rules.mobileNum, values.mobileNum))
  } else if (isShown(rules, 'mobileNum') && !blank(values.mobileNum)) {
    put('mobileNum', checkMobile(values.mobileNum, ctx.mobileDigits))
  }
  if (ctx.smsCode) put('verificationCode', checkSmsCode(values.verificationCode))
  for (const [field, rule] of Object.entries(rules) as [RegisterField, RegisterRule][]) {
    if (special.has(field) || !rule.enabled) continue
    put(field, checkRule(rule, values[field]))
  }
  if (isShown(rules, 'birthday') && !errors.birthday && ctx.minimumAge !== undefined) put('birthday', checkBirthday(values.birthday, ctx.minimumAge, ctx.now))
  return errors
}

/** Whether there is at least one error. */
export const hasErrors = (errors: FieldErrors): boolean => Object.values(errors).some(Boolean)

/**
 * Text of a field error through a translator (a view's own, which knows its language): a failed server
 * pattern describes itself, else the key's text with its parameters. The one field-error translator.
 */
export function describeError(t: (key: string, params?: Params) => string, error: FieldError): string {
  const { pattern } = error
  const patternKey = pattern && `reg_pattern_${pattern.id}`
  // An id this client has no text for still gets a message, never a raw key.
  if (pattern && patternKey && t(patternKey) !== patternKey) return fillRange(t(patternKey), pattern.min, pattern.max)
  return t(error.key, error.params)
}

/**
 * Text of a field error in the current language (see {@link describeError}).
 * @example errorText($messages.get(), { key: 'err_field_required' }) // 'This field cannot be empty.'
 */
export const errorText = (messages: Messages, error: FieldError): string => describeError(translator(messages), error)
