import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test, expect } from 'playwright/test'
// Plain Playwright test: these read the build and need neither a sandbox nor a browser.
import { siteDir } from './fixtures.ts'

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
    for (const [, path] of readFileSync(file, 'utf8').matchAll(/["'`(]\/?(_astro\/[\w.\-]+\.(?:js|css|woff2?|svg|png|webp))["'`)]/g)) {
      if (!existsSync(join(siteDir, path))) missing.add(`${file.slice(siteDir.length + 1)} → ${path}`)
    }
  }
  expect([...missing]).toEqual([])
})
