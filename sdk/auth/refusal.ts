/**
 * What the account forms say when they refuse: the message of a platform refusal (with the wait, the
 * age or the break's end its hints name), the refusals the client gives itself, and `$refusal`, which
 * an embed frame forwards to its element on the partner page.
 * @module
 */
import { atom } from 'nanostores'
import { ApiError } from '../client/errors.ts'
import { formatDate, platformTimeZone, zoneLabel } from '../dates/index.ts'
import type { ApiCode } from '../contract/index.ts'
import { createForm, formError, hasErrors, type FieldError, type FieldErrors, type Form, type FormOptions, type Outcome } from '../form/index.ts'

/** Where a second-step code was sent when a login comes from a new address. */
export interface SecondStep {
  channel: 'sms' | 'email'
  /** Masked phone or email. */
  destination: string
}

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {})

/** The hints a refusal carried (`{ captcha: true }`, `retryAfter`…), as a record. */
export const hintsOf = (error: ApiError): Record<string, unknown> => record(error.value)

/**
 * The form-level message of a refusal: how long to wait when throttled or locked, until when a break
 * refuses the login, the platform's minimum age; else the refusal's own message.
 */
export function refusalMessage(error: ApiError): FieldError {
  const hints = hintsOf(error)
  if (error.code === 'account_excluded' && typeof hints.until === 'number') {
    // In the platform's time zone, named, as every other date on the site (not UTC while the site says UTC+08:00).
    const at = new Date(hints.until)
    const until = `${formatDate(at)} ${zoneLabel(platformTimeZone(), at)}`
    return { key: hints.kind === 'self_exclusion' ? 'err_account_excluded_self_exclusion' : 'err_account_excluded_timeout', params: { until } }
  }
  if (typeof hints.retryAfter === 'number' && (error.code === 'rate_limited' || error.code === 'account_locked')) {
    return { key: `auth_${error.code}_wait`, params: { seconds: hints.retryAfter, minutes: Math.ceil(hints.retryAfter / 60) } }
  }
  if (error.code === 'terms_required') return { key: 'auth_social_terms_note', params: { age: typeof hints.minimumAge === 'number' ? hints.minimumAge : '' } }
  if (typeof hints.minimumAge === 'number') return { key: 'err_under_age', params: { age: hints.minimumAge } }
  return { key: error.messageKey }
}

/** Whether a refusal is a break's (a time-out or self-exclusion, with its end): the right credentials, so a withdrawal-only session may be opened. */
export const isBreakRefusal = (error: ApiError | undefined): boolean => error?.code === 'account_excluded' && typeof hintsOf(error).until === 'number'

/** The second step a refusal asks for (a code sent to a registered contact), or `null`. */
export function secondStepOf(error: ApiError | undefined): SecondStep | null {
  if (error?.code !== 'second_step_required') return null
  const hints = hintsOf(error)
  return { channel: hints.channel === 'email' ? 'email' : 'sms', destination: typeof hints.destination === 'string' ? hints.destination : '' }
}

/** A refusal the client gives itself (a closed sign-in window), shown by its own message. */
export const refused = (code: ApiCode, messageKey: string, cause?: unknown): { error: ApiError } => ({ error: new ApiError(code, { messageKey, cause }) })

/** A refusal an account form showed: its form-level message key and its fields' problems. */
export interface Refusal {
  messageKey?: string
  params?: Record<string, string | number>
  fields: FieldErrors
}

/**
 * The last refusal an account form showed, `null` before any. The embed's frames forward it to their
 * element on the partner page as `lk:error`, so a host learns of every refusal without reading the form.
 */
export const $refusal = atom<Refusal | null>(null)

/** Records that a form showed `refusal` (a new object each time, so listeners hear every one). */
export const reportRefusal = (refusal: Refusal): void => $refusal.set({ ...refusal })

/** Reports what a form shows now, when it shows anything. */
function reportErrors(errors: FieldErrors): void {
  if (!hasErrors(errors)) return
  const { [formError]: message, ...fields } = errors
  reportRefusal({ messageKey: message?.key, params: message?.params, fields })
}

/**
 * An account form: the engine's form whose refusals say their wait or limit ({@link refusalMessage})
 * beside the fields at fault, and whose every refusal is reported to {@link $refusal}.
 */
export function createAuthForm<V extends object, I = V, R = unknown>(options: FormOptions<V, I, R>): Form<V, I, R> {
  const form = createForm({ message: refusalMessage, ...options })
  const report = <T>(done: T): T => {
    reportErrors(form.$state.get().errors)
    return done
  }
  return {
    ...form,
    submit: async (changes) => report(await form.submit(changes)),
    run: async (step) => report(await form.run(step)),
  }
}

export type { Outcome }
