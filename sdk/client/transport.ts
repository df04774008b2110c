import { ofetch } from 'ofetch'
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

/**
 * The wire layer on ofetch: no automatic retries, no parsing, errors only for missing answers.
 * A missing answer rejects with `timeout` after `timeoutMs` or `network_error` (also when the caller
 * aborts; the abort reason is the `cause`).
 */
export function createTransport(baseURL: string, timeoutMs: number, fetchImpl?: typeof fetch) {
  // Resolved at call time so a fetch patched after start-up (tests, polyfills) is used.
  const $fetch = ofetch.create({ baseURL }, { fetch: fetchImpl ?? ((input, init) => globalThis.fetch(input, init)) })

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
      const reply = await $fetch.raw<string, 'text'>(request.path, {
        method: request.method,
        headers: request.headers,
        query: request.query,
        body: request.body,
        signal: controller.signal,
        responseType: 'text',
        retry: false,
        ignoreResponseError: true,
      })
      return { status: reply.status, text: typeof reply._data === 'string' ? reply._data : '' }
    } catch (error) {
      if (timedOut) throw new ApiError('timeout', { cause: error, message: `no answer within ${timeoutMs} ms` })
      throw new ApiError('network_error', { cause: request.signal?.aborted ? request.signal.reason : error })
    } finally {
      clearTimeout(timer)
      request.signal?.removeEventListener('abort', onAbort)
    }
  }
}
