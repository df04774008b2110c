import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createShedder, type ShedClock } from './shed.ts'

const app = (shedder: ReturnType<typeof createShedder>, work: () => Promise<void> = async () => undefined) => {
  const a = new Hono()
  a.use('*', shedder.middleware)
  a.get('/x', async (c) => {
    await work()
    return c.json({ success: true })
  })
  return a
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * A loop the test drives: `tick` runs the lag timer on time (a calm loop), `stall` moves the clock
 * without ticking (a loop held by synchronous work), then the next tick sees the lag. No busy-waiting
 * and no real time: the same on a quiet machine and a loaded one.
 */
function manualLoop() {
  let now = 1_000_000
  let tickMs = 5
  let tick = () => {}
  const clock: ShedClock = {
    now: () => now,
    every(ms, fn) {
      tickMs = ms
      tick = fn
      return () => {
        tick = () => {}
      }
    },
  }
  return {
    clock,
    /** `n` ticks on time. */
    calm(n = 1) {
      for (let i = 0; i < n; i++) {
        now += tickMs
        tick()
      }
    },
    /** The loop held for `ms` without a tick. */
    stall(ms: number) {
      now += ms
    },
  }
}

describe('load shedding', () => {
  it('refuses at once with 503 busy and Retry-After while the event loop is congested, and answers again once it is not', async () => {
    const loop = manualLoop()
    const shedder = createShedder({ maxLagMs: 40, minBurst: 0, clock: loop.clock })
    let worked = 0
    try {
      const a = app(shedder, async () => {
        worked++
      })
      loop.calm()
      expect((await a.request('/x')).status).toBe(200)
      const before = shedder.stats().shed
      // Earlier requests hold the loop for 150 ms (a burst of synchronous work).
      loop.stall(150)
      const refused = await a.request('/x')
      expect(refused.status).toBe(503)
      expect(refused.headers.get('retry-after')).toBe('1')
      expect(await refused.json()).toMatchObject({ success: false, code: 'busy' })
      // Refused before any work: the handler ran for the first call only.
      expect(worked).toBe(1)
      // The loop comes out of the stall late, and stays late for a few ticks (the lag decays, it is not
      // forgotten at the first tick on time): the calls that queued meanwhile are still refused.
      loop.calm(2)
      expect((await a.request('/x')).status).toBe(503)
      // The loop catches up: a few ticks later the lag has decayed and calls are answered.
      loop.calm(10)
      expect((await a.request('/x')).status).toBe(200)
      expect(worked).toBe(2)
      expect(shedder.stats().shed).toBe(before + 2)
    } finally {
      shedder.stop()
    }
  })

  it('does not refuse a lone call for a lag it did not cause (the machine busy elsewhere, one slow query)', async () => {
    const loop = manualLoop()
    const shedder = createShedder({ maxLagMs: 40, minBurst: 20, clock: loop.clock })
    try {
      const a = app(shedder)
      loop.stall(150)
      expect((await a.request('/x')).status).toBe(200)
      // A burst in the same congestion is refused.
      loop.stall(150)
      const statuses = await Promise.all(Array.from({ length: 30 }, () => Promise.resolve(a.request('/x')).then((r: Response) => r.status)))
      expect(statuses.filter((s: number) => s === 503).length).toBeGreaterThan(0)
    } finally {
      shedder.stop()
    }
  })

  it('refuses the first call after a stall that interrupted a burst, not only once a new window counted one', async () => {
    const loop = manualLoop()
    const shedder = createShedder({ maxLagMs: 40, minBurst: 20, clock: loop.clock })
    try {
      const a = app(shedder)
      loop.calm()
      // A steady burst: 30 calls within one window.
      const before = await Promise.all(Array.from({ length: 30 }, () => Promise.resolve(a.request('/x')).then((r: Response) => r.status)))
      expect(before).toEqual(Array(30).fill(200))
      // The loop stalls for 250 ms (2+ windows pass uncounted); the call that queued meanwhile is refused.
      loop.stall(250)
      expect((await a.request('/x')).status).toBe(503)
    } finally {
      shedder.stop()
    }
  })

  it('on the real clock, a calm loop answers and stop ends its timer', async () => {
    const shedder = createShedder({ maxLagMs: 10_000 })
    const a = app(shedder)
    expect((await a.request('/x')).status).toBe(200)
    shedder.stop()
  })

  it('refuses beyond maxInFlight calls waiting on slow work, without queueing them', async () => {
    const shedder = createShedder({ maxInFlight: 2, maxLagMs: 10_000 })
    let release = () => {}
    const gate = new Promise<void>((r) => (release = r))
    try {
      const a = app(shedder, () => gate)
      const held = [a.request('/x'), a.request('/x')]
      while (shedder.stats().inFlight < 2) await sleep(5)
      expect((await a.request('/x')).status).toBe(503)
      release()
      expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200])
      expect((await a.request('/x')).status).toBe(200)
    } finally {
      shedder.stop()
    }
  })

  it('decides in the node listener: a refused call never reaches the app, other paths pass, a finished call frees its place', async () => {
    const shedder = createShedder({ maxInFlight: 1, maxLagMs: 10_000 })
    const seen: string[] = []
    let release = () => {}
    const held = new Promise<void>((r) => (release = r))
    const app = async (req: IncomingMessage, res: ServerResponse) => {
      seen.push(req.url ?? '')
      if (req.url === '/api/slow') await held
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok')
    }
    const server = createServer(shedder.gate(app, (url) => url.startsWith('/api')))
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const slow = fetch(`${url}/api/slow`)
      while (shedder.stats().inFlight < 1) await sleep(5)
      const refused = await fetch(`${url}/api/list?x=1`)
      expect([refused.status, refused.headers.get('retry-after'), refused.headers.get('cache-control')]).toEqual([503, '1', 'no-store'])
      expect(await refused.json()).toMatchObject({ success: false, code: 'busy' })
      // A body is not read for a refusal, and the connection serves the next call.
      const post = await fetch(`${url}/api/bet`, { method: 'POST', body: 'x'.repeat(200_000) })
      expect(post.status).toBe(503)
      await post.arrayBuffer()
      expect(seen).toEqual(['/api/slow'])
      // Not the API's: never shed.
      expect((await fetch(`${url}/page`)).status).toBe(200)
      release()
      expect((await slow).status).toBe(200)
      while (shedder.stats().inFlight > 0) await sleep(5)
      expect((await fetch(`${url}/api/list`)).status).toBe(200)
      expect(seen).toEqual(['/api/slow', '/page', '/api/list'])
      expect(shedder.stats().shed).toBe(2)
    } finally {
      shedder.stop()
      server.closeAllConnections()
      await new Promise((r) => server.close(r))
    }
  })
})

describe('long-lived streams and the in-flight count', () => {
  it('a stream holds its place only until its head is written; a call refused meanwhile is answered once it streams', async () => {
    const shedder = createShedder({ maxInFlight: 1, maxLagMs: 10_000 })
    let open = () => {}
    const opened = new Promise<void>((r) => (open = r))
    let closed: Promise<unknown> = Promise.resolve()
    const app = async (req: IncomingMessage, res: ServerResponse) => {
      if (req.url === '/api/stream') {
        closed = new Promise((r) => res.once('close', r))
        await opened
        res.writeHead(200, { 'Content-Type': 'text/event-stream' })
        res.write(': open\n\n')
        return
      }
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok')
    }
    const server = createServer(
      shedder.gate(
        app,
        (url) => url.startsWith('/api'),
        (url) => url === '/api/stream',
      ),
    )
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const ctrl = new AbortController()
    try {
      const stream = fetch(`${url}/api/stream`, { signal: ctrl.signal })
      while (shedder.stats().inFlight < 1) await sleep(5)
      // Still opening (routing, the database): it counts like any call.
      expect((await fetch(`${url}/api/list`)).status).toBe(503)
      open()
      const res = await stream
      expect(res.status).toBe(200)
      // Streaming: its place is free, and closing it later does not count it twice.
      expect(shedder.stats().inFlight).toBe(0)
      expect((await fetch(`${url}/api/list`)).status).toBe(200)
      ctrl.abort()
      await res.body?.cancel().catch(() => {})
      await closed
      expect(shedder.stats().inFlight).toBe(0)
    } finally {
      ctrl.abort()
      shedder.stop()
      server.closeAllConnections()
      await new Promise((r) => server.close(r))
    }
  })
})
