import { test as base, expect, type Page } from 'playwright/test'
import { startSandbox } from '../../sandbox/testing.ts'

/** The built site the journeys drive (`LK_SITE_DIR` points at another build, e.g. a private one). */
export const siteDir = process.env.LK_SITE_DIR ?? 'dist/site'

/** What a journey gets: the origin serving the built site and a fresh sandbox, and its dev controls. */
export interface App {
  url: string
  admin: Awaited<ReturnType<typeof startSandbox>>['admin']
  db: Awaited<ReturnType<typeof startSandbox>>['db']
}

/**
 * Journeys run against the real built site and a real sandbox on a throwaway database, one per
 * test, so flags and data never leak between tests.
 */
export const test = base.extend<{ app: App }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter's destructuring; it must be written `{}` when there are none
  app: async ({}, use, testInfo) => {
    const sandbox = await startSandbox({ staticDir: siteDir })
    await use({ url: sandbox.url, admin: sandbox.admin, db: sandbox.db })
    // A journey that failed after a bot check: the dev inbox says what the platform made of each
    // slider answer (a refusal's reason), which the page's snapshot cannot show.
    if (testInfo.status !== testInfo.expectedStatus) {
      const sliders = (await sandbox.admin.inbox().catch(() => undefined))?.slider ?? []
      if (sliders.length > 0) console.log(`${testInfo.titlePath.join(' › ')}: slider challenges, newest first: ${JSON.stringify(sliders)}`)
    }
    await sandbox.close()
  },
  baseURL: async ({ app }, use) => {
    await use(app.url)
  },
  page: async ({ page }, use) => {
    // Any uncaught page error fails the journey: a user would meet a broken page.
    const errors: Error[] = []
    page.on('pageerror', (error) => errors.push(error))
    // Every journey runs under the pages' Content-Security-Policy: a violation in any frame fails it.
    const violations: string[] = []
    await page.exposeFunction('__lkCspViolation', (v: string) => violations.push(v))
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { __lkCspViolation: (v: string) => void }).__lkCspViolation(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} on ${e.documentURI}`),
      ),
    )
    await use(page)
    expect(errors, `uncaught errors in the page: ${errors.map((e) => e.message).join('; ')}`).toEqual([])
    expect(violations, 'Content-Security-Policy violations').toEqual([])
  },
})

export { expect, type Page }
