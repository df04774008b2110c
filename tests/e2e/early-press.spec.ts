import { test, expect, type Page } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'
import { hydrated } from './settled.ts'

// The phone nav hydrates when the browser is idle after the first paint (`client:paint="idle"`,
// site/directives/paint.ts): its code is held back here so the press surely comes before it.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
test.describe.configure({ timeout: 90_000 })

/** Holds the phone nav's code until the returned function is called. */
async function holdMobileNav(page: Page): Promise<() => void> {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/_astro/MobileNav.*.js', async (route) => {
    await held
    await route.continue()
  })
  return release
}

const mobileNavIsland = 'astro-island[component-url*="MobileNav"]'

test('a bottom-bar Games press made before the phone nav hydrated opens the menu once it has', async ({ page }) => {
  await skipNoticePopup(page)
  const release = await holdMobileNav(page)
  await page.goto('/')
  await hydrated(page)
  // The server's bar is there and pressable; its island has not hydrated.
  await expect(page.locator(`${mobileNavIsland}[ssr]`)).toHaveCount(1)
  await page.locator('.lk-bottombar').getByRole('button', { name: 'Games' }).click()
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden()
  release()
  await expect(page.locator(`${mobileNavIsland}[ssr]`)).toHaveCount(0, { timeout: 30_000 })
  const drawer = page.getByRole('dialog', { name: 'Menu' })
  await expect(drawer).toBeVisible({ timeout: 30_000 })
  await expect(page.locator('.lk-bottombar').getByRole('button', { name: 'Games' })).toHaveAttribute('aria-expanded', 'true')
  await expect(drawer.getByText('Slots', { exact: true })).toBeVisible()
})

test("the header's Menu pressed before the phone nav hydrated opens the menu drawer once it has", async ({ page }) => {
  await skipNoticePopup(page)
  const release = await holdMobileNav(page)
  await page.goto('/')
  await hydrated(page)
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
  await expect(page.locator(`${mobileNavIsland}[ssr]`)).toHaveCount(1)
  release()
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible({ timeout: 30_000 })
})

test('a bottom-bar link works before the phone nav hydrated', async ({ page }) => {
  await skipNoticePopup(page)
  await holdMobileNav(page)
  await page.goto('/')
  await hydrated(page)
  await page.locator('.lk-bottombar').getByRole('link', { name: 'Promos' }).click()
  await expect(page).toHaveURL(/\/promotions\/?$/)
})
