/**
 * The game page on a phone (issue 41): the game fills the screen, not the strip under the site header,
 * and its own bar leads back to where the player came from. Wider screens keep the header above it.
 */
import { test, expect, type Page } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'
import { demo, signedIn } from './session.ts'

test.beforeEach(async ({ page }) => skipNoticePopup(page))

/** Opens a slot from the /rng search and waits for the game inside its frame. */
async function openSlot(page: Page): Promise<void> {
  await page.goto('/rng')
  const search = page.getByRole('searchbox', { name: 'Search by game name' })
  await search.fill('Rise of the Phoenix')
  await search.press('Enter')
  await page.getByRole('button', { name: 'Rise of the Phoenix', exact: true }).click({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/game\/?(\?|$)/)
  await expect(page.frameLocator('iframe[title="Game"]').getByRole('button', { name: 'Spin' })).toBeVisible()
}

for (const width of [390, 320]) {
  test(`at ${width} px the game fills the screen and its bar leads back`, async ({ page, app }) => {
    test.slow()
    await page.setViewportSize({ width, height: 844 })
    await signedIn(page, app.url, demo)
    await openSlot(page)
    // No site header, notice bar or bottom bar around the game.
    await expect(page.getByRole('banner')).toBeHidden()
    await expect(page.getByRole('region', { name: 'Notices' })).toBeHidden()
    await expect(page.getByRole('navigation', { name: 'Quick links' })).toHaveCount(0)
    // The session bar is at the top, the frame's bar under it, the game takes the rest of the screen,
    // and nothing scrolls.
    const session = await page.getByRole('region', { name: 'Your session' }).boundingBox()
    const back = page.getByRole('link', { name: 'Back to the lobby' })
    const bar = await back.locator('..').boundingBox()
    const game = await page.getByTitle('Game', { exact: true }).boundingBox()
    expect(session?.y).toBe(0)
    expect(bar?.y).toBe((session?.y ?? 0) + (session?.height ?? 0))
    expect(game?.x).toBe(0)
    expect(game?.width).toBe(width)
    expect((game?.y ?? 0) + (game?.height ?? 0)).toBe(844)
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(844)
    // The way back works from the keyboard.
    await back.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/rng\/?$/)
  })
}

test('on a wide screen the site header stays above the game', async ({ page, app }) => {
  test.slow()
  await signedIn(page, app.url, demo)
  await openSlot(page)
  await expect(page.getByRole('banner')).toBeVisible()
  const header = await page.getByRole('banner').boundingBox()
  const game = await page.getByTitle('Game', { exact: true }).boundingBox()
  expect(game?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0))
})
