import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../sdk/contract/all.ts'
import { client } from '../auth/testkit.ts'
import { startSandbox, type Sandbox } from '../testing.ts'

// What an operator watches a running instance by: liveness and readiness, one JSON log line per
// request with its id, errors logged with that id, and Prometheus metrics of this server alone.
let sb: Sandbox
let other: Sandbox
const lines: Record<string, unknown>[] = []
beforeAll(async () => {
  ;[sb, other] = await Promise.all([startSandbox({ logger: (line) => lines.push(JSON.parse(line)) }), startSandbox()])
})
afterAll(async () => Promise.all([sb?.close(), other?.close()]))

const status = endpoints.status.path

describe('health', () => {
  it('/healthz answers while the process is up; /readyz only while the database answers with every migration applied', async () => {
    expect(await (await fetch(`${sb.url}/healthz`)).json()).toEqual({ status: 'ok' })
    const ready = await fetch(`${sb.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toMatchObject({ status: 'ready', migrations: 'current' })
    // A migration not applied yet (an older database under newer code): not ready.
    const [last] = await sb.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1')
    await sb.db.query('DELETE FROM schema_migrations WHERE name = $1', [last.name])
    try {
      const pending = await fetch(`${sb.url}/readyz`)
      expect(pending.status).toBe(503)
      expect(await pending.json()).toMatchObject({ status: 'unavailable', migrations: '1 pending' })
    } finally {
      await sb.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [last.name])
    }
    expect((await fetch(`${sb.url}/readyz`)).status).toBe(200)
  })
})

describe('request log', () => {
  it('one JSON line per request with method, path, status, time and the request id, which goes back as X-Request-Id', async () => {
    const given = await fetch(`${sb.url}${status}?x=1`, { headers: { 'X-Request-Id': 'proxy-id-42' } })
    expect(given.headers.get('x-request-id')).toBe('proxy-id-42')
    const made = await fetch(`${sb.url}/nowhere`)
    const madeId = made.headers.get('x-request-id')
    expect(madeId).toMatch(/^[0-9a-f-]{36}$/)
    // A header that is not a plain id is not echoed into the log.
    const odd = await fetch(`${sb.url}/healthz`, { headers: { 'X-Request-Id': 'a b\tc' } })
    expect(odd.headers.get('x-request-id')).not.toBe('a b\tc')
    const line = lines.find((l) => l.requestId === 'proxy-id-42')
    expect(line).toMatchObject({ level: 'info', method: 'GET', path: status, status: 200, requestId: 'proxy-id-42' })
    expect(typeof line?.ms).toBe('number')
    expect(lines.find((l) => l.requestId === madeId)).toMatchObject({ path: '/nowhere', status: 404 })
  })

  it('an unhandled error answers a plain server_error and is logged with the request id', async () => {
    await sb.db.query('ALTER TABLE settings RENAME TO settings_away')
    try {
      const r = await fetch(`${sb.url}${status}`, { headers: { 'X-Request-Id': 'broken-1' } })
      expect(r.status).toBe(500)
      expect(await r.json()).toMatchObject({ success: false, code: 'server_error' })
    } finally {
      await sb.db.query('ALTER TABLE settings_away RENAME TO settings')
    }
    const error = lines.find((l) => l.level === 'error' && l.requestId === 'broken-1')
    expect(error).toMatchObject({ method: 'GET', path: status })
    expect(String(error?.error)).toContain('settings')
  })
})

describe('metrics', () => {
  const metrics = async (s: Sandbox) => {
    const r = await fetch(`${s.url}/metrics`)
    expect(r.headers.get('content-type')).toContain('text/plain')
    return r.text()
  }

  it('counts requests by route pattern and status, times them, and keeps each server apart', async () => {
    for (let i = 0; i < 3; i++) await fetch(`${sb.url}${status}`)
    await fetch(`${sb.url}/sandbox/qr/none.svg`)
    const text = await metrics(sb)
    const count = (route: string, code: number) => Number(text.match(new RegExp(`http_requests_total\\{method="GET",route="${route}",status="${code}"\\} (\\d+)`))?.[1] ?? 0)
    expect(count(status, 200)).toBeGreaterThanOrEqual(3)
    // A path with a parameter is counted under its pattern, not one label per path.
    expect(text).toContain('route="/sandbox/qr/:file"')
    expect(text).not.toContain('none.svg')
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/wps[^"]*"\} \d+/)
    for (const name of ['lobbykit_shed_requests_total', 'lobbykit_sse_streams_open', 'lobbykit_db_pool_connections']) expect(text).toContain(`# TYPE ${name}`)
    // The other sandbox in this process counted none of these.
    expect(await metrics(other)).not.toContain(`route="${status}"`)
  })

  it('counts the chat streams open, and one fewer once the caller leaves', async () => {
    const open = async () => Number((await metrics(sb)).match(/^lobbykit_sse_streams_open (\d+)/m)?.[1])
    expect(await open()).toBe(0)
    const { guestKey } = (await client(sb.url).call('chatOpen', { guestName: 'Ana' })).body.value as { guestKey: string }
    const leave = new AbortController()
    const stream = await fetch(`${sb.url}${endpoints.chatStream.path}?guestKey=${guestKey}`, { signal: leave.signal })
    expect(stream.headers.get('content-type')).toContain('text/event-stream')
    const reader = stream.body!.getReader()
    await reader.read()
    expect(await open()).toBe(1)
    leave.abort()
    await reader.cancel().catch(() => undefined)
    await expect.poll(open).toBe(0)
  })
})
