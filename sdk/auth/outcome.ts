import { atom } from 'nanostores'
import { isApiError, toApiError } from '../client/index.ts'
import { serverFieldErrors, type FieldErrors } from '../validation/index.ts'

/** Where a second-step code was sent when a login comes from a new address. */
export interface SecondStep {
  channel: 'sms' | 'email'
  /** Masked phone or email. */
  destination: string
}

/** What a failed flow tells its form. */
export interface AuthFailure {
  ok: false
  /** Locale key of the form-level message. */
  messageKey?: string
  /** Parameters of that message. */
  params?: Record<string, string | number>
  /** Field problems shown under each field. */
  fields: FieldErrors
  /** The user closed a step (slider, sign-in popup): nothing to show. */
  cancelled?: boolean
  /** The server wants a captcha with the next attempt. */
  captcha?: boolean
  /** The login needs the code just sent to a registered contact. */
  secondStep?: SecondStep
  /** A time-out or self-exclusion refused the login (right credentials): a withdrawal-only session may be opened. */
  excluded?: boolean
}

/** Result of an account flow. Flows never throw; forms render the failure. */
export type AuthOutcome = { ok: true } | AuthFailure

/** A failure from field problems found before any call. */
export const invalid = (fields: FieldErrors): AuthFailure => ({ ok: false, fields })

/** A failure the user caused by closing a step. */
export const cancelled = (): AuthFailure => ({ ok: false, fields: {}, cancelled: true })

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {})

/** Turns anything a call threw into a failure: the error's message key, its field errors and hints. */
export function failure(error: unknown): AuthFailure {
  const e = toApiError(error)
  const value = record(isApiError(e) ? e.value : undefined)
  const out: AuthFailure = { ok: false, messageKey: e.messageKey, fields: serverFieldErrors(e.fields) }
  if (value.captcha === true) out.captcha = true
  // The platform names its minimum age with a refusal for it: the form's messages name it too.
  if (typeof value.minimumAge === 'number') {
    const params = { age: value.minimumAge }
    for (const error of Object.values(out.fields)) if (error?.key === 'err_under_age') error.params = params
    out.messageKey = 'err_under_age'
    out.params = params
  }
  if (typeof value.retryAfter === 'number' && (e.code === 'rate_limited' || e.code === 'account_locked')) {
    out.messageKey = `auth_${e.code}_wait`
    out.params = { seconds: value.retryAfter, minutes: Math.ceil(value.retryAfter / 60) }
  }
  // A time-out or self-exclusion (issue 30) refuses the login: say which, and until when.
  if (e.code === 'account_excluded' && typeof value.until === 'number') {
    out.messageKey = value.kind === 'self_exclusion' ? 'err_account_excluded_self_exclusion' : 'err_account_excluded_timeout'
    out.params = { until: `${new Date(value.until).toISOString().slice(0, 16).replace('T', ' ')} UTC` }
    out.excluded = true
  }
  if (e.code === 'second_step_required') {
    out.secondStep = { channel: value.channel === 'email' ? 'email' : 'sms', destination: typeof value.destination === 'string' ? value.destination : '' }
  }
  return out
}

/** A refusal an account form showed: its form-level message key and its fields' problems. */
export interface Refusal {
  messageKey?: string
  params?: Record<string, string | number>
  fields: FieldErrors
}

/**
 * The last refusal an account form showed, `null` before any. A form reports each one with
 * {@link reportRefusal}; the embed's frames forward it to their element on the partner page as
 * `lk:error`, so a host learns of every refusal without reading the form.
 */
export const $refusal = atom<Refusal | null>(null)

/** Records that a form showed `refusal` (a new object each time, so listeners hear every one). */
export const reportRefusal = (refusal: Refusal): void => $refusal.set({ ...refusal })
