/**
 * The sandbox's expected failures: {@link Fail} and how one becomes an error envelope and a status.
 * @module
 */
import type { Context } from 'hono'
import type * as v from 'valibot'
import { issueFields, statusOf, type ApiCode } from '../../sdk/contract/all.ts'
import { bodyLimit } from './limits.ts'

/** An expected failure: becomes `{ success: false, code, message, value?, fields? }` with `statusOf[code]`. */
export class Fail extends Error {
  readonly code: ApiCode
  readonly fields?: Record<string, string>
  readonly value?: unknown
  constructor(code: ApiCode, message?: string, extra?: { fields?: Record<string, string>; value?: unknown }) {
    super(message ?? defaultMessages[code] ?? code)
    this.name = 'Fail'
    this.code = code
    if (extra?.fields) this.fields = extra.fields
    if (extra && 'value' in extra) this.value = extra.value
  }
}

/** Plain-English default message of each code (the client translates `err_<code>` itself). */
const defaultMessages: Partial<Record<ApiCode, string>> = {
  validation_failed: 'Some fields are invalid.',
  not_found: 'Not found.',
  server_error: 'Something went wrong on our side.',
  rate_limited: 'Too many requests. Please try again later.',
  maintenance: 'The system is under maintenance.',
  region_blocked: 'Access from your location or IP address is restricted.',
  not_enabled: 'This feature is not enabled.',
  conflict: 'The request conflicts with an earlier one.',
  session_expired: 'Please log in again.',
  unauthorized: 'Not logged in.',
  forbidden: 'Not allowed.',
  invalid_credentials: 'Wrong username or password.',
  insufficient_funds: 'Insufficient balance.',
  trial_account: 'Please use a real account.',
}

/** Turns schema issues into a `validation_failed` with one message key per offending field (the contract's {@link issueFields}, as forms show them). */
export function invalid(issues: readonly v.BaseIssue<unknown>[]): Fail {
  const fields = issueFields(issues)
  const names = Object.keys(fields)
  const message = names.length ? `Invalid value for: ${names.slice(0, 10).join(', ')}.` : 'The request is malformed.'
  return new Fail('validation_failed', message, { fields })
}

/** Request body over the limit: answered 413 with `validation_failed`. */
export class BodyTooLarge extends Fail {
  constructor() {
    super('validation_failed', `The request body exceeds ${bodyLimit / 1024} KB.`)
  }
}

/** HTTP status for a Fail (413 for an oversized body). */
export const statusFor = (fail: Fail): number => (fail instanceof BodyTooLarge ? 413 : statusOf[fail.code] || 500)

/** Replies with an error envelope. */
export function failResponse(c: Context, fail: Fail, status?: number): Response {
  const body: Record<string, unknown> = { success: false, code: fail.code, message: fail.message }
  if (fail.value !== undefined) body.value = fail.value
  if (fail.fields) body.fields = fail.fields
  const code = status ?? statusFor(fail)
  // A body refused for its size was not read to its end: the connection cannot carry another
  // request, so the client is told not to reuse it (it would find it closed under its next call).
  return c.json(body, code as 400, code === 413 ? { Connection: 'close' } : undefined)
}
