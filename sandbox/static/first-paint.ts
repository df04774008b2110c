/**
 * `GET /embed/<channel>/render/<tag>?lang=&locale=&<attributes>`: an element's first screen as HTML
 * with the data it was rendered from, which the embed's loader shows in the
 * element's shadow root before any React arrives. The rendering is the built server bundle of the
 * widgets (`dist/embed-server/render.js`, scripts/build-embed.ts), loaded from disk: the sandbox
 * imports no widget source. Its data comes from this host's own API (the sandbox, or the proxy to
 * `PLATFORM_URL`), asked in-process.
 *
 * Cached per element, the attributes its first paint depends on, and both languages for
 * {@link firstPaintMaxAgeS} seconds (the public reads' freshness is longer: a minute), with an ETag
 * (`If-None-Match` → 304) and `Cache-Control: public, max-age=…`; compressed once per encoding. An
 * unknown element, attribute value or language, and a render that fails, answer 200 with
 * `{ html: "", data: null }` (the element then starts as it would without), never a 500.
 * @module
 */
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Context } from 'hono'

/** How long a first paint is reused, by this host and by browsers (seconds). */
export const firstPaintMaxAgeS = 30
/** How long an empty first paint is reused (seconds). */
export const emptyMaxAgeS = 5
/** First paints kept at most (the oldest goes first). */
const cacheLimit = 500

/** The part of the server bundle (widgets/embed/server.tsx) the host uses. */
interface Renderer {
  firstPaintAttributes: Record<string, readonly string[]>
  hasFirstPaint(tag: string): boolean
  renderFirstPaint(request: {
    tag: string
    attrs: Record<string, string>
    lang?: string
    locale?: string
    origin: string
    fetch: typeof fetch
    deadlineMs?: number
  }): Promise<{ html: string; data: unknown }>
}

interface Entry {
  etag: string
  body: Buffer
  gzip: Buffer
  br: Buffer
  expires: number
}

/** Options of {@link firstPaintRoute}. */
export interface FirstPaintOptions {
  /** Directory of the built server bundle (default `dist/embed-server`). */
  dir?: string
  /** The host's own app: the render's platform calls go to it in-process. */
  api: (request: Request) => Response | Promise<Response>
  /** Origins that may read it cross-origin (`EMBED_ORIGINS`; `*` any). */
  origins: readonly string[]
  now?: () => number
  /** How long a render waits for the platform's replies (default the renderer's, 4 s). */
  deadlineMs?: number
}

const empty = JSON.stringify({ html: '', data: null })

/** The route's handler (mount it at `/embed/:channel/render/:tag`). */
export function firstPaintRoute(opts: FirstPaintOptions) {
  const file = resolve(opts.dir ?? 'dist/embed-server', 'render.js')
  const now = opts.now ?? Date.now
  let renderer: Promise<Renderer | null> | undefined
  const load = () =>
    (renderer ??= existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<Renderer>).catch((error: unknown) => {
          console.error('[host] the first-paint renderer could not be loaded:', (error as Error).message)
          return null
        })
      : Promise.resolve(null))
  const cache = new Map<string, Promise<Entry>>()
  const any = opts.origins.includes('*')

  // An empty first paint (a refused value, a platform too slow or down) is asked again sooner.
  const entryOf = (body: string, keepS = firstPaintMaxAgeS): Entry => ({
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    body: Buffer.from(body),
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    expires: now() + keepS * 1000,
  })

  return async (c: Context): Promise<Response> => {
    const tag = c.req.param('tag') ?? ''
    const url = new URL(c.req.url)
    const origin = c.req.header('origin')
    const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8', Vary: 'Origin, Accept-Encoding' }
    if (origin && (any || opts.origins.includes(origin))) headers['Access-Control-Allow-Origin'] = origin
    const render = await load()
    if (!render?.hasFirstPaint(tag)) return c.body(empty, 404, { ...headers, 'Cache-Control': 'no-store' })

    // The key: the element, the attributes its first paint depends on, the two languages (nothing else).
    const attrs: Record<string, string> = {}
    for (const name of render.firstPaintAttributes[tag] ?? []) {
      const value = url.searchParams.get(name)
      if (value !== null) attrs[name] = value.slice(0, 200)
    }
    const lang = url.searchParams.get('lang')?.slice(0, 8) ?? undefined
    const locale = url.searchParams.get('locale')?.slice(0, 8) ?? undefined
    const key = JSON.stringify([tag, url.origin, lang, locale, Object.entries(attrs).sort()])

    let pending = cache.get(key)
    const kept = pending && (await pending)
    if (!pending || (kept && kept.expires <= now())) {
      const base = url.origin
      // The render's platform calls, on the browser's origin, answered by this host in-process.
      const fetchInProcess: typeof fetch = (input, init) => {
        const target = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
        return Promise.resolve(opts.api(new Request(new URL(target.pathname + target.search, base), init)))
      }
      pending = render
        .renderFirstPaint({ tag, attrs, lang, locale, origin: base, fetch: fetchInProcess, deadlineMs: opts.deadlineMs })
        .then((painted) => (painted.html ? entryOf(JSON.stringify(painted)) : entryOf(empty, emptyMaxAgeS)))
        .catch(() => entryOf(empty, emptyMaxAgeS))
      cache.delete(key)
      if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value as string)
      cache.set(key, pending)
    }
    const entry = await pending
    const age = Math.max(0, Math.ceil((entry.expires - now()) / 1000))
    headers.ETag = entry.etag
    headers['Cache-Control'] = `public, max-age=${age}`
    const asked = c.req.header('if-none-match')
    if (asked?.match(/"[^"]*"/g)?.includes(entry.etag)) return c.body(null, 304, headers)
    const accepts = c.req.header('accept-encoding') ?? ''
    if (/\bbr\b/.test(accepts)) return c.body(new Uint8Array(entry.br), 200, { ...headers, 'Content-Encoding': 'br' })
    if (/\bgzip\b/.test(accepts)) return c.body(new Uint8Array(entry.gzip), 200, { ...headers, 'Content-Encoding': 'gzip' })
    return c.body(new Uint8Array(entry.body), 200, headers)
  }
}
