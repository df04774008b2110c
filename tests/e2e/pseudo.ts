import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright/test'
import { siteDir } from './fixtures.ts'

/**
 * A pseudo-locale for layout testing (issue 40): every English message with its letters accented,
 * about 40 % longer and in brackets (`Deposit` → `[Ðéþöšîţ ţŵö]`), so a journey sees how the islands
 * take a long, accented language. Test-only: it is never a locale file, never offered, never built.
 * It is loaded into the islands of the built English pages as they are served to the test's tab:
 * the table a page inlines (`<script id="lk-i18n">`) and the English namespace chunks the pages load
 * later are answered with their pseudo versions. No page tree is built for it.
 *
 * The islands' server-rendered HTML is still English, so React finds it different when it hydrates,
 * reports that (a recoverable error) and renders the island afresh in the pseudo text; those reports
 * are counted, not raised. Text outside islands (Astro's static HTML) stays English.
 */

const accents: Record<string, string> = {
  a: 'å',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
}
// Words that lengthen a text, as a translation would (whole words, so lines may break between them).
const filler = ['öñé', 'ţŵö', 'ţĥŕéé', 'ƒöûŕ', 'ƒîṽé', 'šîẋ', 'šéṽéñ', 'éîĝĥţ', 'ñîñé', 'ţéñ']

/** `text` in the pseudo-locale: `{placeholders}` and `(min)`/`(max)` markers kept, letters accented, ~40 % longer, bracketed. */
export function pseudo(text: string): string {
  // Texts without letters (a separator, a format) are not language.
  if (!/[a-z]/i.test(text)) return text
  const accented = text
    .split(/(\{\w+\}|\((?:min|max)\))/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[a-z]/gi, (c) => accents[c] ?? c)))
    .join('')
  const extra: string[] = []
  const target = Math.ceil(text.length * 0.4)
  for (let i = 0; extra.join(' ').length < target; i++) extra.push(filler[i % filler.length])
  return `[${accented} ${extra.join(' ')}]`
}

/** A whole message table in the pseudo-locale. */
export const pseudoTable = (messages: Record<string, string>): Record<string, string> => Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, pseudo(text)]))

const english = (namespace: string): Record<string, string> => JSON.parse(readFileSync(join('locales', 'en', `${namespace}.json`), 'utf8'))

/** The built chunks of the English namespaces (`/_astro/auth.B1x.js` → `auth`), read from the catalog chunk. */
function englishChunks(): Map<string, string> {
  const dir = join(siteDir, '_astro')
  const catalog = readdirSync(dir).find((f) => /^catalog\.[\w-]+\.js$/.test(f))
  if (!catalog) throw new Error(`no catalog chunk in ${dir}: build the site first`)
  const source = readFileSync(join(dir, catalog), 'utf8')
  const chunks = new Map<string, string>()
  for (const [, namespace, file] of source.matchAll(/"\.\.\/\.\.\/locales\/en\/(\w+)\.json":\(\)=>\w+\(\(\)=>import\(`\.\/([\w.-]+\.js)`\)/g))
    chunks.set(`/_astro/${file}`, namespace)
  if (chunks.size === 0) throw new Error(`no English namespace chunks found in ${catalog}`)
  return chunks
}

const otherLanguage = /^\/(es|cn|vi)(\/|$)/
const isPage = (path: string) => !otherLanguage.test(path) && !/^\/(_astro|wps|sandbox|admin)\//.test(path) && !/\.\w+$/.test(path)
const inlineTable = /(<script type="application\/json" id="lk-i18n" data-lang="en"[^>]*>)([^<]*)(<\/script>)/

/**
 * Serves `page`'s English pages with the pseudo-locale in their islands. Resolves a function telling
 * how many hydration mismatches React reported (each is an island rendered afresh in the pseudo text).
 */
export async function usePseudoLocale(page: Page): Promise<() => Promise<number>> {
  const chunks = englishChunks()
  const tables = new Map<string, string>()
  const chunkOf = (namespace: string) => {
    let body = tables.get(namespace)
    if (!body) tables.set(namespace, (body = `export default ${JSON.stringify(pseudoTable(english(namespace)))}`))
    return body
  }
  await page.addInitScript(() => {
    // React reports the islands' text mismatch through reportError (a page error otherwise); count it.
    const w = window as unknown as { __lkPseudoMismatches: number; reportError: (e: unknown) => void }
    w.__lkPseudoMismatches = 0
    const report = w.reportError.bind(window)
    w.reportError = (e: unknown) => {
      if (/Minified React error #(418|423|425)|Hydration failed|did not match/.test(String((e as Error)?.message ?? e))) w.__lkPseudoMismatches++
      else report(e)
    }
  })
  await page.route(
    (url) => chunks.has(url.pathname) || isPage(url.pathname),
    async (route) => {
      const path = new URL(route.request().url()).pathname
      const namespace = chunks.get(path)
      if (namespace) return route.fulfill({ status: 200, contentType: 'text/javascript', body: chunkOf(namespace) })
      if (route.request().resourceType() !== 'document') return route.fallback()
      const response = await route.fetch()
      const html = await response.text()
      const body = html.replace(inlineTable, (_, open: string, json: string, close: string) => {
        const table = pseudoTable(JSON.parse(json) as Record<string, string>)
        return open + JSON.stringify(table).replaceAll('<', '\\u003c') + close
      })
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => name !== 'content-length' && name !== 'content-encoding'))
      return route.fulfill({ status: response.status(), headers, body })
    },
  )
  return () => page.evaluate(() => (window as unknown as { __lkPseudoMismatches: number }).__lkPseudoMismatches)
}
