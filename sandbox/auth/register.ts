import * as v from 'valibot'
import { issueFields, registrationSchema, ruleViolation, type ParsedRequestOf, type RegisterField, type RegisterRule, type RegistrationRules } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { getSetting } from '../settings.ts'
import { Fail } from '../http/fail.ts'

/**
 * Server-side validation of registration and new passwords against the register field rules of the
 * settings. The fixed rules (username, password, confirmation, mobile number, SMS code) are the
 * contract's schemas (sdk/contract/account-fields.ts), which the client's forms check with too; the
 * answer is `field → locale key`, as the contract's `issueFields` names them.
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
 * The settings' password rule on a new password whose fixed rules its request schema checked.
 * @param field the request's name for the password
 */
export function passwordRuleErrors(password: string, rule: RegisterRule | undefined, field: string): FieldErrors {
  const broken = checkRule(rule, password)
  return broken ? { [field]: broken } : {}
}

/**
 * Validates a registration request with the contract's {@link registrationSchema} under the switches
 * and field rules. Returns every failing field with its locale key; `{}` when valid. Slider, codes,
 * the age, the terms and taken names are checked by the route.
 */
export function validateRegistration(input: RegisterInput, ctx: RegistrationRules): FieldErrors {
  const parsed = v.safeParse(registrationSchema(ctx), input)
  return parsed.success ? {} : issueFields(parsed.issues)
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
