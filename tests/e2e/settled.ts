import type { Page } from 'playwright/test'

/**
 * Islands that hydrate as the page starts: `client:load`, and `client:paint` with no value (at the
 * first paint after the status call, site/directives/paint.ts). Astro drops `ssr` once one has.
 */
export const startIslands = `astro-island[ssr]:is([client="load"], [client="paint"][opts*='"value":true'])`

/**
 * Islands still to hydrate that do not wait to be scrolled to (`client:visible`, `client:paint="visible"`)
 * nor for a press (`client:paint="press"` and `"wake"`: a content page's shell, site/directives/paint.ts).
 */
export const unseenIslandsExcluded = `astro-island[ssr]:not([client="visible"], [opts*='"value":"visible"'], [opts*='"value":"press"'], [opts*='"value":"wake"'])`

/**
 * Waits until the page has run what it had queued: an idle callback runs only once the event loop
 * has no task left (React's hydration and commit tasks, the handlers and redirects they queue), so
 * a journey that then checks something did NOT happen (no redirect, no hydration mismatch, no second
 * request, no script run) has given it the chance to happen, without a fixed sleep. Twice, so work
 * the first idle period started (`client:idle` and `client:paint="idle"` islands) has run too; each wait is capped at 2 s for
 * a page that is never idle.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load')
  // `client:paint` islands start after the page's first paint (site/directives/paint.ts): from then on.
  await page.evaluate(() => (window as { lkPainted?: Promise<void> }).lkPainted)
  for (let i = 0; i < 2; i++) await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2_000 })))
}

/**
 * Waits until every island the page hydrates at load (`client:load`, or `client:paint` with no value: at
 * the first paint) has done so (Astro drops `ssr` then). A click on
 * a server-rendered control before its island runs does nothing, as it would for a player who taps
 * before the page has started; a journey that is not about that moment waits for this first.
 */
export async function hydrated(page: Page, timeout = 30_000): Promise<void> {
  await page.locator(startIslands).first().waitFor({ state: 'detached', timeout })
}

/**
 * Waits until every island that hydrates without being scrolled to (at load, on paint, when idle)
 * has done so. A `client:idle` island (the side bars, the popups' hosts) ignores a click until then,
 * and on a loaded machine idle comes late; a journey about what such an island does waits for this.
 */
export async function islandsHydrated(page: Page, timeout = 30_000): Promise<void> {
  await page.locator(unseenIslandsExcluded).first().waitFor({ state: 'detached', timeout })
}
