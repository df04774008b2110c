/**
 * One origin for `npm start`, Playwright and people: the sandbox API (or a proxy to a real platform),
 * the built site with clean URLs and language variants, and the embed files with open CORS.
 * @module
 */
import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import type { AddressInfo, BlockList } from 'node:net'
import { join, relative, resolve, sep, extname, posix } from 'node:path'
import { Readable } from 'node:stream'
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib'
import { promisify } from 'node:util'
import { serve, type ServerType } from '@hono/node-server'
import { Hono, type Context } from 'hono'
import { etag, RETAINED_304_HEADERS } from 'hono/etag'
import { proxy } from 'hono/proxy'
import type { Db } from './db/index.ts'
import { openDb } from './db/index.ts'
import { createApp, createDeps } from './app.ts'
import { startDrawTimer, type DrawTimer } from './lottery/scheduler.ts'
import { Fail, failResponse } from './http/fail.ts'
import { clientIp, parseTrustedProxies } from './http/address.ts'
import { apiPrefixes } from './http/handle.ts'
import { isSeeded, seed } from './seed/index.ts'
import { embedOrigins } from './cors.ts'
import type { ScryptCost } from './auth/password.ts'

/** Options of {@link startServer}. */
export interface ServerOptions {
  port?: number
  host?: string
  /** Built site (default `dist/site`). */
  staticDir?: string
  /** Built embed bundle, served under `/embed/` (default `dist/embed`). */
  embedDir?: string
  dataDir?: string
  databaseUrl?: string
  /** Forward `/wps`, `/lgw`, `/lotto` to this platform instead of running the sandbox. */
  platformUrl?: string
  production?: boolean
  /** An open database to serve (the caller keeps ownership and closes it). */
  db?: Db
  /** Clock of the sandbox routes (tests move time). */
  now?: () => number
  /** Print one line per request. */
  log?: boolean
  /** scrypt cost of new password hashes (default: the production cost; tests pass a cheap one). */
  scryptCost?: ScryptCost
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

/** Languages with their own tree in the built site (EN is the root). */
export const siteLanguages = ['es', 'cn', 'vi'] as const
/** Cookie naming the visitor's language. */
export const languageCookie = 'lk_lang'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
}

/** Content type of a file name (octet-stream when unknown). */
export const contentTypeOf = (file: string): string => contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream'

const isCompressible = (type: string) => /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/.test(type)
const MIN_COMPRESS = 1024

type Encoding = 'br' | 'gzip'
/** Best encoding the client accepts (brotli first). */
function pickEncoding(accept: string | undefined): Encoding | null {
  if (!accept) return null
  const accepted = new Set(
    accept
      .split(',')
      .map((p) => p.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name.trim().toLowerCase()),
  )
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return null
}

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

// Compressed static files, keyed by path, mtime and encoding: built files never change under a key.
const compressedCache = new Map<string, Buffer>()
async function compressedFile(file: string, mtimeMs: number, enc: Encoding): Promise<Buffer> {
  const key = `${enc}:${mtimeMs}:${file}`
  let out = compressedCache.get(key)
  if (!out) {
    const data = await readFile(file)
    out = enc === 'br' ? await brotliAsync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }) : await gzipAsync(data, { level: 9 })
    if (compressedCache.size > 500) compressedCache.delete(compressedCache.keys().next().value!)
    compressedCache.set(key, out)
  }
  return out
}

/** Resolves a URL path inside `root`, or null when it would escape it or is malformed. */
function safeJoin(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const normal = posix.normalize(decoded)
  if (normal.split('/').includes('..')) return null
  const full = resolve(root, `.${normal}`)
  return full === root || full.startsWith(root + sep) ? full : null
}

async function isFile(path: string): Promise<{ size: number; mtimeMs: number } | null> {
  try {
    const s = await stat(path)
    return s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs } : null
  } catch {
    return null
  }
}

/** Files that may answer `urlPath`, best first (clean URLs: `/help` → `/help/index.html`). */
function candidatesOf(urlPath: string): string[] {
  if (urlPath.endsWith('/')) return [`${urlPath}index.html`]
  const out = [urlPath]
  if (urlPath.endsWith('.html')) out.push(`${urlPath.slice(0, -5)}/index.html`)
  else if (!extname(urlPath)) out.push(`${urlPath}/index.html`, `${urlPath}.html`)
  return out
}

function languageOf(c: Context): string | null {
  const cookie = c.req.header('cookie') ?? ''
  const m = new RegExp(`(?:^|;\\s*)${languageCookie}=([a-z]{2})(?:;|$)`).exec(cookie)
  return m && (siteLanguages as readonly string[]).includes(m[1]) ? m[1] : null
}

interface StaticOptions {
  /** Language variants by cookie (the site); off for /embed. */
  locales: boolean
  /** Who may frame the embed's frame pages (`/embed/<version>/frame/…`): `EMBED_ORIGINS`. */
  frameOrigins?: readonly string[]
  /** Origins of the platform's game and picture servers, allowed in frames and images. */
  contentOrigins?: readonly string[]
  /** Extra headers on every answer (CORS for /embed). */
  headers?: Record<string, string>
  /** Strip this prefix from the URL path before looking in root. */
  prefix?: string
  /** Cache-Control of a file by its path (after the prefix); undefined keeps the default. */
  cacheControl?: (urlPath: string) => string | undefined
}

const gamesRoute = new RegExp(`^((?:/(?:${siteLanguages.join('|')}))?/rng/)([^/]+)(/?)$`)

/**
 * The built path of a `/rng/:games` address: the route takes its game type in any case (SPEC §2:
 * the parameter is uppercased to the type) but the build writes one lower-case page per type, so
 * `/rng/PVP` and `/es/rng/Fish` are answered by `/rng/pvp` and `/es/rng/fish`. Other paths are unchanged.
 */
export const builtGamesPath = (urlPath: string): string => urlPath.replace(gamesRoute, (_, head: string, games: string, tail: string) => head + games.toLowerCase() + tail)

/** Finds the file answering a request: the language variant first, then the plain path. */
async function findFile(root: string, urlPath: string, lang: string | null): Promise<{ file: string; size: number; mtimeMs: number } | null> {
  const trees = lang && !urlPath.startsWith(`/${lang}/`) && urlPath !== `/${lang}` ? [`/${lang}`, ''] : ['']
  for (const tree of trees) {
    for (const candidate of candidatesOf(urlPath)) {
      const file = safeJoin(root, tree + candidate)
      if (!file) return null
      const info = await isFile(file)
      if (info) return { file, ...info }
    }
  }
  return null
}

/** Serves static files of `root` for GET/HEAD, with the 404 page of `root` when nothing matches. */
function staticHandler(rootDir: string, opts: StaticOptions) {
  const root = resolve(rootDir)
  const manifest = cspManifestOf(root)
  return async (c: Context): Promise<Response> => {
    const extra = opts.headers ?? {}
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: { ...extra, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' } })
    }
    let urlPath = c.req.path
    if (opts.prefix) urlPath = urlPath.slice(opts.prefix.length) || '/'
    const lang = opts.locales ? languageOf(c) : null
    const games = opts.locales ? builtGamesPath(urlPath) : urlPath
    const found = (await findFile(root, urlPath, lang)) ?? (games !== urlPath ? await findFile(root, games, lang) : null)
    const policy = async (file: string, embedPath: string | null) => {
      const hashes = file.endsWith('.html') ? (await manifest())?.[relative(root, file).split(sep).join('/')] : undefined
      return { 'Content-Security-Policy': pagePolicy(embedPath, opts.frameOrigins, hashes, opts.contentOrigins) }
    }
    if (found)
      return sendFile(c, found, 200, urlPath, { ...extra, ...cacheHeader(opts, urlPath), ...(await policy(found.file, opts.prefix === '/embed' ? urlPath : null)) }, opts.locales)
    const notFound = await findFile(root, '/404.html', lang)
    if (notFound) return sendFile(c, notFound, 404, '/404.html', { ...extra, ...(await policy(notFound.file, null)) }, opts.locales)
    return new Response('Not found', { status: 404, headers: { ...extra, 'Content-Type': 'text/plain; charset=utf-8' } })
  }
}

const cacheHeader = (opts: StaticOptions, urlPath: string): Record<string, string> => {
  const value = opts.cacheControl?.(urlPath)
  return value ? { 'Cache-Control': value } : {}
}

/**
 * Headers of every page: addresses leave the site as their origin only, and the features no page uses
 * are switched off (fullscreen and autoplay stay: the game frame needs them).
 */
export const pageHeaders: Readonly<Record<string, string>> = {
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
}

const embedFrame = /^\/[^/]+\/frame\//

/** The inline code of one built page as CSP hash sources (site/integrations/csp.ts writes them). */
export interface PageHashes {
  script: readonly string[]
  style: readonly string[]
  styleAttr: readonly string[]
}

const noHashes: PageHashes = { script: [], style: [], styleAttr: [] }

/** Name of the hash manifest at the root of the built site. */
export const cspManifestFile = 'csp.json'

/** Where a page may load from besides its own origin. */
export interface PolicyOrigins {
  /** Who may frame the page besides this site (the embed's frame pages: `EMBED_ORIGINS`). */
  frameAncestors?: readonly string[]
  /** Origins of the platform's game and picture servers (`GAME_ORIGINS`, and `PLATFORM_URL`): frames and images. */
  content?: readonly string[]
}

const list = (sources: readonly string[]) => sources.map((s) => ` ${s}`).join('')

/**
 * The Content-Security-Policy header of a page: its own scripts and styles from this origin, and inline
 * ones only by the hashes the build computed for that page (no `'unsafe-inline'`, no `'unsafe-eval'`);
 * no plugins, no `<base>` elsewhere; framed only by this site, except the embed's frame pages, which the
 * partner origins of `EMBED_ORIGINS` may frame too (`*` in development).
 * @param embedPath the path under `/embed` for an embed file, else `null`
 * @param hashes the page's entry in `csp.json` (none: no inline code runs)
 * @example pagePolicy(null, [], { script: ["'sha256-…'"], style: [], styleAttr: [] })
 */
export function pagePolicy(embedPath: string | null, frameOrigins: readonly string[] = [], hashes: PageHashes = noHashes, content: readonly string[] = []): string {
  const partners = embedPath !== null && embedFrame.test(embedPath) ? (frameOrigins.includes('*') ? ['*'] : frameOrigins) : []
  return [
    "default-src 'self'",
    `script-src 'self'${list(hashes.script)}`,
    `style-src 'self'${list(hashes.style)}`,
    // Only the attributes written in the built HTML; React sets its style props through the CSSOM,
    // which no policy blocks.
    hashes.styleAttr.length ? `style-src-attr 'unsafe-hashes'${list(hashes.styleAttr)}` : "style-src-attr 'none'",
    `img-src 'self' data: blob:${list(content)}`,
    "connect-src 'self'",
    `frame-src 'self'${list(content)}`,
    "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors 'self'${list(partners)}`,
  ].join('; ')
}

/**
 * The hashes of the built pages under `root`, read again whenever `csp.json` changes (a rebuild
 * switches `dist/site` to another directory). Null when the site was built without the manifest.
 */
function cspManifestOf(root: string): () => Promise<Record<string, PageHashes> | null> {
  let cached: { key: string; pages: Record<string, PageHashes> | null } | undefined
  return async () => {
    const file = join(root, cspManifestFile)
    const info = await stat(file).catch(() => null)
    const key = info ? `${info.ino}:${info.mtimeMs}:${info.size}` : 'none'
    if (cached?.key !== key) {
      let pages: Record<string, PageHashes> | null = null
      if (info) {
        try {
          pages = (JSON.parse(await readFile(file, 'utf8')) as { pages: Record<string, PageHashes> }).pages
        } catch {
          console.error(`[host] ${file} is not a CSP manifest: pages get no inline script or style`)
        }
      }
      cached = { key, pages }
    }
    return cached.pages
  }
}

async function sendFile(
  c: Context,
  f: { file: string; size: number; mtimeMs: number },
  status: number,
  urlPath: string,
  extra: Record<string, string>,
  locales: boolean,
): Promise<Response> {
  const type = contentTypeOf(f.file)
  const headers: Record<string, string> = { ...extra, 'Content-Type': type, 'X-Content-Type-Options': 'nosniff' }
  if (type.startsWith('text/html')) Object.assign(headers, pageHeaders)
  else delete headers['Content-Security-Policy']
  headers['Cache-Control'] ??= urlPath.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : type.startsWith('text/html') ? 'no-cache' : 'public, max-age=3600'
  const compressible = isCompressible(type) && f.size >= MIN_COMPRESS
  const vary = [compressible ? 'Accept-Encoding' : '', locales && type.startsWith('text/html') ? 'Cookie' : ''].filter(Boolean)
  if (vary.length) headers.Vary = vary.join(', ')
  // The validator comes from the file's size and time, not from hashing its bytes (Hono's `etag`
  // default); the `etag` middleware on the static routes answers If-None-Match with 304.
  if (status === 200) headers.ETag = `W/"${f.size.toString(16)}-${Math.floor(f.mtimeMs).toString(16)}"`
  const enc = compressible ? pickEncoding(c.req.header('accept-encoding')) : null
  if (enc) {
    const body = await compressedFile(f.file, f.mtimeMs, enc)
    headers['Content-Encoding'] = enc
    headers['Content-Length'] = String(body.length)
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status, headers })
  }
  headers['Content-Length'] = String(f.size)
  if (c.req.method === 'HEAD') return new Response(null, { status, headers })
  const stream = Readable.toWeb(createReadStream(f.file)) as ReadableStream<Uint8Array>
  return new Response(stream, { status, headers })
}

/** Compresses a text response produced by the API (JSON envelopes, game pages, SVG images). */
async function compressResponse(c: Context, res: Response): Promise<Response> {
  // Look at the request first: reading `res.body` turns @hono/node-server's light response into a
  // full web Response that then has to be streamed out, which costs more than the rest of a small reply.
  const enc = c.req.method === 'HEAD' ? null : pickEncoding(c.req.header('accept-encoding'))
  if (!enc) return res
  const type = res.headers.get('content-type') ?? ''
  if (res.headers.has('content-encoding') || !isCompressible(type) || !res.body) return res
  const data = Buffer.from(await res.arrayBuffer())
  const headers = new Headers(res.headers)
  headers.append('Vary', 'Accept-Encoding')
  if (data.length < MIN_COMPRESS) {
    headers.set('Content-Length', String(data.length))
    return new Response(new Uint8Array(data), { status: res.status, headers })
  }
  const body = enc === 'br' ? brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }) : gzipSync(data, { level: 6 })
  headers.set('Content-Encoding', enc)
  headers.set('Content-Length', String(body.length))
  return new Response(new Uint8Array(body), { status: res.status, headers })
}

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
    headers['X-Forwarded-For'] = clientIp(c, trustedProxies)
    headers['X-Forwarded-Host'] = incoming.host
    headers['X-Forwarded-Proto'] = incoming.protocol.replace(':', '')
    const method = c.req.method
    try {
      const upstream = await proxy(target, {
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer(),
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
  let db: Db | null = null
  let ownsDb = false
  let drawTimer: DrawTimer | undefined

  // Mounted only when asked for: an idle middleware still costs every request a step.
  if (opts.log) {
    root.use('*', async (c, next) => {
      const started = Date.now()
      await next()
      console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${Date.now() - started}ms`)
    })
  }

  if (opts.platformUrl) {
    const proxy = proxyTo(opts.platformUrl, trustedProxies)
    for (const prefix of apiPrefixes) {
      root.all(prefix, proxy)
      root.all(`${prefix}/*`, proxy)
    }
  } else {
    db = opts.db ?? null
    if (!db) {
      db = await openDb({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl })
      ownsDb = true
      if (!(await isSeeded(db))) await seed(db, { cost: opts.scryptCost, demoAccounts: !production })
    }
    const deps = createDeps(db, { production, now: opts.now, scryptCost: opts.scryptCost, trustedProxies })
    const api = createApp(deps)
    // Lottery draws settle on their schedule in the background, not only when a page asks.
    drawTimer = startDrawTimer(deps)
    const toApi = async (c: Context) => compressResponse(c, await api.fetch(c.req.raw, c.env))
    for (const prefix of [...apiPrefixes, '/sandbox']) {
      root.all(prefix, toApi)
      root.all(`${prefix}/*`, toApi)
    }
  }

  const frameOrigins = embedOrigins(process.env, production)
  const contentOrigins = gameOrigins(opts.gameOrigins ?? process.env.GAME_ORIGINS, opts.platformUrl)
  const embed = staticHandler(opts.embedDir ?? join('dist', 'embed'), {
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
  root.use('/embed', conditional)
  root.use('/embed/*', conditional)
  root.all('/embed', embed)
  root.all('/embed/*', embed)
  root.use('*', conditional)
  root.all('*', staticHandler(opts.staticDir ?? join('dist', 'site'), { locales: true, contentOrigins }))

  const server = await new Promise<ServerType>((resolveServer, reject) => {
    const s = serve({ fetch: root.fetch, port: opts.port ?? 4321, hostname: opts.host ?? '127.0.0.1' })
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
      await drawTimer?.stop()
      if (ownsDb && db) await db.close()
    },
  }
}
