/**
 * Byte counts of built outputs: files by glob-like group, and the JavaScript a page loads before
 * the first interaction (entry scripts, module preloads and `client:load` and `client:paint` islands, with their static
 * imports followed).
 */
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs'
import { join, dirname, resolve, relative } from 'node:path'
import { gzipSync, brotliCompressSync, constants } from 'node:zlib'

/** Compressed sizes of some bytes. */
export interface Sizes {
  raw: number
  gzip: number
  brotli: number
}

export const sizesOf = (buf: Buffer): Sizes => ({
  raw: buf.length,
  gzip: gzipSync(buf, { level: 9 }).length,
  brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
})

const add = (a: Sizes, b: Sizes): Sizes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli })
const zero: Sizes = { raw: 0, gzip: 0, brotli: 0 }

/** Every file below `dir` (recursively). */
export function walk(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

/** Summed sizes of the files below `dir` whose name ends with `ext`, except those in `skip`. */
export function groupSizes(dir: string, ext: string, skip: ReadonlySet<string> = new Set()): Sizes & { files: number } {
  const files = walk(dir).filter((f) => f.endsWith(ext) && !skip.has(resolve(f)))
  return { ...files.reduce((s, f) => add(s, sizesOf(readFileSync(f))), zero), files: files.length }
}

const importRe = /(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["']([^"']+\.js)["']/g

/** JavaScript files a page fetches before interaction, as paths inside `siteDir`. */
export function pageEntryScripts(siteDir: string, htmlFile: string): string[] {
  const html = readFileSync(htmlFile, 'utf8')
  const urls = new Set<string>()
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) urls.add(m[1])
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(m[1])
  for (const m of html.matchAll(/<astro-island[^>]*>/g)) {
    const tag = m[0]
    // `client:paint` with no value hydrates at the first paint, as `client:load` at load.
    if (!/client="load"/.test(tag) && !/client="paint"[^>]*opts="[^"]*&quot;value&quot;:true/.test(tag)) continue
    for (const attr of ['component-url', 'renderer-url']) {
      const u = new RegExp(`${attr}="([^"]+)"`).exec(tag)?.[1]
      if (u) urls.add(u)
    }
  }
  const seen = new Set<string>()
  // Absolute paths throughout: a file reached from the HTML and again from an import is one file.
  const queue = [...urls].filter((u) => u.startsWith('/')).map((u) => resolve(siteDir, `.${u}`))
  while (queue.length) {
    const file = queue.shift() as string
    if (seen.has(file) || !existsSync(file)) continue
    seen.add(file)
    const code = readFileSync(file, 'utf8')
    // Dynamic imports are not followed: they load on demand.
    for (const m of code.matchAll(importRe)) {
      const spec = m[1]
      queue.push(spec.startsWith('/') ? resolve(siteDir, `.${spec}`) : resolve(dirname(file), spec))
    }
  }
  return [...seen].map((f) => relative(resolve(siteDir), f))
}

/** Inline scripts of a page (counted too: they are parsed before interaction). */
export function inlineScriptBytes(htmlFile: string): number {
  const html = readFileSync(htmlFile, 'utf8')
  return [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + Buffer.byteLength(m[1]), 0)
}

/** Sizes of the JavaScript a page loads before interaction. */
export function pageJs(siteDir: string, htmlFile: string): Sizes & { files: number } {
  const files = pageEntryScripts(siteDir, htmlFile)
  const scripts = files.reduce((s, f) => add(s, sizesOf(readFileSync(join(siteDir, f)))), zero)
  const html = readFileSync(htmlFile, 'utf8')
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n')
  return { ...add(scripts, sizesOf(Buffer.from(inline))), files: files.length }
}

const dynamicImportRe = /import\(\s*["']([^"']+\.js)["']\s*\)/g

/**
 * Every JavaScript file a set of pages can ever load: their entry scripts, module preloads and every
 * island (whatever its directive), with static and dynamic imports followed. Paths inside `siteDir`.
 */
export function reachableScripts(siteDir: string, htmlFiles: readonly string[]): Set<string> {
  const root = resolve(siteDir)
  const queue: string[] = []
  for (const htmlFile of htmlFiles) {
    const html = readFileSync(htmlFile, 'utf8')
    for (const m of html.matchAll(/(?:src|href|component-url|renderer-url)="(\/[^"]+\.js)"/g)) queue.push(resolve(root, `.${m[1]}`))
  }
  const seen = new Set<string>()
  while (queue.length) {
    const file = queue.pop() as string
    if (seen.has(file) || !existsSync(file)) continue
    seen.add(file)
    const code = readFileSync(file, 'utf8')
    for (const re of [importRe, dynamicImportRe]) {
      for (const m of code.matchAll(re)) queue.push(m[1].startsWith('/') ? resolve(root, `.${m[1]}`) : resolve(dirname(file), m[1]))
    }
  }
  return new Set([...seen].map((f) => relative(root, f)))
}
