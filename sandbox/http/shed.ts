/**
 * Load shedding: under overload the server refuses early (503 `busy` with `Retry-After`) instead of
 * queueing every request until all of them are late. Two signals, both read in O(1) per request:
 * - the event loop is congested: a timer that should tick every few milliseconds has not run for
 *   longer than `maxLagMs` (the loop is busy with earlier requests), or its recent lag is that high,
 *   while calls arrive in a burst (`minBurst` in the last 100 ms: a lag with few calls is the machine's
 *   other work or one slow query, and refusing would not help);
 * - too many API requests are already in flight (waiting on the database or a hash): `maxInFlight`.
 * A refusal costs a few microseconds and no body work, so the loop keeps answering the requests it
 * took within the latency goal (sandbox/bench/overload.ts measures it). The host decides in
 * {@link Shedder.gate}, the node request listener itself: before a web Request, routing, the body or
 * the database, a refused call costs only node's parse of its head and the write of the 503.
 * @module
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import type { Context, MiddlewareHandler, Next } from 'hono'
import { statusOf } from '../../sdk/contract/all.ts'

/** Options of {@link createShedder}. */
export interface ShedOptions {
  /** Event-loop lag beyond which new requests are refused (default 75 ms: a single slow query does not trip it). */
  maxLagMs?: number
  /** API requests in flight beyond which new ones are refused (default 256). */
  maxInFlight?: number
  /** Seconds the refusal's `Retry-After` asks for (default 1). */
  retryAfterS?: number
  /** Tick of the lag timer (default 5 ms). */
  tickMs?: number
  /** Calls in the last 100 ms below which a lag alone refuses nothing (default 20, i.e. 200 calls/s). */
  minBurst?: number
  /**
   * The clock and the lag timer (default `performance.now` and an unref'd `setInterval`). A test gives
   * its own, to stall the loop or let it tick by steps instead of by busy-waiting.
   */
  clock?: ShedClock
}

/** What the shedder reads the time and ticks with. */
export interface ShedClock {
  now(): number
  /** Calls `tick` every `ms` until the returned stop is called. */
  every(ms: number, tick: () => void): () => void
}

const realClock: ShedClock = {
  now: () => performance.now(),
  every(ms, tick) {
    const timer = setInterval(tick, ms)
    // It never keeps the process alive.
    timer.unref()
    return () => clearInterval(timer)
  },
}

/** A shedder: the middleware, what it did so far, and its stop. */
export interface Shedder {
  /** Sheds the requests of one Hono app (where the node listener is not the caller's to wrap). */
  middleware: MiddlewareHandler
  /**
   * Wraps a node request listener: the requests whose target `sheds` (the API's paths) are decided
   * here, first, and a refused one never reaches `listener`; the others pass through untouched. A
   * target that `streams` (a long-lived stream, held open for minutes) counts as in flight only
   * until its reply's head is written: an open stream is not a call waiting for work, and streams
   * held open would otherwise fill every place (their own caps: sandbox/service/streams.ts).
   */
  gate(listener: RequestListener, sheds: (url: string) => boolean, streams?: (url: string) => boolean): RequestListener
  stats(): { inFlight: number; shed: number; lagMs: number }
  stop(): void
}

const body = JSON.stringify({ success: false, code: 'busy', message: 'The server is busy: try again in a moment.', value: { retryAfter: 1 } })
const bodyBytes = Buffer.from(body)

/**
 * Creates a load shedder. Its timer is unref'd (it never keeps the process alive); call `stop` on close.
 */
export function createShedder(opts: ShedOptions = {}): Shedder {
  const maxLagMs = opts.maxLagMs ?? 75
  const maxInFlight = opts.maxInFlight ?? 256
  const retryAfter = String(opts.retryAfterS ?? 1)
  const tickMs = opts.tickMs ?? 5
  const minBurst = opts.minBurst ?? 20
  const clock = opts.clock ?? realClock
  // Arrivals in the current and the previous 100 ms window.
  let window = Math.floor(clock.now() / 100)
  let arrivals = 0
  let previous = 0
  let lastTick = clock.now()
  // The lag seen by the last ticks, decaying: a loop that just came out of a long stall stays "late"
  // for a few ticks, so the requests that queued during the stall are refused, not answered late.
  let lag = 0
  let inFlight = 0
  let shed = 0
  const stopTicks = clock.every(tickMs, () => {
    const now = clock.now()
    const late = Math.max(0, now - lastTick - tickMs)
    lag = Math.max(late, lag * 0.7)
    lastTick = now
  })

  const congested = (now: number) => lag > maxLagMs || now - lastTick - tickMs > maxLagMs

  /** Counts an arrival and says whether to refuse it: a few comparisons, nothing read from the request. */
  const refuse = (): boolean => {
    const now = clock.now()
    const w = Math.floor(now / 100)
    if (w !== window) {
      // Windows slept through in a stall saw no arrivals because nothing ran, not because none came:
      // the busier window before the stall stands for them, so the calls queued during the stall are
      // refused from the first one on, not answered late until a new window has counted a burst.
      previous = w === window + 1 ? arrivals : now - lastTick - tickMs > maxLagMs ? Math.max(arrivals, previous) : 0
      arrivals = 0
      window = w
    }
    arrivals++
    const burst = arrivals + previous >= minBurst
    if (inFlight >= maxInFlight || (burst && congested(now))) {
      shed++
      return true
    }
    return false
  }
  const headers = { 'Content-Type': 'application/json', 'Retry-After': retryAfter, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }

  const middleware = async (c: Context, next: Next) => {
    if (refuse()) return c.body(body, statusOf.busy as 503, headers)
    inFlight++
    try {
      await next()
    } finally {
      inFlight--
    }
    return undefined
  }
  const release = () => {
    inFlight--
  }
  const gate = (listener: RequestListener, sheds: (url: string) => boolean, streams?: (url: string) => boolean): RequestListener => {
    return (req: IncomingMessage, res: ServerResponse) => {
      const url = req.url ?? '/'
      if (!sheds(url)) return listener(req, res)
      if (refuse()) {
        // Node discards a body the request still sends; the connection stays open for the next call.
        res.writeHead(statusOf.busy, { ...headers, 'Content-Length': bodyBytes.byteLength })
        res.end(bodyBytes)
        return
      }
      inFlight++
      if (streams?.(url)) {
        holdUntilHead(res)
        return listener(req, res)
      }
      // 'close' follows the last byte written, or a connection lost before it: either way done.
      res.once('close', release)
      return listener(req, res)
    }
  }
  /** Gives a stream's place back once its head is written (it then streams), or when it closes first. */
  const holdUntilHead = (res: ServerResponse) => {
    let held = true
    const done = () => {
      if (!held) return
      held = false
      inFlight--
    }
    const writeHead = res.writeHead
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      done()
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args)
    } as typeof res.writeHead
    res.once('close', done)
  }
  return {
    middleware: middleware as MiddlewareHandler,
    gate,
    stats: () => ({ inFlight, shed, lagMs: Math.round(lag) }),
    stop: stopTicks,
  }
}
