import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { createStorage } from '../storage/index.ts'
import { createClient } from './core-client.ts'
import { ApiError } from './index.ts'
import { ok, reply, startEdgeServer } from './testing/server.ts'
import { withAllRoutes } from './testing/all-routes.ts'

// The deadline and the caller's abort on ofetch: cases the client tests do not reach.
const server = await startEdgeServer((_, res) => reply(res, 200, ok([])))
afterAll(() => server.close())
beforeEach(() => {
  server.seen.length = 0
})

const client = withAllRoutes(createClient({ baseURL: server.url, merchant: 'LOBBYKIT', storage: createStorage(), timeoutMs: 300 }))

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(ApiError)
      return error as ApiError
    },
  )

describe('transport deadline and abort', () => {
  it('times out when the headers arrive but the body stops', async () => {
    server.use((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"success":true,')
    })
    // A deadline long enough for the request to reach the server on a busy machine (with 300 ms the
    // client sometimes gave up before the server had read the request): the headers must have come.
    const patient = withAllRoutes(createClient({ baseURL: server.url, merchant: 'LOBBYKIT', storage: createStorage(), timeoutMs: 3_000 }))
    const error = await failure(patient.api('countries'))
    expect(error.code).toBe('timeout')
    // The deadline covers the body too, at the client's own time-out, and the call is not sent again.
    expect(error.message).toBe('no answer within 3000 ms')
    expect(server.seen).toHaveLength(1)
  })

  it('still times out when the caller passes a signal of its own', async () => {
    server.use(() => undefined) // never answers
    const error = await failure(client.api('countries', {}, { signal: new AbortController().signal }))
    expect(error.code).toBe('timeout')
  })

  it('stops at once when the caller aborts, with the caller’s reason, and does not retry', async () => {
    server.use(() => undefined)
    const controller = new AbortController()
    const call = failure(client.api('countries', {}, { signal: controller.signal }))
    await expect.poll(() => server.seen.length).toBe(1)
    controller.abort(new Error('newer query'))
    const error = await call
    expect(error.code).toBe('network_error')
    expect((error.cause as Error).message).toBe('newer query')
    expect(server.seen).toHaveLength(1)
  })

  it('reads the body of an HTTP error status as an answer', async () => {
    server.use((_, res) => reply(res, 404, { success: false, code: 'not_found', message: 'gone' }))
    const error = await failure(client.api('countries'))
    expect(error).toMatchObject({ code: 'not_found', status: 404 })
  })

  it('ignores options a host page put on Object.prototype', async () => {
    server.use((_, res) => reply(res, 200, ok([])))
    const proto = Object.prototype as Record<string, unknown>
    // Only what ofetch reads: Node's own fetch (undici) would also take a polluted `query` or handler.
    const polluted = {
      headers: { 'X-Evil': '1' },
      defaults: { headers: { 'X-Evil': '2' } },
      baseURL: 'http://127.0.0.1:9',
      parseResponse: () => 'evil',
    }
    Object.assign(proto, polluted)
    try {
      expect(await client.api('countries')).toEqual([])
    } finally {
      for (const key of Object.keys(polluted)) delete proto[key]
    }
    expect(server.seen[0].headers['x-evil']).toBeUndefined()
  })

  it('gives fetch no option a host page put on Object.prototype', async () => {
    // A browser's fetch reads its options through the prototype chain: `integrity` or `credentials`
    // inherited from a polluted Object.prototype would change every call (a wrong integrity fails them all).
    // (Node's fetch is not the judge here: undici copies them internally from its own objects.)
    const seen: RequestInit[] = []
    const spied = withAllRoutes(
      createClient({
        baseURL: server.url,
        merchant: 'LOBBYKIT',
        storage: createStorage(),
        fetch: async (_input, init) => {
          seen.push(init as RequestInit)
          return new Response(JSON.stringify(ok([])), { status: 200, headers: { 'content-type': 'application/json' } })
        },
      }),
    )
    const proto = Object.prototype as Record<string, unknown>
    const polluted = { integrity: 'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=', credentials: 'include', referrerPolicy: 'unsafe-url' }
    Object.assign(proto, polluted)
    try {
      expect(await spied.api('countries')).toEqual([])
      const init = seen[0] as Record<string, unknown>
      for (const key of Object.keys(polluted)) expect(init[key], key).toBeUndefined()
      expect(init.method).toBe('GET')
    } finally {
      for (const key of Object.keys(polluted)) delete proto[key]
    }
  })
})
