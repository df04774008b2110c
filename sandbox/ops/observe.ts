/**
 * What an operator watches a running instance by: a request id on every request (`X-Request-Id` taken
 * from the caller or the proxy when well-formed, else made, and sent back), one JSON log line per
 * request, and Prometheus metrics (prom-client) in a registry of this server's own, so several servers
 * in one process (tests) keep their counts apart.
 * @module
 */
import { randomUUID } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/** Where log lines go: one JSON object per line. `main.ts` writes them to stdout; tests pass none. */
export type Logger = (line: string) => void

/** The request id of a request (set by {@link Observer.middleware}). */
export const requestIdOf = (c: Context): string => (c.get('requestId' as never) as string | undefined) ?? ''

/** Sets the route label the metrics count a request under (bounded: a route pattern, not a path). */
export const setRouteLabel = (c: Context, route: string): void => c.set('route' as never, route as never)

/** A caller's id is kept when it is short and plain; anything else is replaced. */
const wellFormedId = /^[A-Za-z0-9._:-]{1,128}$/

/** Options of {@link createObserver}. */
export interface ObserverOptions {
  /** Request and error log lines go here; none: no log. */
  logger?: Logger
  /** How many API calls the load shedder refused so far. */
  shed?: () => number
  /** The database pool's connections (PostgreSQL). */
  pool?: () => { total: number; idle: number; waiting: number }
  /** Also the process metrics (CPU, memory, event loop): once per process, so `main.ts` only. */
  processMetrics?: boolean
}

/** Request ids, the request log and the metrics of one server. */
export interface Observer {
  registry: Registry
  /** Request id in and out, then (after the reply) the log line and the counts. */
  middleware: MiddlewareHandler
  /** Counts a Server-Sent Events reply as an open stream until its body ends or the caller goes. */
  trackStream(res: Response): Response
  /** Logs an error with the request it happened in (`what` failed, when said). */
  logError(c: Context, err: unknown, what?: string): void
}

/** Creates the observer of one server. */
export function createObserver(opts: ObserverOptions = {}): Observer {
  const registry = new Registry()
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to the reply head, by method and route.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const shedFn = opts.shed
  new Counter({
    name: 'lobbykit_shed_requests_total',
    help: 'API calls refused by the load shedder (503 busy).',
    registers: [registry],
    collect() {
      this.reset()
      if (shedFn) this.inc(shedFn())
    },
  })
  const poolFn = opts.pool
  new Gauge({
    name: 'lobbykit_db_pool_connections',
    help: 'Database pool connections by state (total, idle, waiting clients); PostgreSQL only.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!poolFn) return
      const p = poolFn()
      this.set({ state: 'total' }, p.total)
      this.set({ state: 'idle' }, p.idle)
      this.set({ state: 'waiting' }, p.waiting)
    },
  })
  const streams = new Gauge({ name: 'lobbykit_sse_streams_open', help: 'Server-Sent Events streams open now.', registers: [registry] })
  if (opts.processMetrics) collectDefaultMetrics({ register: registry })
  const logger = opts.logger

  const middleware: MiddlewareHandler = async (c, next) => {
    const started = performance.now()
    const given = c.req.header('x-request-id')
    const id = given && wellFormedId.test(given) ? given : randomUUID()
    c.set('requestId' as never, id as never)
    await next()
    c.res.headers.set('X-Request-Id', id)
    const seconds = (performance.now() - started) / 1000
    const route = (c.get('route' as never) as string | undefined) ?? 'site'
    requests.inc({ method: c.req.method, route, status: String(c.res.status) })
    latency.observe({ method: c.req.method, route }, seconds)
    logger?.(
      JSON.stringify({
        time: new Date().toISOString(),
        level: 'info',
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(seconds * 10_000) / 10,
        requestId: id,
      }),
    )
  }

  return {
    registry,
    middleware,
    trackStream(res) {
      if (!res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) return res
      const reader = res.body.getReader()
      let open = true
      const done = () => {
        if (!open) return
        open = false
        streams.dec()
      }
      streams.inc()
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const { value, done: ended } = await reader.read()
            if (ended) {
              done()
              controller.close()
            } else controller.enqueue(value)
          } catch (err) {
            done()
            controller.error(err)
          }
        },
        async cancel(reason) {
          done()
          await reader.cancel(reason)
        },
      })
      return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers })
    },
    logError(c, err, what) {
      const e = err instanceof Error ? err : new Error(String(err))
      if (!logger) {
        console.error(`[sandbox] ${what ?? 'request'} failed (request ${requestIdOf(c) || '-'}):`, e)
        return
      }
      logger(
        JSON.stringify({
          time: new Date().toISOString(),
          level: 'error',
          method: c.req.method,
          path: c.req.path,
          requestId: requestIdOf(c),
          what,
          error: e.message,
          stack: e.stack,
        }),
      )
    },
  }
}
