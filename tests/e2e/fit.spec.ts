import { test, expect } from './fixtures.ts'
import { problemsOf } from './fit-problems.ts'
import { skipNoticePopup } from './popups.ts'
import { siteRoutes } from './routes.ts'
import { settled } from './settled.ts'

/**
 * Every page at 320, 390 and 1366 px in English and Spanish: nothing scrolls sideways, no
 * control is cut off by the screen or a clipping box, no control is covered by another element at its
 * centre, and no label is cut mid-word by an ellipsis. A measured check, not stored screenshots.
 */

test.describe.configure({ timeout: 300_000 })

interface Problem {
  route: string
  what: string
}

for (const width of [320, 390, 1366]) {
  for (const lang of ['en', 'es'] as const) {
    test(`every page fits ${width} px in ${lang === 'en' ? 'English' : 'Spanish'}: no sideways scroll, no clipped, covered or cut control`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 1000 ? 800 : 740 })
      await skipNoticePopup(page)
      const problems: Problem[] = []
      for (const route of siteRoutes()) {
        await page.goto(lang === 'en' ? route : `/es${route === '/' ? '' : route}`)
        await settled(page)
        // The nav's categories arrive after the page: measure it with them (on a page that has the nav;
        // /helpmc, the in-app help, has none, and waiting for it cost 20 s per run).
        if (width > 640 && (await page.locator('.lk-nav').count()) > 0)
          await page
            .locator('.lk-nav a.lk-nav__link')
            .nth(3)
            .waitFor({ timeout: 20_000 })
            .catch(() => undefined)
        for (const what of await problemsOf(page)) problems.push({ route, what })
      }
      expect(problems.map((p) => `${p.route}: ${p.what}`)).toEqual([])
    })
  }
}
