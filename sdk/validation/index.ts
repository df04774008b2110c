/**
 * What the account forms show about a field beyond its key, and the checks no request schema can state.
 * The rules themselves are the contract's request schemas (`sdk/contract/account-fields.ts`,
 * `registrationSchema`), which the forms check with and the platform refuses with; this module keeps:
 * the message parameters (a registration rule's pattern text, the digits of the country, the minimum
 * age), which fields the server's rules show, and turning an error into text at the edge
 * ({@link describeError}).
 * @module
 */
import { hasCountryDigits } from '../contract/account-fields.ts'
import { ageRefusal, type Language, type RegisterField, type RegisterRule } from '../contract/index.ts'
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

/**
 * Checks that a mobile number has the digits its country's numbers have (SPEC §5 "phone number must
 * have {0} digits"): the countries list the picker loaded says how many, and the message names them.
 * Blank or not digits only is the contract's `MobileNumber` business.
 */
export function checkMobileDigits(value: string | undefined, digits: number | undefined, key = 'auth_err_mobile_digits'): FieldError | null {
  return hasCountryDigits(value ?? '', digits) ? null : { key, params: { digits: digits as number } }
}

/**
 * A registration rule's failure described by its pattern's text: a field's `err_field_pattern` (from the
 * contract's schema or the platform's refusal) gets the rule's `reg_pattern_{patternId}` with its bounds.
 * A form's `describe`.
 */
export const describeRule =
  (rules: () => RuleSet) =>
  (field: string, error: FieldError): FieldError => {
    const rule = rules()[field as RegisterField]
    return error.key === 'err_field_pattern' && rule && !error.pattern ? { ...error, pattern: { id: rule.patternId, min: rule.minLength, max: rule.maxLength } } : error
  }

/** Index of the registration rules by field name. */
export type RuleSet = Partial<Record<RegisterField, RegisterRule>>

/** Builds a {@link RuleSet} from the server's list. */
export const ruleSet = (rules: readonly RegisterRule[]): RuleSet => Object.fromEntries(rules.map((r) => [r.field, r])) as RuleSet

/** Whether a field is shown: enabled by its rule (fields without a rule are hidden). */
export const isShown = (rules: RuleSet, field: RegisterField): boolean => rules[field]?.enabled === true

/** Checks a birthday against the minimum age (the contract's {@link ageRefusal}); an empty one is its rule's business. */
export function checkBirthday(value: string | undefined, minimumAge: number, now = Date.now()): FieldError | null {
  if (blank(value)) return null
  const refusal = ageRefusal(value!.trim(), minimumAge, now)
  return refusal === 'under_age' ? { key: 'err_under_age', params: { age: minimumAge } } : refusal === 'invalid' ? { key: 'err_birthday_invalid' } : null
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
