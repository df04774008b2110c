/**
 * The login popup's game menu (issue 41): its providers sit in one row that scrolls sideways, so the
 * username, password and Log in are what the player sees when the popup opens, on a laptop and a phone.
 */
import { test, expect } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'

test.beforeEach(async ({ page }) => skipNoticePopup(page))

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width}×${viewport.height} the login popup shows its form first, the providers a row away`, async ({ page }) => {
    await page.setViewportSize(viewport)
    await page.goto('/')
    // The header's link opens the popup once the page is live (before, it goes to /login).
    await page.waitForLoadState('networkidle')
    const open = page.getByRole('banner').getByRole('link', { name: 'Log in' })
    await open.click()
    const dialog = page.getByRole('dialog', { name: 'Log in' })
    const menu = dialog.getByRole('navigation', { name: 'Game categories' })
    await expect(menu.getByRole('listitem').first()).toBeVisible()
    for (const control of [
      dialog.getByLabel('Username', { exact: true }),
      dialog.getByLabel('Password', { exact: true }),
      dialog.getByRole('button', { name: 'Log in', exact: true }),
    ]) {
      await expect(control).toBeInViewport()
    }
    // Every provider is still there, in reach by scrolling the row (or tabbing to it).
    const last = menu.getByRole('list').last().getByRole('listitem').last()
    await expect(last).not.toBeInViewport()
    await last.scrollIntoViewIfNeeded()
    await expect(last).toBeInViewport()
    await expect(dialog.getByLabel('Username', { exact: true })).toBeInViewport()
  })
}
