import { readdirSync } from 'node:fs'
import { siteDir, test, expect, type App, type Page } from './fixtures.ts'
import { demo, signedIn } from './session.ts'
import { settled } from './settled.ts'

/**
 * Every route hydrates without a mismatch (React error #418) in English and Spanish, logged out and
 * logged in. Islands hydrate one after another (load, idle, visible) while the stores fill from the
 * platform and from session and local storage; an island that renders anything other than its server
 * HTML while hydrating throws. Pages are visited one after another in one tab, as a visitor browses,
 * so storage and the notice popup (shown until closed) carry over between the pages of a group.
 */

const pagesDir = 'site/pages/[...locale]'

/** The routes of the built site, read from the pages folder so a new page is covered at once. */
function siteRoutes(): string[] {
  const routes: string[] = []
  for (const entry of readdirSync(pagesDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.astro')) continue
    const dir = entry.parentPath.slice(pagesDir.length).replace(/^\//, '')
    const name = entry.name.slice(0, -'.astro'.length)
    const path = [dir, name === 'index' ? '' : name].filter(Boolean).join('/')
    if (path === '404') routes.push('/no-such-page')
    else if (path.includes('[')) routes.push(...builtPaths(path))
    else routes.push(`/${path}`)
  }
  return routes.sort()
}

/** The pages the build made for a dynamic route (`rng/[games]` → `/rng/fish`, …). */
function builtPaths(pattern: string): string[] {
  const parent = pattern.slice(0, pattern.indexOf('['))
  const made = readdirSync(`${siteDir}/${parent}`, { withFileTypes: true }).filter((d) => d.isDirectory())
  if (made.length === 0) throw new Error(`hydration.spec.ts: the build made no page for ${pattern}`)
  return made.map((d) => `/${parent}${d.name}`)
}

const routes = siteRoutes()
const viewport = { width: 1280, height: 800 }

const pending = (page: Page) => page.locator('astro-island[ssr]')

/**
 * Waits until every island of the page has hydrated (Astro removes `ssr` when it has). `client:visible`
 * islands wait to be on screen: the viewport grows to the page's height (as if the visitor scrolled
 * through it, and whether or not a popup locks scrolling), so all of them hydrate at once; on a page
 * taller than that, the last one still waiting is scrolled to.
 */
async function waitForIslands(page: Page, path: string): Promise<void> {
  await expect(page.locator('astro-island[ssr]:not([client="visible"])'), `${path}: load and idle islands hydrate`).toHaveCount(0, { timeout: 30_000 })
  if ((await pending(page).count()) === 0) return
  const grow = async () => {
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    await page.setViewportSize({ width: viewport.width, height: Math.min(Math.max(height, viewport.height), 16_000) })
  }
  await grow()
  await expect
    .poll(
      async () => {
        // An island that hydrated may have made the page taller; on a page taller than the largest
        // viewport, the visitor scrolls on to what is still waiting.
        await grow()
        return pending(page).evaluateAll((islands) => {
          // Islands are `display: contents`: scroll to what they rendered.
          const last = islands.at(-1)
          ;(last?.firstElementChild ?? last)?.scrollIntoView()
          return islands.map((island) => island.getAttribute('component-url'))
        })
      },
      { message: `${path}: visible islands hydrate`, timeout: 30_000, intervals: [50, 100, 250] },
    )
    .toEqual([])
  await page.setViewportSize(viewport)
}

/**
 * Visits every route and returns, per route, the console errors and uncaught errors the page met (the
 * fixture also fails on uncaught errors; this list says on which page they happened).
 */
async function visitAll(page: Page, prefix: '' | '/es', routes: string[]): Promise<Record<string, string[]>> {
  let errors: string[] = []
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message.split('\n')[0]}`))
  page.on('console', (message) => {
    // A missing demo image is the network's business, not the page's.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(`console: ${message.text().split('\n')[0]}`)
  })
  const found: Record<string, string[]> = {}
  for (const route of routes) {
    const path = prefix && route === '/' ? '/es/' : `${prefix}${route}`
    errors = []
    await page.goto(path)
    await waitForIslands(page, path)
    // React reports a mismatch while it hydrates, in tasks queued after the island starts: let them run.
    await settled(page)
    if (errors.length) found[path] = errors
  }
  return found
}

/**
 * The routes in a few groups, so the groups of both languages and both sessions spread over the
 * workers instead of four long tests finishing one after another.
 */
const groupSize = 9
const groups = Array.from({ length: Math.ceil(routes.length / groupSize) }, (_, i) => routes.slice(i * groupSize, (i + 1) * groupSize))

test.describe('hydration', () => {
  // Up to nine routes with a full hydration each: longer than one journey.
  test.describe.configure({ timeout: 180_000 })

  for (const [label, prefix] of [['English', ''], ['Spanish', '/es']] as const) {
    for (const [i, group] of groups.entries()) {
      const which = `routes ${i + 1}/${groups.length} (${group[0]} … ${group.at(-1)})`

      test(`${which} hydrate without a mismatch, logged out, ${label}`, async ({ page }) => {
        expect(await visitAll(page, prefix, group)).toEqual({})
      })

      test(`${which} hydrate without a mismatch, logged in as demo01, ${label}`, async ({ page, app }) => {
        await signedIn(page, app.url, demo)
        expect(await visitAll(page, prefix, group)).toEqual({})
        // The pages were really seen logged in.
        await page.goto(prefix || '/')
        await expect(page.getByRole('banner').getByText('demo01')).toBeVisible()
      })
    }
  }
})
