/**
 * No promotion offers during a break, on the static promotion pages: the editors' articles
 * on /promotions and /promoDetail are server HTML that cannot know the player, so the browser hides
 * them, with a message in their place, while a break taken here runs (or a withdrawal-only session is
 * open); the banners show no slide meanwhile. In English and Spanish; the texts are read from the locale files.
 */
import { readFileSync } from 'node:fs'
import { test, expect, type Page } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'

test.beforeEach(async ({ page }) => skipNoticePopup(page))
const slow = { timeout: 60_000 }

/** As the browser remembers a break just taken here (sdk/protect/quiet.ts `markBreakTaken`), ending in a day. */
const breakTakenHere = (page: Page) =>
  page.addInitScript(() => {
    if (!localStorage.getItem('lkBreakUntil')) localStorage.setItem('lkBreakUntil', JSON.stringify(Date.now() + 24 * 3_600_000))
  })

for (const lang of ['en', 'es'] as const) {
  const shell = JSON.parse(readFileSync(`locales/${lang}/shell.json`, 'utf8')) as Record<string, string>
  const prefix = lang === 'en' ? '' : '/es'
  const title = (slug: string) => /^title: "(.*)"$/m.exec(readFileSync(`site/content/promotions/${lang}/${slug}.md`, 'utf8'))![1]
  const paused = (page: Page) => page.getByRole('status').filter({ hasText: shell.shell_promotions_paused })

  test(`${lang}: the promotions page and a promotion article show no offer or promotion banner while a break taken in this browser runs`, async ({ page }) => {
    // Without a break: the editors' offers show.
    await page.goto(`${prefix}/promotions`)
    const welcome = page.getByRole('link', { name: new RegExp(title('welcome').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    await expect(welcome).toBeVisible(slow)
    await expect(paused(page)).toBeHidden()
    // The promotion banners slide above them.
    const banners = page.getByRole('region', { name: shell.shell_banner_label })
    await expect(banners).toBeVisible(slow)

    await breakTakenHere(page)
    await page.goto(`${prefix}/promotions`)
    await expect(paused(page)).toBeVisible(slow)
    await expect(welcome).toBeHidden()
    await expect(page.getByRole('heading', { name: shell.shell_promotions_live })).toBeHidden()
    await expect(banners).toHaveCount(0)

    await page.goto(`${prefix}/promoDetail?id=welcome`)
    await expect(paused(page)).toBeVisible(slow)
    await expect(page.getByRole('heading', { name: title('welcome'), level: 1 })).toBeHidden()
  })

  test(`${lang}: once the break has ended the offers show again`, async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lkBreakUntil', JSON.stringify(Date.now() - 1000)))
    await page.goto(`${prefix}/promoDetail?id=welcome`)
    await expect(page.getByRole('heading', { name: title('welcome'), level: 1 })).toBeVisible(slow)
    await expect(paused(page)).toBeHidden()
  })
}
