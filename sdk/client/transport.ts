import { ApiError } from './errors.ts'

/** One HTTP exchange as the client sees it: the status and the raw body text. */
export interface RawReply {
  status: number
  text: string
}

/** What {@link createTransport} sends. */
export interface RawRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  headers: Record<string, string>
  query?: Record<string, string>
  body?: string
  signal?: AbortSignal
}

/** The address of a call: `path` on `baseURL` (`''`: the page's own origin), `query` form-encoded. */
function requestUrl(baseURL: string, path: string, query?: Record<string, string>): string {
  const search = new URLSearchParams(query).toString()
  return `${baseURL.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`
}

/**
 * The wire layer on `fetch`: no automatic retries, no parsing, errors only for missing answers (an
 * HTTP error status is an answer). A missing answer rejects with `timeout` after `timeoutMs` or
 * `network_error` (also when the caller aborts; the abort reason is the `cause`).
 */
export function createTransport(baseURL: string, timeoutMs: number, fetchImpl?: typeof fetch) {
  // Resolved at call time so a fetch patched after start-up (tests, polyfills) is used.
  const send = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init))
  return async function exchange(request: RawRequest): Promise<RawReply> {
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const onAbort = () => controller.abort(request.signal?.reason)
    if (request.signal?.aborted) onAbort()
    request.signal?.addEventListener('abort', onAbort, { once: true })
    try {
      const reply = await send(requestUrl(baseURL, request.path, request.query), {
        method: request.method,
        // A call with a body says it wants JSON back (every reply is a JSON envelope).
        headers: request.body ? { Accept: 'application/json', ...request.headers } : request.headers,
        body: request.body,
        signal: controller.signal,
      })
      // Read inside the timer: a body that stops arriving is a timeout too.
      return { status: reply.status, text: await reply.text() }
    } catch (error) {
      if (timedOut) throw new ApiError('timeout', { cause: error, message: `no answer within ${timeoutMs} ms` })
      throw new ApiError('network_error', { cause: request.signal?.aborted ? request.signal.reason : error })
    } finally {
      clearTimeout(timer)
      request.signal?.removeEventListener('abort', onAbort)
    }
  }
}
