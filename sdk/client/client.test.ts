import { constants, createDecipheriv, generateKeyPairSync, privateDecrypt } from 'node:crypto'
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Language } from '../contract/index.ts'
import { createStorage } from '../storage/index.ts'
import { createClient } from './core-client.ts'
import { ApiError, newIdempotencyKey, type ClientOptions } from './index.ts'
import { ok, reply, startEdgeServer } from './testing/server.ts'
import { withAllRoutes } from './testing/all-routes.ts'

const answerOk: Parameters<typeof startEdgeServer>[0] = (_, res) => reply(res, 200, ok({}))
const server = await startEdgeServer(answerOk)
afterAll(() => server.close())
// Each test starts on a server that answers ok and has seen nothing, whatever the test before it set.
beforeEach(() => {
  server.seen.length = 0
  server.use(answerOk)
})

// The platform still sends its symbol; the client takes the currency code only (Intl gives the symbol).
const balance = { sumBalance: 500000, currency: 'PHP', currencySymbol: '₱' }
const rules = [{ field: 'username', enabled: true, required: true, acceptedPattern: '*', patternId: 1, minLength: 2, maxLength: 15 }]

function setup(extra: Partial<ClientOptions> = {}) {
  const storage = createStorage()
  let language: Language = 'en'
  const client = withAllRoutes(createClient({ baseURL: server.url, merchant: 'LOBBYKIT', storage, language: () => language, ...extra }))
  return { client, storage, setLanguage: (l: Language) => (language = l) }
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(ApiError)
      return error as ApiError
    },
  )

describe('headers and encoding', () => {
  it('sends Merchant, Language, Device and the bearer token on token calls', async () => {
    server.use((_, res) => reply(res, 200, ok(balance)))
    const { client, storage, setLanguage } = setup()
    storage.session.set('token', 'tok-1')
    setLanguage('es')
    expect(await client.api('balance')).toEqual({ sumBalance: 500000, currency: 'PHP' })
    const [seen] = server.seen
    expect(seen.url.pathname).toBe('/wps/v2/wallets/balance')
    expect(seen.headers).toMatchObject({ merchant: 'LOBBYKIT', language: 'es', device: 'WEB', authorization: 'Bearer tok-1' })
  })

  it('never sends the token to token-free endpoints, and sends GET input as a query', async () => {
    server.use((_, res) => reply(res, 200, ok({ valid: true, agent: 'agent01' })))
    const { client, storage } = setup()
    storage.session.set('token', 'tok-1')
    await client.api('affiliate', { code: 'ABC', domain: 'x.test' })
    const [seen] = server.seen
    expect(seen.headers.authorization).toBeUndefined()
    expect(Object.fromEntries(seen.url.searchParams)).toEqual({ code: 'ABC', domain: 'x.test' })
  })

  it('with simpleReads, sends a public read with no custom header (a CORS simple request) and the values in its query; a token call keeps its headers', async () => {
    server.use((_, res) => reply(res, 200, ok({ valid: true, agent: 'agent01' })))
    const { client, storage, setLanguage } = setup({ simpleReads: true })
    setLanguage('es')
    await client.api('affiliate', { code: 'ABC', domain: 'x.test' })
    const [read] = server.seen
    expect(read.headers.merchant).toBeUndefined()
    expect(read.headers.language).toBeUndefined()
    expect(read.headers.device).toBeUndefined()
    expect(Object.fromEntries(read.url.searchParams)).toEqual({ code: 'ABC', domain: 'x.test', _merchant: 'LOBBYKIT', _language: 'es', _device: 'WEB' })
    server.use((_, res) => reply(res, 200, ok(balance)))
    storage.session.set('token', 'tok-1')
    await client.api('balance')
    expect(server.seen[1].headers).toMatchObject({ merchant: 'LOBBYKIT', language: 'es', device: 'WEB', authorization: 'Bearer tok-1' })
    expect(server.seen[1].url.search).toBe('')
  })

  it('encodes query values so that spaces, plus signs, ampersands and non-ASCII text arrive intact', async () => {
    server.use((_, res) => reply(res, 200, ok({ valid: true, agent: 'agent01' })))
    const { client } = setup()
    const code = 'A B+C&D=é/?#'
    await client.api('affiliate', { code, domain: 'x.test' })
    expect(server.seen[0].url.pathname).toBe('/wps/agent/affiliate')
    expect(server.seen[0].url.searchParams.get('code')).toBe(code)
  })

  it('asks for JSON when it sends a body, and sends no body or content type on a GET', async () => {
    server.use((req, res) => reply(res, 200, ok(req.method === 'GET' ? [] : {})))
    const { client } = setup()
    await client.api('forgotEmail', { username: 'demo01', email: 'd@x.test' })
    await client.api('countries')
    expect(server.seen[0].headers.accept).toBe('application/json')
    expect(server.seen[1].method).toBe('GET')
    expect(server.seen[1].body).toBe('')
    expect(server.seen[1].headers['content-type']).toBeUndefined()
  })

  it('sends form endpoints form-encoded and other payloads as JSON', async () => {
    const { client } = setup()
    await client.api('forgotEmail', { username: 'demo01', email: 'd@x.test' })
    await client.api('raffleClaim', { promotionId: 'p1' }).catch(() => undefined)
    expect(server.seen[0].headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(new URLSearchParams(server.seen[0].body).get('email')).toBe('d@x.test')
    // raffleClaim needs a token: refused before any request is made
    expect(server.seen).toHaveLength(1)
  })

  it('refuses a token call without a token at once, without calling', async () => {
    const { client } = setup()
    const error = await rejection(client.api('memberInfo'))
    expect(error.code).toBe('session_expired')
    expect(server.seen).toHaveLength(0)
  })
})

describe('reply validation', () => {
  const cases: [string, number, string, string][] = [
    ['an HTML page', 200, '<!doctype html><p>hello</p>', 'bad_reply'],
    ['truncated JSON', 200, '{"success":true,"code":"ok"', 'bad_reply'],
    ['a value off-schema', 200, JSON.stringify(ok({ sumBalance: 'lots' })), 'bad_reply'],
    ['an unknown code', 200, JSON.stringify({ success: true, code: 'yay', message: '', value: balance }), 'bad_reply'],
    ['a proxy 502 page', 502, '<html>Bad gateway</html>', 'server_error'],
    ['a bare 429', 429, 'slow down', 'rate_limited'],
  ]
  it.each(cases)('turns %s into %s', async (_, status, body, code) => {
    server.use((_, res) => {
      res.writeHead(status, { 'content-type': 'text/html' })
      res.end(body)
    })
    const { client, storage } = setup()
    storage.session.set('token', 't')
    const error = await rejection(client.api('balance'))
    expect(error.code).toBe(code)
    expect(error.messageKey).toBe(`err_${code}`)
  })

  it('keeps the server code, fields and hints of an error envelope', async () => {
    server.use((_, res) => reply(res, 400, { success: false, code: 'validation_failed', message: 'bad', fields: { email: 'err_field_invalid' }, value: { captcha: true } }))
    const { client } = setup()
    const error = await rejection(client.api('forgotEmail', { username: 'demo01', email: 'nope' }))
    expect(error).toMatchObject({ code: 'validation_failed', status: 400, fields: { email: 'err_field_invalid' }, value: { captcha: true } })
  })
})

describe('failures without an answer', () => {
  it('times out', async () => {
    server.use(() => undefined) // never answers
    const { client } = setup({ timeoutMs: 150 })
    const error = await rejection(client.api('countries'))
    expect(error.code).toBe('timeout')
    // At the deadline the client was given (not the default), and not asked again.
    expect(error.message).toBe('no answer within 150 ms')
    expect(server.seen).toHaveLength(1)
  })

  it('retries a GET once after a dropped connection', async () => {
    let calls = 0
    server.use((_, res) => (++calls === 1 ? res.socket?.destroy() : reply(res, 200, ok([]))))
    const { client } = setup()
    expect(await client.api('countries')).toEqual([])
    expect(server.seen).toHaveLength(2)
  })

  it('gives up on a GET after the second drop', async () => {
    server.use((_, res) => res.socket?.destroy())
    const { client } = setup()
    expect((await rejection(client.api('countries'))).code).toBe('network_error')
    expect(server.seen).toHaveLength(2)
  })

  it('does not retry a GET on an HTTP error', async () => {
    server.use((_, res) => reply(res, 500, { success: false, code: 'server_error', message: 'boom' }))
    const { client } = setup()
    expect((await rejection(client.api('countries'))).code).toBe('server_error')
    expect(server.seen).toHaveLength(1)
  })

  it('never retries a POST', async () => {
    server.use((_, res) => res.socket?.destroy())
    const { client } = setup()
    expect((await rejection(client.api('forgotEmail', { username: 'a', email: 'b' }))).code).toBe('network_error')
    expect(server.seen).toHaveLength(1)
  })
})

describe('session expiry', () => {
  it('clears the session and notifies once for three concurrent calls', async () => {
    server.use((_, res) => setTimeout(() => reply(res, 401, { success: false, code: 'session_expired', message: '' }), 20))
    const onSessionExpired = vi.fn()
    const { client, storage } = setup({ onSessionExpired })
    storage.session.set('token', 'old')
    storage.session.set('account', 'demo01')
    storage.session.set('merchantConfig', { skin: 'a' })
    const errors = await Promise.all([client.api('balance'), client.api('memberInfo'), client.api('unreadCount')].map(rejection))
    expect(errors.map((e) => e.code)).toEqual(['session_expired', 'session_expired', 'session_expired'])
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
    expect(storage.session.get('token')).toBeUndefined()
    expect(storage.session.get('account')).toBeUndefined()
    expect(storage.session.get('merchantConfig')).toEqual({ skin: 'a' })
  })
})

describe('session cache', () => {
  it('serves a cached reply, misses after a language change and after clearCache', async () => {
    server.use((_, res) => reply(res, 200, ok(rules)))
    const { client, setLanguage } = setup()
    expect(await client.api('registerSettings')).toEqual(rules)
    expect(await client.api('registerSettings')).toEqual(rules)
    expect(server.seen).toHaveLength(1)
    setLanguage('es')
    await client.api('registerSettings')
    expect(server.seen).toHaveLength(2)
    expect(server.seen[1].headers.language).toBe('es')
    client.clearCache()
    await client.api('registerSettings')
    expect(server.seen).toHaveLength(3)
  })

  it('does not trust a tampered cache entry', async () => {
    server.use((_, res) => reply(res, 200, ok(rules)))
    const { client, storage } = setup()
    await client.api('registerSettings')
    const key = storage.session.keys().find((k) => k.includes('settings'))!
    storage.session.set(key, [{ field: 'username', enabled: 'yes' }])
    expect(await client.api('registerSettings')).toEqual(rules)
    expect(server.seen).toHaveLength(2)
  })
})

describe('money calls', () => {
  const transfer = { from: 'MAIN', to: 'PG', amount: 1000 }

  it('refuses a money call without an idempotency key', async () => {
    const { client, storage } = setup()
    storage.session.set('token', 't')
    // @ts-expect-error the contract requires idempotencyKey on transfers
    const error = await rejection(client.api('walletTransfer', transfer))
    expect(error.code).toBe('validation_failed')
    expect(server.seen).toHaveLength(0)
  })

  it('sends the same key when the caller retries', async () => {
    let calls = 0
    server.use((_, res) => (++calls === 1 ? res.socket?.destroy() : reply(res, 200, ok({ transactionId: 'tx1', sumBalance: 499000 }))))
    const { client, storage } = setup()
    storage.session.set('token', 't')
    const idempotencyKey = newIdempotencyKey()
    const input = { ...transfer, idempotencyKey }
    expect((await rejection(client.api('walletTransfer', input))).code).toBe('network_error')
    expect(server.seen).toHaveLength(1) // not retried automatically
    expect(await client.api('walletTransfer', input)).toEqual({ transactionId: 'tx1', sumBalance: 499000 })
    expect(server.seen.map((s) => s.headers['idempotency-key'])).toEqual([idempotencyKey, idempotencyKey])
  })
})

describe('encryption', () => {
  const makeKey = (id: string) => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    return { keyId: id, spki: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'), privateKey }
  }
  const open = (body: { key: string; iv: string; data: string }, privateKey: ReturnType<typeof makeKey>['privateKey']) => {
    const key = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(body.key, 'base64'))
    const data = Buffer.from(body.data, 'base64')
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(body.iv, 'base64'))
    decipher.setAuthTag(data.subarray(-16))
    return JSON.parse(Buffer.concat([decipher.update(data.subarray(0, -16)), decipher.final()]).toString('utf8')) as unknown
  }
  const login = {
    type: 'username',
    username: 'demo01',
    password: 'demo1234',
    slider: { challengeId: 'c', position: 0.5, durationMs: 900, path: [] as [number, number][] },
  } as const
  const loginValue = { token: 'T', firstTimeLogin: false, passwordExpired: false, weakPassword: false, userName: 'demo01', captcha: false, isAgent: 0 }

  it('seals the body with a fresh key per call, fetching the public key once', async () => {
    const current = makeKey('k1')
    const opened: unknown[] = []
    const ivs: string[] = []
    server.use((req, res) => {
      if (req.url.pathname === '/wps/system/publicKey') return reply(res, 200, ok({ keyId: current.keyId, spki: current.spki }))
      const body = JSON.parse(req.body) as { keyId: string; key: string; iv: string; data: string }
      expect(req.headers['x-encrypted']).toBe('1')
      expect(body.keyId).toBe('k1')
      expect(req.body).not.toContain('demo1234')
      ivs.push(body.iv)
      opened.push(open(body, current.privateKey))
      reply(res, 200, ok(loginValue))
    })
    const { client } = setup()
    expect(await client.api('login', login)).toEqual(loginValue)
    await client.api('login', login)
    expect(opened).toEqual([login, login])
    expect(ivs[0]).not.toBe(ivs[1])
    expect(server.seen.filter((s) => s.url.pathname === '/wps/system/publicKey')).toHaveLength(1)
  })

  it('fetches the key again and resends once when the server rotated it', async () => {
    let current = makeKey('k1')
    server.use((req, res) => {
      if (req.url.pathname === '/wps/system/publicKey') return reply(res, 200, ok({ keyId: current.keyId, spki: current.spki }))
      const body = JSON.parse(req.body) as { keyId: string; key: string; iv: string; data: string }
      if (body.keyId !== current.keyId) return reply(res, 400, { success: false, code: 'validation_failed', message: 'key changed', value: { keyChanged: true } })
      expect(open(body, current.privateKey)).toEqual(login)
      reply(res, 200, ok(loginValue))
    })
    const { client } = setup()
    await client.api('login', login)
    current = makeKey('k2')
    expect(await client.api('login', login)).toEqual(loginValue)
    expect(server.seen.map((s) => s.url.pathname)).toEqual(['/wps/system/publicKey', '/wps/session/login', '/wps/session/login', '/wps/system/publicKey', '/wps/session/login'])
  })

  it('fetches the key again and resends once on key_unknown, and only once', async () => {
    let current = makeKey('k1')
    let retired = false
    server.use((req, res) => {
      if (req.url.pathname === '/wps/system/publicKey') return reply(res, 200, ok({ keyId: current.keyId, spki: current.spki }))
      const body = JSON.parse(req.body) as { keyId: string; key: string; iv: string; data: string }
      if (retired || body.keyId !== current.keyId) return reply(res, 400, { success: false, code: 'key_unknown', message: 'key unknown' })
      expect(open(body, current.privateKey)).toEqual(login)
      reply(res, 200, ok(loginValue))
    })
    const { client } = setup()
    await client.api('login', login)
    current = makeKey('k2')
    expect(await client.api('login', login)).toEqual(loginValue)
    const logins = () => server.seen.filter((s) => s.url.pathname === '/wps/session/login').length
    expect(logins()).toBe(3)
    // A server that refuses every key: one resend with the new key, then the refusal.
    retired = true
    current = makeKey('k3')
    expect(await rejection(client.api('login', login))).toMatchObject({ code: 'key_unknown', messageKey: 'err_key_unknown' })
    expect(logins()).toBe(5)
  })
})
