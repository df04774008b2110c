/**
 * Build-time Content-Security-Policy hashes. After `astro build` this reads every
 * built HTML file and writes `csp.json` beside it: per page, the SHA-256 of each inline `<script>`
 * and `<style>` and of each `style="…"` attribute. The static host (sandbox/host.ts) sends them in the
 * page's `Content-Security-Policy` header, so the page's own inline code runs and nothing else inline
 * does (no `'unsafe-inline'`).
 *
 * Astro's own `security.csp` was the first choice and does not fit: it writes a `<meta>` policy, which
 * cannot carry `frame-ancestors`, and it hashes only the scripts and styles Astro bundles itself, not the
 * layout's `is:inline` head script, theme colours, nor `style` attributes. A header needs the hashes
 * per file at serve time, hence this manifest.
 * @module
 */
import { createHash } from 'node:crypto'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AstroIntegration } from 'astro'

/** Name of the manifest at the root of the built site. */
export const cspManifestFile = 'csp.json'

/** The inline code of one page, as CSP hash sources (`'sha256-…'`). */
export interface PageHashes {
  /** Inline `<script>` elements that run (data blocks such as `type="application/json"` do not). */
  script: string[]
  /** Inline `<style>` elements. */
  style: string[]
  /** `style="…"` attributes as the parser reads them (entities decoded). */
  styleAttr: string[]
}

/** `csp.json`: built page file (POSIX path inside the site, e.g. `es/rng/index.html`) → its hashes. */
export interface CspManifest {
  version: 1
  pages: Record<string, PageHashes>
}

/**
 * The CSP hash source of `text`.
 * @example hashSource('alert(1)') // "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"
 */
export const hashSource = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** Decodes the character references an attribute value may hold (what the browser hashes is decoded). */
export function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole
    }
    return named[ref.toLowerCase()] ?? whole
  })
}

const attributePattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g

/** The attributes of a start tag's attribute text, names lower-cased, values decoded. */
function attributesOf(text: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const m of text.matchAll(attributePattern)) {
    const name = m[1].toLowerCase()
    if (!out.has(name)) out.set(name, decodeAttribute(m[2] ?? m[3] ?? m[4] ?? ''))
  }
  return out
}

// Script types the browser runs (and so checks against script-src); anything else is a data block.
const runnableTypes = new Set(['', 'module', 'importmap', 'speculationrules', 'text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript'])

const rawTextElement = /<(script|style)\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/\1\s*>/gi
const startTag = /<[a-z][^\s/>]*((?:[^>"']|"[^"]*"|'[^']*')*)>/gi

const unique = (list: string[]): string[] => [...new Set(list)].sort()

/**
 * The hashes of one HTML document's inline scripts, styles and style attributes.
 * @example pageHashes('<script>go()</script>').script // ["'sha256-…'"]
 */
export function pageHashes(html: string): PageHashes {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '')
  const script: string[] = []
  const style: string[] = []
  // Script and style bodies are raw text: the browser hashes them byte for byte, undecoded.
  const markup = withoutComments.replace(rawTextElement, (whole, tag: string, attrs: string, body: string) => {
    const attributes = attributesOf(attrs)
    if (tag.toLowerCase() === 'style') style.push(hashSource(body))
    else if (!attributes.has('src') && runnableTypes.has((attributes.get('type') ?? '').trim().toLowerCase())) script.push(hashSource(body))
    // Keep the start tag: a style attribute on a script or style element is still an attribute.
    return whole.slice(0, whole.indexOf('>') + 1)
  })
  const styleAttr: string[] = []
  for (const m of markup.matchAll(startTag)) {
    const value = attributesOf(m[1]).get('style')
    if (value !== undefined) styleAttr.push(hashSource(value))
  }
  return { script: unique(script), style: unique(style), styleAttr: unique(styleAttr) }
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name))
}

/**
 * Writes `csp.json` for every HTML file under `dir`.
 * @returns the manifest written
 */
export async function writeCspManifest(dir: string): Promise<CspManifest> {
  const pages: Record<string, PageHashes> = {}
  for (const file of (await htmlFiles(dir)).sort()) pages[relative(dir, file).split(sep).join('/')] = pageHashes(await readFile(file, 'utf8'))
  const manifest: CspManifest = { version: 1, pages }
  await writeFile(join(dir, cspManifestFile), JSON.stringify(manifest) + '\n')
  return manifest
}

/** The Astro integration: writes the manifest when the build is done. */
export function cspHashes(): AstroIntegration {
  return {
    name: 'lobbykit:csp-hashes',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const manifest = await writeCspManifest(fileURLToPath(dir))
        logger.info(`${cspManifestFile}: hashes of ${Object.keys(manifest.pages).length} pages`)
      },
    },
  }
}
