/**
 * One origin for `npm start`, Playwright and people: the sandbox API (or a proxy to a real platform),
 * the built site with clean URLs and language variants, and the embed files with open CORS.
 * @module
 */
import { createServer as createHttpServer, type RequestListener, type ServerOptions as HttpServerOptions } from 'node:http'
import type { AddressInfo, BlockList } from 'node:net'
import { join } from 'node:path'
import { serve, type ServerType } from '@hono/node-server'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { etag, RETAINED_304_HEADERS } from 'hono/etag'
import { proxy } from 'hono/proxy'
import type { Db } from './db/index.ts'
import { openDb, pendingMigrations } from './db/index.ts'
import { createObserver, type Logger, requestIdOf, setRouteLabel } from './ops/observe.ts'
import type { ApiEnv } from './http/report.ts'
import { createApp, createDeps } from './app.ts'
import { sealOperatorSecrets } from './backoffice/secret-box.ts'
import { startDrawTimer, type DrawTimer } from './lottery/scheduler.ts'
import { Fail, failResponse } from './http/fail.ts'
import { clientIp, parseTrustedProxies } from './http/address.ts'
import { apiPrefixes } from './http/handle.ts'
import { seedIfEmpty } from './seed/index.ts'
import { staticFiles } from './static/files.ts'
import { embedOrigins } from './cors.ts'
import { firstPaintRoute } from './static/first-paint.ts'
import { endpoints, headerNames, wireQuery } from '../sdk/contract/all.ts'
import type { ScryptCost } from './auth/password.ts'
import type { PaymentProvider } from './money/providers.ts'
import type { Delivery } from './delivery/index.ts'
import { readBytes } from './http/body.ts'
import { proxyBodyLimit } from './http/limits.ts'
import { createShedder, type ShedOptions } from './http/shed.ts'
import { createCompressor } from './http/compress.ts'
import type { StreamOptions } from './service/streams.ts'
import type { KeyOptions } from './auth/rsa.ts'
import type { IdentityProviders } from './auth/oidc.ts'
import { type ContentEditorOptions, mountContentEditor } from './content/editor.ts'
import { type LiveContentOptions, liveContentFromEnv } from './content/live.ts'

/** Options of {@link startServer}. */
export interface ServerOptions {
  port?: number
  host?: string
  /** Built site (default `dist/site`). */
  staticDir?: string
  /** Built embed bundle, served under `/embed/` (default `dist/embed`). */
  embedDir?: string
  /** Built first-paint renderer of the embed (default `dist/embed-server`; see sandbox/static/first-paint.ts). */
  renderDir?: string
  dataDir?: string
  databaseUrl?: string
  /** Forward `/wps`, `/lgw`, `/lotto` to this platform instead of running the sandbox. */
  platformUrl?: string
  production?: boolean
  /** An open database to serve (the caller keeps ownership and closes it). */
  db?: Db
  /** Clock of the sandbox routes (tests move time). */
  now?: () => number
  /**
   * Where the request log (one JSON line per request) and the errors go, with their request id. None:
   * no request log, errors on stderr (tests stay quiet). `main.ts` passes stdout.
   */
  logger?: Logger
  /** Also the process metrics (CPU, memory, event loop) at `/metrics`: once per process (`main.ts`). */
  processMetrics?: boolean
  /** scrypt cost of new password hashes (default: the production cost; tests pass a cheap one). */
  scryptCost?: ScryptCost
  /** The payment provider (main.ts reads PAYMENT_PROVIDER): default the simulator outside production, none in it. */
  payments?: PaymentProvider | null
  /** The email and SMS providers (main.ts reads SMTP_URL, SMS_URL…): default the dev inbox outside production, none in it. */
  delivery?: Partial<Delivery>
  /**
   * Load shedding of the API (sandbox/http/shed.ts): on unless `false`. The test sandboxes turn it off
   * (a shared, loaded test machine must not see 503s), the overload bench turns it on.
   */
  shed?: ShedOptions | false
  /** Caps and timings of the chat's live streams (defaults in sandbox/service/streams.ts). */
  streams?: Partial<StreamOptions>
  /** Rotation of the platform keys sealed bodies use (defaults in sandbox/auth/rsa.ts). */
  keys?: Partial<KeyOptions>
  /** OPERATOR_SECRET_KEY, which operators' TOTP secrets are sealed with (default: the public development key). */
  operatorSecretKey?: string
  /**
   * Proxies whose X-Forwarded-For is believed, as TRUSTED_PROXIES takes them (`127.0.0.1, 10.0.0.0/8`).
   * Default none: the socket peer is the caller.
   */
  trustedProxies?: string | string[]
  /**
   * Origins of the platform's game and picture servers, as GAME_ORIGINS takes them (comma list): pages
   * may frame games and show pictures from them. Default none (the sandbox serves both itself).
   */
  gameOrigins?: string | readonly string[]
  /** The OpenID providers of Google and Facebook sign-in (main.ts reads the OIDC_* settings); none unless given. */
  identity?: IdentityProviders
  /**
   * The editors' web interface (`/admin/content`) and its endpoint (`POST /sandbox/content`) over this
   * repository's `site/content`: `npm run dev` and the editor's journey only, never in production.
   */
  content?: ContentEditorOptions
  /**
   * The content editor for the back office's content operators and its Publish (sandbox/content/live.ts):
   * by default over `CONTENT_DIR` (else `site/content` of the working directory), rebuilding the served
   * site; false for none.
   */
  liveContent?: LiveContentOptions | false
}

/**
 * The origins pages may frame games and load pictures from: `GAME_ORIGINS` (each reduced to its
 * origin; anything not http(s) is dropped) and the platform's own origin in proxy mode.
 * @example gameOrigins('https://cdn.example/games, javascript:x') // ['https://cdn.example']
 */
export function gameOrigins(raw: string | readonly string[] | undefined, platformUrl?: string): string[] {
  const items = [...(typeof raw === 'string' ? raw.split(',') : (raw ?? [])), ...(platformUrl ? [platformUrl] : [])]
  const out = new Set<string>()
  for (const item of items) {
    try {
      const url = new URL(item.trim())
      if (url.protocol === 'https:' || url.protocol === 'http:') out.add(url.origin)
    } catch {
      // not an address: nothing to allow
    }
  }
  return [...out]
}

/** A running server. */
export interface RunningServer {
  url: string
  port: number
  db: Db | null
  close(): Promise<void>
}

/** Paths of the sandbox's own API: the calls the load shedder decides on. */
const shedPrefixes = [...apiPrefixes, '/sandbox']

/** Whether a request target is one of the sandbox API's paths (`/wps`, `/wps/…`, `/wps?…`, …). */
export const isShedPath = (url: string): boolean => shedPrefixes.some((p) => url.startsWith(p) && (url.length === p.length || url[p.length] === '/' || url[p.length] === '?'))

/** Paths of the long-lived streams (the chat's live updates): held open for minutes, never an in-flight call. */
const streamPaths = [endpoints.chatStream.path]

/** Whether a request target is one of the long-lived streams (see {@link streamPaths}). */
export const isStreamPath = (url: string): boolean => streamPaths.some((p) => url.startsWith(p) && (url.length === p.length || url[p.length] === '?'))

/** Request headers the platform must not see from the browser: the host and the encoding are the proxy's own. */
const notForwarded = new Set(['host', 'content-length', 'accept-encoding'])

/**
 * Forwards a request to the platform, headers and body included, through `hono/proxy` (which drops the
 * hop-by-hop headers both ways and the encoding of a body fetch has already decoded), adding the
 * `X-Forwarded-*` headers; an unreachable platform answers a 502 envelope.
 */
function proxyTo(platformUrl: string, trustedProxies: BlockList) {
  const base = new URL(platformUrl)
  return async (c: Context): Promise<Response> => {
    const incoming = new URL(c.req.url)
    const target = new URL(incoming.pathname + incoming.search, base)
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(c.req.header())) if (!notForwarded.has(name.toLowerCase())) headers[name] = value
    // A public read sent as a simple request (an embed) names merchant, language and device in its
    // query: the platform gets them as the headers it reads.
    for (const name of ['merchant', 'language', 'device'] as const) {
      const value = target.searchParams.get(wireQuery[name])
      target.searchParams.delete(wireQuery[name])
      if (value !== null && !Object.keys(headers).some((h) => h.toLowerCase() === headerNames[name].toLowerCase())) headers[headerNames[name]] = value
    }
    headers['X-Forwarded-For'] = clientIp(c, trustedProxies)
    // One id for the request in this host's log and the platform's.
    for (const name of Object.keys(headers)) if (name.toLowerCase() === 'x-request-id') delete headers[name]
    headers['X-Request-Id'] = requestIdOf(c)
    headers['X-Forwarded-Host'] = incoming.host
    headers['X-Forwarded-Proto'] = incoming.protocol.replace(':', '')
    const method = c.req.method
    // Bounded like every body the sandbox reads: the largest call is a 5 MB proof image.
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBytes(c.req.raw, proxyBodyLimit)
    if (body === null) return c.json({ success: false, code: 'validation_failed', message: 'The request body is too large.', value: null }, 413)
    try {
      const upstream = await proxy(target, {
        method,
        headers,
        body: body as BodyInit | undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      })
      // hono/proxy drops the length only with an encoding: the body is streamed on as fetch decoded it.
      upstream.headers.delete('content-length')
      return upstream
    } catch (err) {
      console.error(`[host] platform ${target.origin} unreachable:`, (err as Error).message)
      return failResponse(c, new Fail('bad_reply', 'The platform could not be reached.'), 502)
    }
  }
}

/**
 * Cache-Control of the embed files: a versioned path (`/0.4.0/…`) and hashed chunks never change;
 * the moving channel (`/v1/lobbykit.js`, its manifest and types) is checked again within minutes.
 */
export const embedCacheControl = (urlPath: string): string =>
  /^\/\d+\.\d+\.\d+[^/]*\//.test(urlPath) || urlPath.includes('/chunks/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300'

/**
 * Starts the one-origin server: API (sandbox or proxy), site, embed files.
 * @example const s = await startServer({ port: 0 }); console.log(s.url); await s.close()
 */
export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const production = opts.production ?? process.env.NODE_ENV === 'production'
  const trustedProxies = parseTrustedProxies(opts.trustedProxies)
  const root = new Hono()
  let inFlight = 0
  let drained: (() => void) | undefined
  let db: Db | null = null
  let ownsDb = false
  let drawTimer: DrawTimer | undefined
  let shedder: ReturnType<typeof createShedder> | undefined

  // Request id in and out, the request log and the metrics, for every request (site, embed, API).
  const observer = createObserver({
    logger: opts.logger,
    shed: () => shedder?.stats().shed ?? 0,
    pool: () => db?.poolStats?.() ?? { total: 0, idle: 0, waiting: 0 },
    processMetrics: opts.processMetrics,
  })
  root.use('*', observer.middleware)
  root.onError((err, c) => {
    observer.logError(c, err)
    return failResponse(c, new Fail('server_error'))
  })
  // Liveness: the process answers. Readiness: the database answers and every migration is applied
  // (503 otherwise, so a proxy or an orchestrator sends no traffic here yet). Metrics for Prometheus.
  const plain = (c: Context, route: string) => {
    setRouteLabel(c, route)
    c.header('Cache-Control', 'no-store')
  }
  root.get('/healthz', (c) => {
    plain(c, '/healthz')
    return c.json({ status: 'ok' })
  })
  root.get('/readyz', async (c) => {
    plain(c, '/readyz')
    if (!db) return c.json({ status: 'ready', database: 'platform' })
    try {
      const pending = await Promise.race([pendingMigrations(db), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer within 5 s')), 5_000).unref())])
      if (pending.length) return c.json({ status: 'unavailable', database: 'ok', migrations: `${pending.length} pending` }, 503)
      return c.json({ status: 'ready', database: 'ok', migrations: 'current' })
    } catch (err) {
      observer.logError(c, err)
      return c.json({ status: 'unavailable', database: 'unreachable' }, 503)
    }
  })
  root.get('/metrics', async (c) => {
    plain(c, '/metrics')
    return c.body(await observer.registry.metrics(), 200, { 'Content-Type': observer.registry.contentType })
  })

  if (opts.content && !production) mountContentEditor(root, opts.content)

  if (opts.platformUrl) {
    const forward = proxyTo(opts.platformUrl, trustedProxies)
    const proxy = (c: Context) => {
      setRouteLabel(c, 'proxy')
      return forward(c)
    }
    for (const prefix of apiPrefixes) {
      root.all(prefix, proxy)
      root.all(`${prefix}/*`, proxy)
    }
  } else {
    db = opts.db ?? null
    if (!db) {
      db = await openDb({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl })
      ownsDb = true
      await seedIfEmpty(db, { cost: opts.scryptCost, demoAccounts: !production, demoContent: !production })
    }
    const deps = createDeps(db, {
      production,
      now: opts.now,
      scryptCost: opts.scryptCost,
      trustedProxies,
      payments: opts.payments,
      delivery: opts.delivery,
      streams: opts.streams,
      keys: opts.keys,
      identity: opts.identity,
      operatorSecretKey: opts.operatorSecretKey,
      liveContent: opts.liveContent === false ? undefined : (opts.liveContent ?? liveContentFromEnv(process.env, process.cwd(), opts.staticDir ?? join('dist', 'site'))),
    })
    // Operator secrets written in the clear before they were sealed are sealed now; a wrong key stops here.
    await sealOperatorSecrets(db, deps.operatorKey)
    const api = createApp(deps)
    // Lottery draws settle on their schedule in the background, not only when a page asks.
    drawTimer = startDrawTimer(deps)
    // Shared replies (the game list) are compressed once per encoding, the rest off the event loop.
    const compressor = createCompressor()
    // Calls under way are counted so that closing waits for them before the database goes (a call
    // still running then would fail on a closed pool).
    const toApi = async (c: Context) => {
      inFlight++
      const env: ApiEnv = { ...(c.env as object), requestId: requestIdOf(c), logError: (err, what) => observer.logError(c, err, what) }
      try {
        const res = await api.fetch(c.req.raw, env)
        setRouteLabel(c, env.route ?? 'unmatched')
        return observer.trackStream(await compressor.compress(c, res))
      } finally {
        if (--inFlight === 0) drained?.()
      }
    }
    // Under overload, refuse early (503 with Retry-After) rather than queue every call: decided in the
    // node listener (below), before routing, the body or the database.
    shedder = opts.shed === false ? undefined : createShedder(opts.shed)
    for (const prefix of shedPrefixes) {
      root.all(prefix, toApi)
      root.all(`${prefix}/*`, toApi)
    }
  }

  const frameOrigins = embedOrigins(process.env, production)
  const contentOrigins = gameOrigins(opts.gameOrigins ?? process.env.GAME_ORIGINS, opts.platformUrl)
  const embed = staticFiles(opts.embedDir ?? join('dist', 'embed'), {
    locales: false,
    prefix: '/embed',
    headers: { 'Access-Control-Allow-Origin': '*' },
    cacheControl: embedCacheControl,
    frameOrigins,
    contentOrigins,
  })
  // Conditional GETs of the built files (If-None-Match → 304) by Hono's middleware; a partner page
  // revalidating an embed file keeps its CORS header.
  const conditional = etag({ retainedHeaders: [...RETAINED_304_HEADERS, 'access-control-allow-origin'] })
  const embedLabel: MiddlewareHandler = (c, next) => {
    setRouteLabel(c, '/embed')
    return next()
  }
  root.use('/embed', embedLabel, conditional)
  root.use('/embed/*', embedLabel, conditional)
  // An element's first screen as HTML with its data: rendered from this host's own API.
  root.get('/embed/:channel/render/:tag', firstPaintRoute({ dir: opts.renderDir, api: (request) => root.fetch(request), origins: frameOrigins }))
  root.all('/embed', embed)
  root.all('/embed/*', embed)
  root.use('*', conditional)
  root.all('*', staticFiles(opts.staticDir ?? join('dist', 'site'), { locales: true, contentOrigins }))

  const server = await new Promise<ServerType>((resolveServer, reject) => {
    const gate = shedder?.gate
    const s = serve({
      fetch: root.fetch,
      port: opts.port ?? 4321,
      hostname: opts.host ?? '127.0.0.1',
      ...(gate && {
        createServer: ((options: HttpServerOptions, listener: RequestListener) => createHttpServer(options, gate(listener, isShedPath, isStreamPath))) as typeof createHttpServer,
      }),
    })
    s.once('listening', () => resolveServer(s))
    s.once('error', reject)
  }).catch(async (err: unknown) => {
    await drawTimer?.stop()
    throw err
  })
  const address = server.address() as AddressInfo
  const hostName = address.family === 'IPv6' ? `[${address.address}]` : address.address
  let closed = false
  return {
    url: `http://${hostName}:${address.port}`,
    port: address.port,
    db,
    async close() {
      if (closed) return
      closed = true
      await new Promise<void>((done) => {
        server.close(() => done())
        ;(server as { closeAllConnections?: () => void }).closeAllConnections?.()
      })
      // The handlers of calls whose connection was cut still run: let them finish (2 s at most).
      if (inFlight > 0) await Promise.race([new Promise<void>((done) => (drained = done)), new Promise((done) => setTimeout(done, 2_000).unref())])
      await drawTimer?.stop()
      shedder?.stop()
      if (ownsDb && db) await db.close()
    },
  }
}
