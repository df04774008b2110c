import { test, expect } from './fixtures.ts'
import { problemsOf } from './fit-problems.ts'
import { skipNoticePopup } from './popups.ts'
import { siteRoutes } from './routes.ts'
import { settled } from './settled.ts'

/**
 * Every page at 320, 390 and 1366 px in English and Spanish: nothing scrolls sideways, no
 * control is cut off by the screen or a clipping box, no control is covered by another element at its
 * centre, and no label is cut mid-word by an ellipsis. A measured check, not stored screenshots.
 *
 * A page loads once per language, at the narrowest phone, and then widens in place (a phone turned, a
 * window dragged wider), as pages.spec.ts changes its widths: each width is measured once what it
 * brought into view has settled. One load instead of three keeps the sweep to a third of the page loads.
 */

test.describe.configure({ timeout: 300_000 })

const widths = [
  { width: 320, height: 740 },
  { width: 390, height: 740 },
  { width: 1366, height: 800 },
] as const

/** Each language's routes in thirds, so the two workers share the sweep evenly. */
const parts = 3
const routes = siteRoutes()
const part = (i: number) => routes.filter((_, r) => r % parts === i)

for (const lang of ['en', 'es'] as const) {
  for (let i = 0; i < parts; i++) {
    test(`every page fits 320, 390 and 1366 px in ${lang === 'en' ? 'English' : 'Spanish'}, part ${i + 1} of ${parts}: no sideways scroll, no clipped, covered or cut control`, async ({
      page,
    }) => {
      await skipNoticePopup(page)
      const problems: string[] = []
      for (const route of part(i)) {
        await page.setViewportSize(widths[0])
        await page.goto(lang === 'en' ? route : `/es${route === '/' ? '' : route}`)
        for (const size of widths) {
          if (size !== widths[0]) await page.setViewportSize(size)
          await settled(page)
          // The nav's categories arrive after the page: measure it with them (on a page that has the nav;
          // /helpmc, the in-app help, has none, and waiting for it cost 20 s per run).
          if (size.width > 640 && (await page.locator('.lk-nav').count()) > 0)
            await page
              .locator('.lk-nav a.lk-nav__link')
              .nth(3)
              .waitFor({ timeout: 20_000 })
              .catch(() => undefined)
          for (const what of await problemsOf(page)) problems.push(`${route} at ${size.width} px: ${what}`)
        }
      }
      expect(problems).toEqual([])
    })
  }
}
