import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { endpoints } from '../../sdk/contract/all.ts'
import { client, login } from '../auth/testkit.ts'
import { postgresForFile } from '../race-testkit.ts'
import { startSandbox, type Sandbox } from '../testing.ts'
import { readEvents } from './sse-testkit.ts'

// Two sandbox processes' worth of servers on one PostgreSQL: a message written through one reaches a
// player streaming from the other (LISTEN/NOTIFY, not process memory).
const server = postgresForFile()
let a: Sandbox
let b: Sandbox
beforeAll(async () => {
  // One after the other: the first seeds the empty database.
  a = await startSandbox({ databaseUrl: server.url })
  b = await startSandbox({ databaseUrl: server.url })
})
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()])
})

/** The stream's reader and a promise settled once its response has started (it is then subscribed). */
function stream(sb: Sandbox, token: string, count: number, ms: number) {
  let opened = () => {}
  const ready = new Promise<void>((r) => (opened = r))
  const events = readEvents(`${sb.url}${endpoints.chatStream.path}`, { Authorization: `Bearer ${token}` }, count, ms, opened)
  return { ready: Promise.race([ready, events.then(() => undefined)]), events }
}

/** The LISTEN connections the cluster has now (the sandboxes' listeners), by backend pid. */
const listeners = async (sb: Sandbox) =>
  (await sb.db.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()")).map((r) => r.pid)

const reply = (sb: Sandbox, id: number, body: string) =>
  fetch(`${sb.url}/sandbox/cs/conversations/${id}/reply`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ body }) })

describe('chat across sandbox processes on one PostgreSQL', () => {
  it('an operator reply written through one sandbox streams live to a player connected to the other', async () => {
    expect(a.db.kind).toBe('postgres')
    const ca = client(a.url)
    const token = ((await login(ca, a.url, 'demo01', 'demo1234', { ip: '10.77.0.1' })).body.value as { token: string }).token
    const opened = (await ca.call('chatOpen', {}, { token })).body.value as { conversationId: number }
    const live = stream(a, token, 2, 10_000)
    await live.ready
    expect((await reply(b, opened.conversationId, 'Hello from the other process')).status).toBe(200)
    expect((await reply(b, opened.conversationId, 'And again')).status).toBe(200)
    expect((await live.events).map((m) => m.body)).toEqual(['Hello from the other process', 'And again'])
  })

  it('a dropped listening connection comes back and the stream catches up, nothing lost or doubled', async () => {
    const ca = client(a.url)
    const token = ((await login(ca, a.url, 'agent01', 'agent1234', { ip: '10.77.0.2' })).body.value as { token: string }).token
    const opened = (await ca.call('chatOpen', {}, { token })).body.value as { conversationId: number }
    const live = stream(a, token, 3, 15_000)
    await live.ready
    await reply(b, opened.conversationId, 'one')
    // Cut every LISTEN connection (the sandboxes' own listeners): they reconnect and re-read.
    const cut = await listeners(a)
    expect(cut.length).toBeGreaterThan(0)
    await a.db.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [cut])
    await reply(b, opened.conversationId, 'two')
    // The listeners are back (each reconnects by itself and re-reads what it missed).
    await vi.waitFor(async () => expect((await listeners(a)).filter((pid) => !cut.includes(pid)).length).toBeGreaterThan(0), { timeout: 10_000, interval: 50 })
    await reply(b, opened.conversationId, 'three')
    const got = await live.events
    expect(got.map((m) => m.body)).toEqual(['one', 'two', 'three'])
    expect(new Set(got.map((m) => m.id)).size).toBe(3)
  })
})
