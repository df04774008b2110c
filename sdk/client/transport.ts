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
  body?: string | Blob
  signal?: AbortSignal
}

/**
 * The wire layer on the browser's `fetch`: `path` on `baseURL` (`''`: the page's own origin),
 * `query` encoded as a URL search, no automatic retries (the client retries a GET itself), no parsing
 * (the body comes back as text for the envelope decoder), errors only for missing answers (an HTTP
 * error status is an answer). A missing answer rejects with `timeout` after `timeoutMs` or
 * `network_error` (also when the caller aborts; the abort reason is the `cause`).
 *
 * Plain `fetch`, not a library: ofetch carried 2 KB gzip into every page's first load and the embed's
 * for a base URL, a query and a text body.
 */
export function createTransport(baseURL: string, timeoutMs: number, fetchImpl?: typeof fetch) {
  const base = baseURL.replace(/\/+$/, '')
  return async function exchange(request: RawRequest): Promise<RawReply> {
    // One signal for the whole exchange, body included (a body that stops arriving must not hang):
    // the deadline joined with the caller's abort.
    const deadline = AbortSignal.timeout(timeoutMs)
    const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline
    // Records of strings (a URL search, headers) take only their own keys; fetch reads its options
    // through the prototype chain, so they have none: a host page's polluted Object.prototype
    // (`Object.prototype.integrity = …`, `.credentials`, seen on embedding hosts) cannot reach the call.
    const search = request.query ? new URLSearchParams(request.query).toString() : ''
    const headers = new Headers(request.headers)
    // Every reply is a JSON envelope (as ofetch did for a call with a text body).
    if (typeof request.body === 'string' && !headers.has('accept')) headers.set('accept', 'application/json')
    const init: RequestInit = Object.assign(Object.create(null) as RequestInit, { method: request.method, headers, body: request.body, signal })
    try {
      // Resolved at call time so a fetch patched after start-up (tests, polyfills) is used.
      const reply = await (fetchImpl ?? globalThis.fetch)(`${base}${request.path}${search ? `?${search}` : ''}`, init)
      return { status: reply.status, text: await reply.text() }
    } catch (error) {
      if (deadline.aborted && !request.signal?.aborted) {
        throw new ApiError('timeout', { cause: error, message: `no answer within ${timeoutMs} ms` })
      }
      throw new ApiError('network_error', { cause: request.signal?.aborted ? request.signal.reason : error })
    }
  }
}
