/**
 * The built site and embed files, on `@hono/node-server`'s `serveStatic`: it reads and streams the
 * file, sets its type and length, answers HEAD and byte ranges, and picks the `.br` or `.gz` copy the
 * build wrote (`precompressed`, see ./precompress.ts) by the request's Accept-Encoding. Conditional
 * GETs (If-None-Match → 304) are `hono/etag`'s, mounted by the host.
 *
 * What this module still does by hand, because `serveStatic` maps one request path to one file:
 * - which file answers: the visitor's language tree first (`lk_lang` cookie), then the clean URLs
 *   (`/help` → `/help/index.html` or `/help.html`, `/help.html` → `/help/index.html`), then the
 *   any-case `/rng/:games` page, and the 404 page of the visitor's language with status 404;
 * - the headers of what it found: each page's own CSP (./policy.ts), immutable caching of hashed
 *   assets and versioned embed files, a weak ETag from the file's size and time (`hono/etag` would hash
 *   every byte of every answer), `Vary`, and CORS on the embed files.
 * @module
 */
import { stat } from 'node:fs/promises'
import { extname, posix, relative, resolve, sep } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context } from 'hono'
import { cspManifestOf, pageHeaders, pagePolicy } from './policy.ts'
import { isPrecompressed } from './precompress.ts'

/** Languages with their own tree in the built site (EN is the root). */
export const siteLanguages = ['es', 'cn', 'vi'] as const
/** Cookie naming the visitor's language. */
export const languageCookie = 'lk_lang'

/** Options of {@link staticFiles}. */
export interface StaticOptions {
  /** Language variants by cookie and the any-case `/rng/:games` pages (the site); off for /embed. */
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

interface Found {
  /** Absolute path of the file. */
  file: string
  size: number
  mtimeMs: number
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

/** The language whose tree a path is under (`/es/…` → `es`), or null under the default language's. */
function languageOfPath(urlPath: string): string | null {
  const first = urlPath.split('/')[1] ?? ''
  return (siteLanguages as readonly string[]).includes(first) ? first : null
}

function languageOf(c: Context): string | null {
  const cookie = c.req.header('cookie') ?? ''
  const m = new RegExp(`(?:^|;\\s*)${languageCookie}=([a-z]{2})(?:;|$)`).exec(cookie)
  return m && (siteLanguages as readonly string[]).includes(m[1]) ? m[1] : null
}

const gamesRoute = new RegExp(`^((?:/(?:${siteLanguages.join('|')}))?/rng/)([^/]+)(/?)$`)

/**
 * The built path of a `/rng/:games` address: the route takes its game type in any case (SPEC §2:
 * the parameter is uppercased to the type) but the build writes one lower-case page per type, so
 * `/rng/PVP` and `/es/rng/Fish` are answered by `/rng/pvp` and `/es/rng/fish`. Other paths are unchanged.
 */
export const builtGamesPath = (urlPath: string): string => urlPath.replace(gamesRoute, (_, head: string, games: string, tail: string) => head + games.toLowerCase() + tail)

/** Finds the file answering a request: the language variant first, then the plain path. */
async function findFile(root: string, urlPath: string, lang: string | null): Promise<Found | null> {
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

/**
 * Whether the compressed copies of a file are as new as it (or absent). A file changed after the
 * build (a hand edit, a copy touched up) is sent as it is: serveStatic would send its older copy.
 */
async function copiesFresh(f: Found): Promise<boolean> {
  const copies = await Promise.all(['.br', '.gz'].map((ext) => stat(f.file + ext).catch(() => null)))
  return copies.every((copy) => !copy || copy.mtimeMs >= f.mtimeMs)
}

const plain = (status: number, body: string, headers: Record<string, string>) =>
  new Response(body, { status, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } })

/**
 * Serves the files of `rootDir` for GET and HEAD (405 otherwise), with the 404 page of `rootDir`
 * (in the visitor's language) when nothing matches.
 */
export function staticFiles(rootDir: string, opts: StaticOptions): (c: Context) => Promise<Response> {
  const root = resolve(rootDir)
  const manifest = cspManifestOf(root)
  const extra = opts.headers ?? {}
  // The file chosen for each request, handed to serveStatic as the path to read.
  const chosen = new WeakMap<Context, string>()
  // Made at the first file found: serveStatic complains at once about a root that does not exist yet.
  let sendBest: ReturnType<typeof serveStatic> | undefined
  let sendAsIs: ReturnType<typeof serveStatic> | undefined
  const rewriteRequestPath = (_path: string, c: Context) => chosen.get(c) ?? '/'
  const nothing = async () => {}

  return async (c) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return plain(405, 'Method not allowed', { ...extra, Allow: 'GET, HEAD' })
    const urlPath = opts.prefix ? c.req.path.slice(opts.prefix.length) || '/' : c.req.path
    const lang = opts.locales ? languageOf(c) : null
    const games = opts.locales ? builtGamesPath(urlPath) : urlPath
    const found = (await findFile(root, urlPath, lang)) ?? (games !== urlPath ? await findFile(root, games, lang) : null)
    // The not-found page speaks the language of the tree asked for (`/es/…`), else the visitor's.
    const page = found ?? (await findFile(root, '/404.html', (opts.locales ? languageOfPath(urlPath) : null) ?? lang))
    if (!page) return plain(404, 'Not found', extra)
    chosen.set(c, `/${relative(root, page.file).split(sep).join('/')}`)
    sendBest ??= serveStatic({ root, precompressed: true, rewriteRequestPath })
    sendAsIs ??= serveStatic({ root, rewriteRequestPath })
    const send = isPrecompressed(page.file, page.size) && (await copiesFresh(page)) ? sendBest : sendAsIs
    const res = (await send(c, nothing)) as Response | undefined
    // Gone between the look and the read (a rebuild switched the site): as if never there.
    if (!res) return plain(404, 'Not found', extra)

    const headers = res.headers
    const type = headers.get('content-type') ?? ''
    const html = type.startsWith('text/html')
    for (const [name, value] of Object.entries(extra)) headers.set(name, value)
    headers.set('X-Content-Type-Options', 'nosniff')
    // TypeScript (the embed's lobbykit.d.ts), not the MPEG transport stream `.ts` also names.
    if (page.file.endsWith('.ts')) headers.set('Content-Type', 'application/typescript; charset=utf-8')
    if (html) {
      const hashes = (await manifest())?.[relative(root, page.file).split(sep).join('/')]
      const embedPath = found && opts.prefix === '/embed' ? urlPath : null
      headers.set('Content-Security-Policy', pagePolicy(embedPath, opts.frameOrigins, hashes, opts.contentOrigins))
      for (const [name, value] of Object.entries(pageHeaders)) headers.set(name, value)
    }
    headers.set('Cache-Control', (found && opts.cacheControl?.(urlPath)) || defaultCacheControl(urlPath, html))
    const vary = [isPrecompressed(page.file, page.size) ? 'Accept-Encoding' : '', opts.locales && html ? 'Cookie' : ''].filter(Boolean)
    if (vary.length) headers.set('Vary', vary.join(', '))
    else headers.delete('Vary')
    if (!found) return new Response(res.body, { status: 404, headers })
    // The validator comes from the file's size and time, the same for each encoding of it (weak).
    headers.set('ETag', `W/"${page.size.toString(16)}-${Math.floor(page.mtimeMs).toString(16)}"`)
    return res
  }
}

/** Hashed build assets never change; pages are checked again on every visit; the rest within the hour. */
const defaultCacheControl = (urlPath: string, html: boolean): string =>
  urlPath.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : html ? 'no-cache' : 'public, max-age=3600'
