import { createFetch } from 'ofetch'
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
 * The wire layer on ofetch: `path` on `baseURL` (`''`: the page's own origin), `query` encoded by
 * ofetch, no automatic retries (the client retries a GET itself), no parsing (the body comes back as
 * text for the envelope decoder), errors only for missing answers (an HTTP error status is an answer).
 * A missing answer rejects with `timeout` after `timeoutMs` or `network_error` (also when the caller
 * aborts; the abort reason is the `cause`).
 */
export function createTransport(baseURL: string, timeoutMs: number, fetchImpl?: typeof fetch) {
  // createFetch, not `ofetch.create`: the same fetcher without ofetch's default instance in the first load.
  const $fetch = createFetch({
    // Resolved at call time so a fetch patched after start-up (tests, polyfills) is used. fetch reads
    // its options through the prototype chain, and ofetch's options object has one: a host page's
    // polluted Object.prototype (`integrity`, `credentials`…) would reach every call, so fetch gets
    // only the options the transport sets, on an object without a prototype.
    fetch: (input, init) => (fetchImpl ?? globalThis.fetch)(input, ownInit(init)),
    Headers: globalThis.Headers,
    AbortController: globalThis.AbortController,
    defaults: {
      baseURL,
      retry: 0,
      responseType: 'text',
      // ofetch adds `Accept: application/json` to a call with a body (every reply is a JSON envelope).
      ignoreResponseError: true,
      // ofetch reads every option it may use from this object (and the call's): an option left out
      // would be read from a host page's polluted Object.prototype (`Object.prototype.headers = …`, seen
      // on embedding hosts added an `X-Evil` header to every call, which CORS then refused).
      headers: {},
      query: undefined,
      params: undefined,
      timeout: undefined,
      retryDelay: undefined,
      retryStatusCodes: undefined,
      parseResponse: undefined,
      duplex: undefined,
      onRequest: undefined,
      onRequestError: undefined,
      onResponse: undefined,
      onResponseError: undefined,
    },
  })
  return async function exchange(request: RawRequest): Promise<RawReply> {
    // ofetch's own `timeout` is not used: it is skipped whenever the call has a signal (every game
    // list call has one) and it stops at the headers, so a body that stops arriving would hang. One
    // signal for the whole exchange, body included, joins the deadline and the caller's abort.
    const deadline = AbortSignal.timeout(timeoutMs)
    const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline
    try {
      const reply = await $fetch.raw<string, 'text'>(request.path, {
        method: request.method,
        headers: request.headers,
        query: request.query,
        body: request.body,
        signal,
      })
      return { status: reply.status, text: reply._data ?? '' }
    } catch (error) {
      if (deadline.aborted && !request.signal?.aborted) {
        throw new ApiError('timeout', { cause: error, message: `no answer within ${timeoutMs} ms` })
      }
      throw new ApiError('network_error', { cause: request.signal?.aborted ? request.signal.reason : error })
    }
  }
}

/** The options the transport sets, on an object without a prototype (see {@link createTransport}). */
function ownInit(init: RequestInit | undefined): RequestInit {
  const own = Object.create(null) as RequestInit
  if (!init) return own
  for (const key of ['method', 'headers', 'body', 'signal', 'duplex'] as const) {
    if (Object.hasOwn(init, key) && init[key as keyof RequestInit] !== undefined) (own as Record<string, unknown>)[key] = init[key as keyof RequestInit]
  }
  return own
}
