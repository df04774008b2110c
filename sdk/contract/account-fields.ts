import * as v from 'valibot'
import type { RegisterRule } from './registration.ts'
import { isWeakPassword, mobilePattern, passwordPattern, ruleViolation, sixDigitPattern, usernamePattern } from './rules.ts'

/*
 * The account fields' rules as schemas, each failure named by the message key the form shows under the
 * field: the request schemas of login, registration, the password forms and the SMS sends are built
 * from them, so the platform refuses and the form warns with the same key (the contract's `issueFields`).
 * Change a rule here and both sides follow.
 */

/** Bounded text that must not be blank (trimmed): `err_field_required` when it is. */
export const filled = /* @__NO_SIDE_EFFECTS__ */ (max = 255) => v.pipe(v.string(), v.trim(), v.minLength(1, 'err_field_required'), v.maxLength(max))

/** A username to register (SPEC §5): 2–15 characters, a letter first, then letters or digits. */
export const Username = v.pipe(v.string(), v.trim(), v.minLength(1, 'err_field_required'), v.regex(usernamePattern, 'auth_err_username'))

/** A password being typed to log in: anything but blank (the platform knows whether it is right). */
export const Password = v.pipe(v.string(), v.minLength(1, 'err_field_required'), v.maxLength(128))

/** A new password (registration, change, reset): not the default weak one, at least 6 characters with letters and digits. */
export const NewPassword = v.pipe(
  v.string(),
  v.minLength(1, 'err_field_required'),
  v.check((password) => !isWeakPassword(password), 'err_field_weak'),
  v.regex(passwordPattern, 'auth_err_password'),
)

/** The confirmation of a new password: present (equal to it: see {@link confirming}). */
export const Confirmation = v.pipe(v.string(), v.minLength(1, 'err_field_required'), v.maxLength(128))

/** A national mobile number: 6–15 digits. */
export const MobileNumber = v.pipe(v.string(), v.trim(), v.minLength(1, 'err_field_required'), v.regex(mobilePattern, 'auth_err_mobile'))

/** A country dialing code (`+63`). */
export const dialingCodePattern = /^\+?\d{1,4}$/

/**
 * The digits a mobile number has in the country of `dialingCode` (`+63` and `63` alike), from the
 * platform's countries list; `undefined` when the country is not listed.
 */
export const countryDigits = (countries: readonly { countryDialingCode: string; mobileDigits: number }[], dialingCode: string): number | undefined => {
  const code = dialingCode.replace(/\D/g, '')
  return code ? countries.find((country) => country.countryDialingCode.replace(/\D/g, '') === code)?.mobileDigits : undefined
}

/**
 * A mobile number has the digits of its country's numbers (SPEC §5 "phone number must have {0}
 * digits"), for every mobile field, the forms and the platform alike; blank or not digits only is
 * {@link MobileNumber}'s business, an unlisted country has no count.
 */
export const hasCountryDigits = (number: string, digits: number | undefined): boolean => {
  const value = number.trim()
  return !digits || !/^\d+$/.test(value) || value.length === digits
}

/** A one-time code sent by SMS (login, registration, reset): six digits. */
export const SmsCode = v.pipe(v.string(), v.trim(), v.minLength(1, 'err_field_required'), v.regex(sixDigitPattern, 'err_sms_code_invalid'))

/**
 * The object schema with its confirmation field checked against its password field:
 * `err_field_mismatch` under the confirmation (checked once the confirmation itself is present,
 * whatever the password's own problems).
 */
export function confirming<const S extends v.ObjectSchema<v.ObjectEntries, undefined>>(
  schema: S,
  password: keyof S['entries'] & string,
  confirmation: keyof S['entries'] & string,
) {
  type T = v.InferOutput<S>
  const equal = v.partialCheck([[confirmation]], (input: Record<string, unknown>) => input[confirmation] === input[password], 'err_field_mismatch')
  return v.pipe(schema, v.forward(equal as never, [confirmation] as never) as unknown as v.PipeItem<T, T, v.PartialCheckIssue<T>>)
}

/**
 * A mobile number given comes with its country: `err_field_required` under the dialing code when the
 * number is there and the code is not a dialing code (an object's check, as the number may be optional).
 */
export const withCountry = /* @__NO_SIDE_EFFECTS__ */ () =>
  v.forward<Record<string, unknown>, v.PartialCheckIssue<Record<string, unknown>>, ['countryDialingCode']>(
    v.partialCheck(
      [['countryDialingCode']],
      (input) => !String(input.mobileNum ?? '').trim() || dialingCodePattern.test(String(input.countryDialingCode ?? '').trim()),
      'err_field_required',
    ),
    ['countryDialingCode'],
  )

/**
 * A field's registration rule from the platform's settings (the contract's {@link ruleViolation}):
 * `err_field_required` when it is required and blank, `err_field_pattern` when it breaks the length or
 * the pattern. `force`: required even when the rule says otherwise (the captcha).
 */
export const registerRule = /* @__NO_SIDE_EFFECTS__ */ (rule: RegisterRule | undefined, force = false) =>
  v.pipe(
    v.optional(v.string()),
    v.check((value) => ruleViolation(rule, value, force) !== 'required', 'err_field_required'),
    v.check((value) => ruleViolation(rule, value, force) !== 'pattern', 'err_field_pattern'),
  )
