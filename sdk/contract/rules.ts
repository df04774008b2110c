import type { RegisterRule } from './registration.ts'

// The fixed account rules, one home for the client's forms and the platform's checks (SPEC §5, §9).
/** Username: 2–15 characters, a letter first, then letters or digits. */
export const usernamePattern = /^[A-Za-z][A-Za-z0-9]{1,14}$/
/** Password: at least 6 characters with letters and digits, no spaces. */
export const passwordPattern = /^(?=[^\s]*[A-Za-z])(?=[^\s]*\d)\S{6,128}$/
/** A national mobile number: 6–15 digits. */
export const mobilePattern = /^\d{6,15}$/
/** Six digits: a one-time code (SMS, email, second step) and the payment password. */
export const sixDigitPattern = /^\d{6}$/
/** The platform's default password (SPEC §9): an account using it must change it at once. */
export const isWeakPassword = (password: string): boolean => password === '123456'

const compiled = new Map<string, RegExp | null>()
// Patterns come from configuration: a broken one is treated as "anything" rather than failing every check.
function regexOf(source: string): RegExp | null {
  if (!compiled.has(source)) {
    try {
      compiled.set(source, new RegExp(source, 'u'))
    } catch {
      compiled.set(source, null)
    }
  }
  return compiled.get(source) ?? null
}

/**
 * How a value breaks its registration rule, shared by the client (messages under fields) and the
 * platform (refusal): skipped when the rule is disabled (unless `forceRequired`); `required` when empty
 * and required; `pattern` when outside the length bounds (`maxLength` 0 = unbounded) or not matching
 * `acceptedPattern` (`*` = anything).
 * @returns `null` when the value passes
 */
export function ruleViolation(rule: RegisterRule | undefined, value: string | undefined, forceRequired = false): 'required' | 'pattern' | null {
  if (rule && !rule.enabled && !forceRequired) return null
  const v = (value ?? '').trim()
  if (v === '') return forceRequired || rule?.required ? 'required' : null
  if (!rule) return null
  if (v.length < rule.minLength || (rule.maxLength > 0 && v.length > rule.maxLength)) return 'pattern'
  if (rule.acceptedPattern === '*' || rule.acceptedPattern === '') return null
  const re = regexOf(rule.acceptedPattern)
  return re && !re.test(v) ? 'pattern' : null
}
