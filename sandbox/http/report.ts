/**
 * The API app's side of the host's observer (sandbox/ops/observe.ts): what the host hands it with each
 * call, and how a route reports an error it answered `server_error` for.
 * @module
 */
import type { Context } from 'hono'

/**
 * What the host hands the API app with each call (its Hono `env`): the request id, where to log an
 * error, and back from it the route the call matched (for the metrics' labels).
 */
export interface ApiEnv {
  requestId?: string
  logError?: (err: unknown, what?: string) => void
  route?: string
}

/**
 * Reports an error a route caught and answered `server_error` for: to the host's log with the request
 * id when the API runs under the host, else on stderr as before.
 */
export function reportError(c: Context, what: string, err: unknown): void {
  const log = (c.env as ApiEnv | undefined)?.logError
  if (log) log(err, what)
  else console.error(`[sandbox] ${what} failed:`, err)
}
