import { messageKeyOf, type ApiCode } from '../contract/index.ts'

/** What an {@link ApiError} may carry besides its code. */
export interface ApiErrorInit {
  /** HTTP status, 0 when no answer arrived. */
  status?: number
  /** Server message (for logs; show `messageKey` to users). */
  message?: string
  /** Request field → locale message key, from a `validation_failed` envelope. */
  fields?: Record<string, string>
  /** Hints the server attached, e.g. `{ captcha: true }` after a failed login. */
  value?: unknown
  cause?: unknown
  /** Locale key to show instead of `err_<code>`: a refusal the client itself gives (a closed sign-in window). */
  messageKey?: string
}

/**
 * The one error type of the SDK: every failed call, whatever went wrong, rejects with it.
 * @example
 * try { await api('balance') } catch (e) { if (isApiError(e) && e.code === 'session_expired') … }
 */
export class ApiError extends Error {
  override name = 'ApiError'
  /** Machine code, snake_case. */
  readonly code: ApiCode
  /** HTTP status, 0 for network failures and timeouts. */
  readonly status: number
  /** Locale key to show: `err_<code>`. */
  readonly messageKey: string
  readonly fields?: Record<string, string>
  readonly value?: unknown

  constructor(code: ApiCode, init: ApiErrorInit = {}) {
    super(init.message || code, { cause: init.cause })
    this.code = code
    this.status = init.status ?? 0
    this.messageKey = init.messageKey ?? messageKeyOf(code)
    this.fields = init.fields
    this.value = init.value
  }
}

/** Narrows an unknown rejection to {@link ApiError}. */
export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError

/** Wraps anything thrown into an {@link ApiError} (already-typed errors pass through). */
export const toApiError = (error: unknown, code: ApiCode = 'server_error'): ApiError =>
  isApiError(error) ? error : new ApiError(code, { cause: error, message: error instanceof Error ? error.message : undefined })
