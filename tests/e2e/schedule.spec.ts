import { test, expect } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'

/**
 * Promotions follow their dates by the visitor's clock, not the build's: the shipped promotions start
 * on 2025-01-01 in the brand's zone (UTC+08:00), i.e. 2024-12-31 16:00 UTC. A minute before, the page
 * lists none and says so; at the minute they appear on the open page, with no reload and no rebuild.
 */
const minuteBefore = new Date('2024-12-31T15:59:00Z')

test.beforeEach(async ({ page }) => {
  await skipNoticePopup(page)
})

test('a promotion goes live at its start minute in the brand zone on an open page, and its detail is absent before', async ({ page }) => {
  await page.clock.install({ time: minuteBefore })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/promotions')
  const cards = page.locator('li[data-lk-from] a.lk-promo')
  await expect(page.getByText('No promotions are running right now. Check back soon.')).toBeVisible()
  await expect(cards.filter({ visible: true })).toHaveCount(0)
  // The clock reaches 00:00 in Manila: the page's scheduler shows them without a reload.
  await page.clock.runFor(61_000)
  await expect(cards.filter({ visible: true }).first()).toBeVisible()
  await expect(cards.filter({ visible: true })).toHaveCount(await cards.count())
  await expect(page.getByText('No promotions are running right now. Check back soon.')).toBeHidden()

  // The article of a promotion not started yet is not offered either.
  await page.clock.setFixedTime(minuteBefore)
  await page.goto('/promoDetail?id=welcome')
  await expect(page.getByText('This promotion is not available.')).toBeVisible()
  await expect(page.locator('article[data-promo="welcome"]')).toBeHidden()
})

test("an editor's large picture fits a phone: no sideways scrolling at 320 px, served in a width that fits", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 })
  await page.goto('/down')
  const picture = page.getByRole('img', { name: 'From the download on your phone to the installed app' }).first()
  await picture.scrollIntoViewIfNeeded()
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
  const box = await picture.boundingBox()
  expect(box!.width).toBeLessThanOrEqual(320)
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
  // A phone gets a smaller file than the 1200 px original.
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeLessThan(1200)
})
