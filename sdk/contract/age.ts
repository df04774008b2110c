import * as v from 'valibot'

/**
 * The platform's registration policy (SPEC §1 and §5): the minimum age of a member and
 * whether the registration form's terms box ("I am {age} or older and accept the terms") starts
 * ticked. One rule for the form and the platform: both call {@link ageRefusal}.
 * @module
 */

/** Minimum age when the platform sets none (SPEC §1: members are 18 or older; a variant says 21). */
export const DEFAULT_MINIMUM_AGE = 18

/** `/wps/system/setting/registerPolicy`: the minimum age and the terms box's default. */
export const RegisterPolicySchema = v.object({
  minimumAge: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99)),
  termsDefault: v.boolean(),
})
/** The registration policy. */
export type RegisterPolicy = v.InferOutput<typeof RegisterPolicySchema>

/** The policy before an operator changes it: 18, the terms box ticked (SPEC §5). */
export const defaultRegisterPolicy: RegisterPolicy = { minimumAge: DEFAULT_MINIMUM_AGE, termsDefault: true }

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Year, month and day of a `yyyy-MM-dd` date that exists on the calendar, else `null` (2015-02-31 does not). */
export function calendarDate(value: string): [number, number, number] | null {
  const m = DATE.exec(value.trim())
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(y, mo - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? [y, mo, d] : null
}

/** Whole years from `birthday` to `today` (both `yyyy-MM-dd`); someone born on 29 February turns a year older on 1 March. */
export function ageOn(birthday: [number, number, number], today: [number, number, number]): number {
  const [by, bm, bd] = birthday
  const [ty, tm, td] = today
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0)
}

/** Today's date (`yyyy-MM-dd` parts) at `now` in UTC. */
export const utcDay = (now: number): [number, number, number] => {
  const d = new Date(now)
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()]
}

/**
 * Why a birthday cannot register at `now`: `invalid` (not a calendar date, or in the future),
 * `under_age` (younger than `minimumAge`), or `null` when it may. An empty birthday is the register
 * rule's business (required or not), not this one's.
 */
export function ageRefusal(birthday: string, minimumAge: number, now: number): 'invalid' | 'under_age' | null {
  const date = calendarDate(birthday)
  if (!date) return 'invalid'
  const age = ageOn(date, utcDay(now))
  if (age < 0) return 'invalid'
  return age < minimumAge ? 'under_age' : null
}
