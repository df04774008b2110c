/**
 * The security headers of the built pages: the Content-Security-Policy of each page, from the hashes
 * of its inline code that the build wrote to `csp.json`, and the headers every page carries.
 * Kept by hand: Hono's `secureHeaders` sets one policy for all answers, while each built page has its
 * own hashes, and the embed's frame pages their own `frame-ancestors`.
 * @module
 */
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'

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

/** A Content-Security-Policy header read back as directive → its sources (what a test or a tool checks). */
export const cspDirectives = (header: string | null): Record<string, string[]> =>
  Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  )

/**
 * The hashes of the built pages under `root`, read again whenever `csp.json` changes (a rebuild
 * switches `dist/site` to another directory). Null when the site was built without the manifest.
 */
export function cspManifestOf(root: string): () => Promise<Record<string, PageHashes> | null> {
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
