import { Hono } from 'hono'
import { describe, expect, it, vi } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { endpoints, type ResponseOf } from '../../sdk/contract/all.ts'
import { createDeps } from '../app.ts'
import { handle } from './handle.ts'
import { naughty } from './naughty.ts'

const { sb } = sandboxForFile()

interface Envelope {
  success: boolean
  code: string
  message: string
  value?: unknown
  fields?: Record<string, string>
}
const call = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${sb.url}${path}`, init)
  const type = res.headers.get('content-type') ?? ''
  return { status: res.status, type, body: (type.includes('json') ? await res.json() : await res.text()) as Envelope }
}
const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
})

describe('http layer', () => {
  it('answers invalid input with a 4xx envelope naming the field, never a 5xx', async () => {
    const r = await call('/wps/system/domainRoute?device=9')
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ success: false, code: 'validation_failed', fields: { device: 'err_field_invalid' } })
    expect(r.body.message).not.toBe('')
  })

  it('survives naughty values in every field of an open endpoint', async () => {
    for (const value of naughty) {
      for (const body of [{ questionType: value, content: 'long enough text' }, { questionType: 'GAME', content: value }, value]) {
        const r = await call('/wps/feedback', json('PUT', body))
        expect(r.status, JSON.stringify(body).slice(0, 80)).toBeLessThan(500)
        expect(r.type).toContain('application/json')
      }
      let encoded: string
      try {
        encoded = encodeURIComponent(String(value))
      } catch {
        encoded = '%ED%A0%80' // a lone surrogate, as raw bytes
      }
      const q = await call(`/wps/system/domainRoute?device=${encoded}`)
      expect(q.status).toBeLessThan(500)
    }
    for (const raw of ['%', '%zz', '%00', '%C0%AF', 'a&device=0&device=3']) expect((await call(`/wps/system/domainRoute?device=${raw}`)).status).toBeLessThan(500)
    expect((await call('/wps/system/status')).status).toBe(200)
  })

  it('answers malformed JSON with validation_failed', async () => {
    const r = await call('/wps/feedback', json('PUT', '{"questionType": "GAME", '))
    expect(r.status).toBe(400)
    expect(r.body.code).toBe('validation_failed')
  })

  it('answers unknown API paths with a 404 JSON envelope, never HTML', async () => {
    for (const path of ['/wps/nope', '/lgw/nope/deeper', '/lotto/x', '/wps', '/sandbox/nope']) {
      const r = await call(path)
      expect(r.status, path).toBe(404)
      expect(r.type).toContain('application/json')
      expect(r.body).toMatchObject({ success: false, code: 'not_found' })
    }
  })

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const res = await fetch(`${sb.url}/wps/system/status`, { method: 'DELETE' })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET')
    expect(((await res.json()) as Envelope).success).toBe(false)
  })

  it('refuses a body over 256 KB with 413, declared or streamed', async () => {
    const big = JSON.stringify({ questionType: 'GAME', content: 'x'.repeat(300_000) })
    const r = await call('/wps/feedback', json('PUT', big))
    expect(r.status).toBe(413)
    expect(r.body.code).toBe('validation_failed')
    const chunks = new ReadableStream<Uint8Array>({
      start(ctrl) {
        for (let i = 0; i < 40; i++) ctrl.enqueue(new TextEncoder().encode('x'.repeat(10_000)))
        ctrl.close()
      },
    })
    const streamed = await fetch(`${sb.url}/wps/feedback`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: chunks, duplex: 'half' } as RequestInit)
    expect(streamed.status).toBe(413)
  })

  it('keeps __proto__ and constructor keys harmless', async () => {
    const payload = '{"questionType":"GAME","content":"prototype pollution try","__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}'
    // From an address of its own: the naughty values above spent this one's feedback allowance.
    const r = await call('/wps/feedback', json('PUT', payload, { 'X-Forwarded-For': '203.0.113.77' }))
    expect(r.status).toBe(200)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    const q = await call('/wps/system/domainRoute?__proto__[device]=3&constructor=1&device=3')
    expect(q.status).toBe(200)
    expect((q.body.value as { device: number }[]).every((d) => d.device === 3)).toBe(true)
  })

  it('asks for a session on token endpoints', async () => {
    for (const auth of [undefined, 'Bearer nonsense', 'Basic abc', `Bearer ${'a'.repeat(5000)}`]) {
      const r = await call('/wps/v2/wallets/balance', { headers: auth ? { Authorization: auth } : {} })
      expect(r.status).toBe(401)
      expect(r.body.code).toBe('session_expired')
    }
  })

  it('refuses plain bodies on encrypted endpoints', async () => {
    const r = await call('/wps/session/login', json('POST', { type: 'username', username: 'demo01', password: 'demo1234' }))
    expect(r.status).toBe(400)
    expect(r.body.code).toBe('validation_failed')
  })

  it('closes every call but status during maintenance, and reopens', async () => {
    await sb.admin.setStatus({ maintenance: true })
    try {
      const blocked = await call('/wps/system/countries')
      expect(blocked.status).toBe(503)
      expect(blocked.body.code).toBe('maintenance')
      expect((await call('/lgw/games/game_menus')).body.code).toBe('maintenance')
      const status = await call('/wps/system/status')
      expect(status.status).toBe(200)
      expect(status.body.value).toMatchObject({ systemStatus: 1, maintenance: { enabled: true } })
      expect((await call('/sandbox/inbox')).status).toBe(200)
    } finally {
      await sb.admin.setStatus({ maintenance: false })
    }
    expect((await call('/wps/system/countries')).status).toBe(200)
  })

  it('blocks by region while the restriction is on', async () => {
    await sb.admin.setStatus({ regionRestriction: true })
    try {
      const blocked = await call('/wps/system/helpCenter')
      expect(blocked.status).toBe(451)
      expect(blocked.body.code).toBe('region_blocked')
      expect(((await call('/wps/system/status')).body.value as { systemStatus: number }).systemStatus).toBe(2)
    } finally {
      await sb.admin.setStatus({ regionRestriction: false })
    }
    expect(((await call('/wps/system/status')).body.value as { systemStatus: number }).systemStatus).toBe(0)
  })

  it('validates the admin routes too', async () => {
    expect((await call('/sandbox/admin/flags', json('POST', { flag: 'NOPE3', enabled: true }))).status).toBe(400)
    expect((await call('/sandbox/admin/flags', json('POST', { flag: 'DIRECTREG3', enabled: 'yes' }))).status).toBe(400)
    expect((await call('/sandbox/admin/status', json('POST', '{oops'))).status).toBe(400)
  })
})

describe('shared replies', () => {
  /** An app with one shared endpoint whose reply names the build that made it. */
  function sharedApp(reply: (n: number) => unknown = (n) => [{ gameClassify: 'SLOT', name: `build ${n}`, count: n }]) {
    const app = new Hono()
    const state = { builds: 0, scope: {} as object }
    handle(app, createDeps(sb.db), 'vassGameType', async () => reply(++state.builds) as ResponseOf<'vassGameType'>, {
      share: (input) => (input.vassalage === 'MINE' ? null : { scope: state.scope, key: input.vassalage ?? '' }),
    })
    const get = async (vassalage?: string) => {
      const res = await app.request(`${endpoints.vassGameType.path}?gameType=RNG${vassalage ? `&vassalage=${vassalage}` : ''}`)
      return { status: res.status, type: res.headers.get('content-type'), length: res.headers.get('content-length'), text: await res.text() }
    }
    return { state, get }
  }

  it('builds and checks a reply once per scope and key, then serves the same bytes', async () => {
    const { state, get } = sharedApp()
    const first = await get('PG')
    expect(first).toMatchObject({ status: 200, type: 'application/json' })
    expect(JSON.parse(first.text)).toEqual({ success: true, code: 'ok', message: '', value: [{ gameClassify: 'SLOT', name: 'build 1', count: 1 }] })
    expect(await get('PG')).toEqual(first)
    expect(state.builds).toBe(1)
    expect(JSON.parse((await get('JILI')).text).value[0].name).toBe('build 2')
    expect(JSON.parse((await get()).text).value[0].name).toBe('build 3')
    expect(JSON.parse((await get('PG')).text).value[0].name).toBe('build 1')
    state.scope = {}
    expect(JSON.parse((await get('PG')).text).value[0].name).toBe('build 4')
  })

  it('builds a reply the handler keeps to the caller every time', async () => {
    const { state, get } = sharedApp()
    await get('MINE')
    await get('MINE')
    expect(state.builds).toBe(2)
  })

  it('never stores a reply that breaks the contract', async () => {
    const { state, get } = sharedApp((n) => (n === 1 ? [{ gameClassify: 'SLOT', name: 'broken', count: -1 }] : [{ gameClassify: 'SLOT', name: 'fixed', count: 1 }]))
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      expect((await get('PG')).status).toBe(500)
      expect(String(log.mock.calls[0]?.[1])).toContain('breaks the contract')
    } finally {
      log.mockRestore()
    }
    const second = await get('PG')
    expect(second.status).toBe(200)
    expect(JSON.parse(second.text).value[0].name).toBe('fixed')
    expect(state.builds).toBe(2)
  })
})
