import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test, expect } from 'playwright/test'
// Plain Playwright test: these read the build and need no browser (the CSP one starts a sandbox).
import { siteDir } from './fixtures.ts'
import { cspManifestFile, pageHashes, type CspManifest } from '../../site/integrations/csp.ts'
import { startSandbox } from '../../sandbox/testing.ts'
import { cspDirectives as directives } from '../../sandbox/static/policy.ts'

/**
 * The built site names only files it wrote. Astro inlines every stylesheet into the pages and
 * deletes the CSS files; the preload lists Vite writes for dynamic imports (`__vite__mapDeps`) must
 * not name them, or the first component loaded with `import()` fails fetching a missing stylesheet.
 * Vite and Astro keep them out on their own today (a build plugin that edited those lists by hand
 * changed nothing and is gone); this fails if that stops, and if the lists can no longer be read.
 */

const assetsDir = join(siteDir, '_astro')
const scripts = () => readdirSync(assetsDir).filter((f) => f.endsWith('.js'))

test('every file a preload list of a dynamic import names was written', () => {
  const tables = scripts().flatMap((file) => {
    const code = readFileSync(join(assetsDir, file), 'utf8')
    const table = /__vite__mapDeps=.*?m\.f=(\[[^\]]*\])/s.exec(code)?.[1]
    return table ? [{ file, deps: JSON.parse(table) as string[] }] : []
  })
  // Pages load popups and the launch rules with import(): without a table the check below reads nothing.
  expect(tables.length, 'preload lists (`__vite__mapDeps`) found in the built scripts').toBeGreaterThan(0)
  const missing = tables.flatMap(({ file, deps }) => deps.filter((dep) => !existsSync(join(siteDir, dep))).map((dep) => `${file} → ${dep}`))
  expect(missing).toEqual([])
})

test('every built script and page names only assets that exist', () => {
  const pages = readdirSync(siteDir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.html'))
    .map((d) => join(d.parentPath, d.name).slice(siteDir.length + 1))
  const missing = new Set<string>()
  for (const file of [...scripts().map((f) => join(assetsDir, f)), ...pages.map((f) => join(siteDir, f))]) {
    for (const [, path] of readFileSync(file, 'utf8').matchAll(/["'`(]\/?(_astro\/[\w.-]+\.(?:js|css|woff2?|svg|png|webp))["'`)]/g)) {
      if (!existsSync(join(siteDir, path))) missing.add(`${file.slice(siteDir.length + 1)} → ${path}`)
    }
  }
  expect([...missing]).toEqual([])
})

/** The built pages, as POSIX paths inside the site (`es/rng/index.html`), the keys of `csp.json`. */
const builtPages = (): string[] =>
  readdirSync(siteDir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.html'))
    .map((d) =>
      join(d.parentPath, d.name)
        .slice(siteDir.length + 1)
        .split('\\')
        .join('/'),
    )
    .sort()

test.describe('csp.json', () => {
  const manifest = () => JSON.parse(readFileSync(join(siteDir, cspManifestFile), 'utf8')) as CspManifest

  test('has an entry for every built page, with the hashes of the page as built', () => {
    const pages = builtPages()
    expect(pages.length).toBeGreaterThan(20)
    const entries = manifest().pages
    // A page with no entry, or one a later build step changed, would get no (or the wrong) inline code.
    expect(
      pages.filter((page) => !(page in entries)),
      'pages without a csp.json entry',
    ).toEqual([])
    const stale = pages.filter((page) => JSON.stringify(pageHashes(readFileSync(join(siteDir, page), 'utf8'))) !== JSON.stringify(entries[page]))
    expect(stale, 'pages whose inline code differs from their csp.json entry').toEqual([])
    expect(
      Object.keys(entries).filter((page) => !pages.includes(page)),
      'entries for pages that were not built',
    ).toEqual([])
  })

  test('is what the host sends: the header of a sample of pages allows exactly their entry', async () => {
    test.setTimeout(120_000)
    const entries = manifest().pages
    const pages = builtPages()
    // Every seventh page, and the home pages and 404 of both languages.
    const sample = [...new Set(['index.html', 'es/index.html', '404.html', ...pages.filter((_, i) => i % 7 === 3)])].filter((p) => pages.includes(p))
    const sandbox = await startSandbox({ staticDir: siteDir })
    try {
      for (const page of sample) {
        const path = `/${page.replace(/(^|\/)index\.html$/, '$1')}`
        // The language cookie names the page's own language, so the host picks this very file.
        const lang = /^(es|cn|vi)\//.exec(page)?.[1] ?? 'en'
        const r = await fetch(`${sandbox.url}${path}`, { headers: { Cookie: `lk_lang=${lang}` } })
        expect([path, r.headers.get('content-type')?.startsWith('text/html')]).toEqual([path, true])
        const csp = directives(r.headers.get('content-security-policy'))
        const entry = entries[page]
        expect([page, csp['script-src']]).toEqual([page, ["'self'", ...entry.script]])
        expect([page, csp['style-src']]).toEqual([page, ["'self'", ...entry.style]])
        expect([page, csp['style-src-attr']]).toEqual([page, entry.styleAttr.length ? ["'unsafe-hashes'", ...entry.styleAttr] : ["'none'"]])
        expect(Object.values(csp).flat()).not.toContain("'unsafe-inline'")
      }
    } finally {
      await sandbox.close()
    }
  })
})
