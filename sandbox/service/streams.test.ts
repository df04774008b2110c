import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../sdk/contract/all.ts'
import { client } from '../auth/testkit.ts'
import { Fail } from '../http/fail.ts'
import { sandboxForFile } from '../testkit.ts'
import { startSandbox, type Sandbox } from '../testing.ts'
import { createStreamRegistry, defaultStreamOptions } from './streams.ts'

// Issue #36 item 1: 256 chat streams from one guest held every in-flight place of the overload guard,
// and every call answered 503. Here the guard has 4 places, so a handful of streams shows it.
const { sb, c } = sandboxForFile({ shed: { maxInFlight: 4, maxLagMs: 60_000 } })

/** A live stream held open by the test: its answer, what it sent so far, and its close. */
interface Held {
  status: number
  body: { code?: string; message?: string }
  /** Reads until the text sent so far contains `marker` (at or after `from`), or the stream ends; answers the text. */
  until(marker: string, from?: number): Promise<string>
  close(): void
}

/** Opens the chat stream of a guest key (or a member token) from address `ip`, held until `close`. */
async function hold(url: string, who: { guestKey?: string; token?: string }, ip: string): Promise<Held> {
  const ctrl = new AbortController()
  const headers: Record<string, string> = { 'X-Forwarded-For': ip, Accept: 'text/event-stream' }
  if (who.token) headers.Authorization = `Bearer ${who.token}`
  const query = who.guestKey ? `?guestKey=${encodeURIComponent(who.guestKey)}` : ''
  const res = await fetch(`${url}${endpoints.chatStream.path}${query}`, { headers, signal: ctrl.signal })
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const body = (await res.json()) as Held['body']
    return { status: res.status, body, until: async () => '', close: () => ctrl.abort() }
  }
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  let text = ''
  return {
    status: res.status,
    body: {},
    async until(marker, from = 0) {
      while (text.indexOf(marker, from) < 0) {
        const { value, done } = await reader.read()
        if (done) break
        text += value
      }
      return text
    },
    close: () => ctrl.abort(),
  }
}

let ipSeq = 0
const nextIp = () => `10.36.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`
/** A new guest conversation opened from `ip`; answers its key. */
const guest = async (ip: string, url = sb.url) => ((await client(url).call('chatOpen', { guestName: `Guest ${ipSeq}` }, { ip })).body.value as { guestKey: string }).guestKey

describe('chat streams and the overload guard', () => {
  it('open streams take no in-flight place: with more streams open than places, every call is still answered', async () => {
    const held: Held[] = []
    try {
      for (let i = 0; i < 6; i++) {
        const ip = nextIp()
        const s = await hold(sb.url, { guestKey: await guest(ip) }, ip)
        held.push(s)
        expect(s.status).toBe(200)
        await s.until(': open')
      }
      expect((await c.raw('publicKey', {})).status).toBe(200)
      expect((await c.raw('status', {})).status).toBe(200)
    } finally {
      for (const s of held) s.close()
    }
  })
})

describe('stream caps', () => {
  it('refuses a third stream of one conversation with too_many_streams; closing one frees its place', async () => {
    const ip = nextIp()
    const key = await guest(ip)
    const a = await hold(sb.url, { guestKey: key }, ip)
    const b = await hold(sb.url, { guestKey: key }, ip)
    const refused = await hold(sb.url, { guestKey: key }, ip)
    try {
      expect([a.status, b.status]).toEqual([200, 200])
      expect(refused.status).toBe(429)
      expect(refused.body.code).toBe('too_many_streams')
      expect(refused.body.message).toMatch(/too many windows/)
      a.close()
      // The server sees the close as the connection ends: the place comes back then.
      let again = await hold(sb.url, { guestKey: key }, ip)
      for (let i = 0; again.status === 429 && i < 200; i++) {
        await new Promise((r) => setImmediate(r))
        again = await hold(sb.url, { guestKey: key }, ip)
      }
      expect(again.status).toBe(200)
      again.close()
    } finally {
      a.close()
      b.close()
    }
  })

  it('refuses beyond 8 streams from one address, whatever the conversations', async () => {
    const ip = nextIp()
    const held: Held[] = []
    try {
      for (let i = 0; i < 4; i++) {
        const key = await guest(ip)
        for (let j = 0; j < 2; j++) held.push(await hold(sb.url, { guestKey: key }, ip))
      }
      expect(held.map((s) => s.status)).toEqual(Array(8).fill(200))
      const ninth = await hold(sb.url, { guestKey: await guest(ip) }, ip)
      expect([ninth.status, ninth.body.code]).toEqual([429, 'too_many_streams'])
      // Another address is not held back by this one.
      const other = nextIp()
      const fine = await hold(sb.url, { guestKey: await guest(other) }, other)
      expect(fine.status).toBe(200)
      fine.close()
    } finally {
      for (const s of held) s.close()
    }
  })

  it('caps one member over every tab and device (4 by default), counted in each place once', () => {
    const registry = createStreamRegistry({ perConversation: 10 })
    expect(defaultStreamOptions).toMatchObject({ perConversation: 2, perMember: 4, perAddress: 8 })
    const leave = Array.from({ length: 4 }, (_, i) => registry.open({ conversationId: 1, memberId: 'm1', ip: `10.0.0.${i}` }))
    expect(() => registry.open({ conversationId: 1, memberId: 'm1', ip: '10.0.0.9' })).toThrow(Fail)
    // Released twice, counted back once.
    leave[0]()
    leave[0]()
    const fifth = registry.open({ conversationId: 1, memberId: 'm1', ip: '10.0.0.9' })
    expect(registry.size()).toBe(4)
    expect(() => registry.open({ conversationId: 1, memberId: 'm1', ip: '10.0.0.9' })).toThrow(/too many windows/)
    for (const l of [...leave, fifth]) l()
    expect(registry.size()).toBe(0)
  })
})

describe('idle streams', () => {
  let clock = Date.UTC(2026, 11, 5, 12)
  let idle: Sandbox
  beforeAll(async () => {
    // A heartbeat every 25 ms so the test does not wait 15 s for the check; the idle time is the clock's.
    idle = await startSandbox({ now: () => clock, streams: { heartbeatMs: 25, idleMs: 60_000 } })
  })
  afterAll(() => idle?.close())

  it('closes a stream that carried nothing for the idle time with an idle event; a message keeps it open', async () => {
    const ip = nextIp()
    const key = await guest(ip, idle.url)
    const s = await hold(idle.url, { guestKey: key }, ip)
    try {
      expect(s.status).toBe(200)
      await s.until(': open')
      clock += 50_000
      const [{ id }] = await idle.db.query<{ id: number }>('SELECT id FROM chat_conversations ORDER BY id DESC LIMIT 1')
      const reply = await fetch(`${idle.url}/sandbox/cs/conversations/${id}/reply`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ body: 'Still there?' }),
      })
      expect(reply.status).toBe(200)
      await s.until('Still there?')
      // 70 s after opening but 20 s after the message: the next heartbeat pings, the stream stays.
      clock += 20_000
      const seen = (await s.until('Still there?')).length
      const after = await s.until(': ping', seen)
      expect(after.slice(seen)).not.toContain('event: idle')
      // A minute after the message: closed, with the idle event last.
      clock += 40_000
      const end = await s.until('event: idle')
      expect(end.trimEnd().endsWith('event: idle\ndata: {}')).toBe(true)
      // Its place is free again: two new streams of the conversation open.
      const x = await hold(idle.url, { guestKey: key }, ip)
      const y = await hold(idle.url, { guestKey: key }, ip)
      expect([x.status, y.status]).toEqual([200, 200])
      x.close()
      y.close()
    } finally {
      s.close()
    }
  })
})
