import { test, expect, type Page } from './fixtures.ts'
import { everyRoute } from './routes.ts'
import { demo, signedIn } from './session.ts'
import { hydrationErrors, recordErrors, waitForIslands } from './islands.ts'

/**
 * Every route hydrates without a mismatch (React error #418) in English and Spanish, logged in (the
 * logged-out visits are tests/e2e/pages.spec.ts's, which loads every route in both languages anyway). Islands hydrate one after another (load, idle, visible) while the stores fill from the
 * platform and from session and local storage; an island that renders anything other than its server
 * HTML while hydrating throws. Pages are visited one after another in one tab, as a visitor browses,
 * so storage and the notice popup (shown until closed) carry over between the pages of a group.
 */

// Every page of the build, in the default language (the same list pages.spec.ts walks).
const routes = everyRoute()

/**
 * Visits every route and returns, per route, the console errors and uncaught errors the page met (the
 * fixture also fails on uncaught errors; this list says on which page they happened).
 */
async function visitAll(page: Page, prefix: '' | '/es', routes: string[]): Promise<Record<string, string[]>> {
  const recorder = recordErrors(page)
  const found: Record<string, string[]> = {}
  for (const route of routes) {
    const path = prefix && route === '/' ? '/es/' : `${prefix}${route}`
    recorder.take()
    await page.goto(path)
    await waitForIslands(page, path)
    const errors = await hydrationErrors(page, recorder)
    if (errors.length) found[path] = errors
  }
  return found
}

/**
 * The routes in a few groups, so the groups of both languages spread over the
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
