import { expect, type Page } from './fixtures.ts'
import { settled, unseenIslandsExcluded } from './settled.ts'

/**
 * Hydration checks of the journey that visits every route (tests/e2e/pages.spec.ts: English signed
 * out, Spanish signed in): every island hydrates, and none logs a mismatch (React error #418) or any
 * other error while it does.
 */

/** Every React chunk (React itself and what comes with it) the page requests, as it requests it. */
export function reactRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    if (/\/_astro\/react\.[\w-]+\.js$/.test(new URL(request.url()).pathname)) seen.push(request.url())
  })
  return seen
}

const pending = (page: Page) => page.locator('astro-island[ssr]')

/**
 * Waits until every island of the page has hydrated (Astro removes `ssr` when it has); a content page's
 * shell islands, which wait for a press, are started as a first press would. `client:visible`
 * and `client:paint="visible"` islands wait to be on screen: the viewport grows to the page's height (as if the visitor scrolled
 * through it, and whether or not a popup locks scrolling), so all of them hydrate at once; on a page
 * taller than that, the last one still waiting is scrolled to. The viewport is put back after.
 */
export async function waitForIslands(page: Page, path: string): Promise<void> {
  await expect(page.locator(unseenIslandsExcluded), `${path}: load and idle islands hydrate`).toHaveCount(0, { timeout: 30_000 })
  // A content page's shell islands wait for a press (site/directives/paint.ts): start them as a first press would.
  await page.evaluate(() => (window as { lkWake?: (all?: boolean) => void }).lkWake?.(true))
  if ((await pending(page).count()) === 0) return
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 }
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
 * Starts recording the page's uncaught errors and console errors (a missing demo image is the
 * network's business, not the page's); `take()` returns those since the last call and starts afresh.
 */
export function recordErrors(page: Page): { take(): string[] } {
  let errors: string[] = []
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message.split('\n')[0]}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(`console: ${message.text().split('\n')[0]}`)
  })
  return {
    take() {
      const seen = errors
      errors = []
      return seen
    },
  }
}

/**
 * After `waitForIslands`: lets React's hydration tasks run (a mismatch is reported in tasks queued after
 * the island starts), then returns what the page logged since the last `take()`.
 */
export async function hydrationErrors(page: Page, recorder: { take(): string[] }): Promise<string[]> {
  await settled(page)
  return recorder.take()
}
