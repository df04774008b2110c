import { test, expect } from 'playwright/test'
import { startSandbox } from '../../sandbox/testing.ts'
import { axeViolations } from './axe.ts'
import { siteDir } from './fixtures.ts'
import { demo, signedIn } from './session.ts'
import { hydrated } from './settled.ts'

// axe (WCAG 2.2 AA rules) on the popups, the drawer and the member centre pages at a phone's 390 px.
// One sandbox per worker. Every route in EN/ES, light/dark, 390/1366 px: tests/e2e/pages.spec.ts.

let sandbox: Awaited<ReturnType<typeof startSandbox>>
test.beforeAll(async () => {
  sandbox = await startSandbox({ staticDir: siteDir })
})
test.afterAll(async () => {
  await sandbox?.close()
})
test.describe.configure({ timeout: 240_000 })

test('the notice popup, drawer, account popups and centre pages pass axe', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(sandbox.url + '/')
  const notice = page.locator('[data-modal="noticePopup"]')
  await expect(notice).toBeVisible({ timeout: 20_000 })
  expect(await axeViolations(page, '[data-modal="noticePopup"]')).toEqual([])
  await notice.getByRole('button', { name: 'Close' }).click()

  await hydrated(page)
  await page.getByRole('button', { name: 'Menu' }).click()
  const drawer = page.getByRole('dialog', { name: 'Menu' })
  await drawer.getByText('Slots', { exact: true }).click()
  expect(await axeViolations(page, '[data-modal="menuDrawer"]')).toEqual([])
  await page.keyboard.press('Escape')

  await page.getByRole('link', { name: 'Log in' }).click()
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible({ timeout: 20_000 })
  expect(await axeViolations(page, '[data-modal="loginPopupModal"]')).toEqual([])
  await page.keyboard.press('Escape')
  await page.getByRole('link', { name: 'Register' }).click()
  await expect(page.getByRole('dialog', { name: 'Create an account' })).toBeVisible({ timeout: 20_000 })
  expect(await axeViolations(page, '[data-modal="registerModal"]')).toEqual([])
  await page.keyboard.press('Escape')

  // Signed in: every member centre page.
  await signedIn(page, sandbox.url, demo)
  await page.goto(sandbox.url + '/')
  await hydrated(page)
  await page.getByRole('navigation', { name: 'Quick links' }).getByRole('button', { name: 'Account' }).click()
  const centre = page.locator('[data-modal="memberCenterModal"]')
  await expect(centre).toBeVisible({ timeout: 20_000 })
  const pages = centre.locator('.lk-centre__nav button')
  const found: Record<string, string[]> = {}
  for (let i = 0; i < (await pages.count()); i++) {
    const name = (await pages.nth(i).textContent())?.trim() ?? String(i)
    await pages.nth(i).click()
    await expect(pages.nth(i)).toHaveAttribute('aria-current', 'page')
    await page.waitForLoadState('networkidle')
    const list = await axeViolations(page, '[data-modal="memberCenterModal"]')
    if (list.length) found[name] = list
  }
  expect(found).toEqual({})
})
