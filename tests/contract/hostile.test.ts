import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type * as v from 'valibot'
import { endpoints, type Endpoint, type EndpointKey } from '../../sdk/contract/all.ts'
import { importPublicKey, seal } from '../../sdk/client/crypto.ts'
import { startSandbox } from '../../sandbox/testing.ts'
import { naughty } from '../../sandbox/http/naughty.ts'

/** Field names of a request schema (objects, and every option of a variant). */
function fieldsOf(schema: v.GenericSchema): string[] {
  const s = schema as unknown as { entries?: Record<string, unknown>; options?: v.GenericSchema[]; wrapped?: v.GenericSchema }
  if (s.entries) return Object.keys(s.entries)
  if (s.options) return [...new Set(s.options.flatMap(fieldsOf))]
  if (s.wrapped) return fieldsOf(s.wrapped)
  return []
}

const table: Record<EndpointKey, Endpoint> = endpoints
const open = Object.entries(table).filter(([, e]) => e.token !== true)

describe('hostile input on every open endpoint', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>
  let rsa: CryptoKey
  let keyId: string
  beforeAll(async () => {
    sandbox = await startSandbox()
    const key = (await (await fetch(`${sandbox.url}/wps/system/publicKey`)).json()) as { value: { keyId: string; spki: string } }
    keyId = key.value.keyId
    rsa = await importPublicKey(key.value)
  })
  afterAll(() => sandbox?.close())

  const send = async (e: Endpoint, input: unknown): Promise<Response> => {
    const headers: Record<string, string> = { Merchant: 'LOBBYKIT', Language: 'en', Device: 'WEB' }
    let url = sandbox.url + e.path
    let body: string | undefined
    if (e.method === 'GET') {
      const query = new URLSearchParams()
      if (input && typeof input === 'object' && !Array.isArray(input)) {
        for (const [k, value] of Object.entries(input)) query.append(k, typeof value === 'string' ? value : JSON.stringify(value))
      }
      url += `?${query.toString().replace(/%EF%BF%BD/g, '%ED%A0%80')}`
    } else if (e.encrypt) {
      headers['Content-Type'] = 'application/json'
      headers['X-Encrypted'] = '1'
      body = JSON.stringify(await seal(keyId, rsa, input))
    } else {
      headers['Content-Type'] = e.form ? 'application/x-www-form-urlencoded' : 'application/json'
      body = e.form && input && typeof input === 'object' ? new URLSearchParams(Object.entries(input).map(([k, x]) => [k, String(x)])).toString() : JSON.stringify(input)
    }
    return fetch(url, { method: e.method, headers, body, signal: AbortSignal.timeout(15_000) })
  }

  it.each(open)('%s: no 5xx, no hang, always the envelope', async (_key, e) => {
    const failures: string[] = []
    const fields = fieldsOf(e.request)
    const inputs: unknown[] = [...naughty, ...fields.flatMap((f) => naughty.map((value) => ({ [f]: value })))]
    const check = async (input: unknown) => {
      const res = await send(e, input)
      const type = res.headers.get('content-type') ?? ''
      // A query string over Node's header limit is refused by the HTTP parser itself (431) before any route.
      const refusedByParser = res.status === 431 && e.method === 'GET'
      if (res.status >= 500 || (!type.includes('application/json') && !refusedByParser)) failures.push(`${res.status} ${type} for ${JSON.stringify(input)?.slice(0, 60)}`)
      await res.arrayBuffer()
    }
    // A few at a time, as a hostile client would send them: the server's work overlaps the
    // database's, and every reply is still checked.
    let next = 0
    const sender = async () => {
      while (next < inputs.length) await check(inputs[next++])
    }
    await Promise.all(Array.from({ length: 6 }, sender))
    expect(failures).toEqual([])
  })

  it('is still up and answering afterwards', async () => {
    const res = await fetch(`${sandbox.url}/wps/system/status`)
    expect(res.status).toBe(200)
  })
})
