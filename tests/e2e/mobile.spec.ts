import { demoAccounts } from '../../sandbox/seed/accounts.ts'
import { test, expect, type Page } from './fixtures.ts'
import { dismissNoticePopups, skipNoticePopup } from './popups.ts'
import { siteRoutes } from './routes.ts'
import { demo, signedIn } from './session.ts'
import { hydrated, islandsHydrated } from './settled.ts'

// Phone first: a 390 × 844 screen, as most players use.
// A phone: touch, and overlay scroll bars (a popup's scroll lock takes no width from the page).
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
// The account popups and centre pages load on first use: give a loaded machine room.
test.describe.configure({ timeout: 90_000 })

/** Visible controls inside `selector` smaller than 44 × 44 px, named for the failure message. */
async function smallTargets(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((roots) =>
    roots.flatMap((root) =>
      [...root.querySelectorAll<HTMLElement>('a[href], button, select, summary')]
        .filter((el) => el.checkVisibility())
        .filter((el) => el.getBoundingClientRect().width < 44 || el.getBoundingClientRect().height < 44)
        .map((el) => `${el.tagName} "${el.getAttribute('aria-label') ?? el.textContent?.trim()}"`),
    ),
  )
}

/** The sum of every layout shift since the page loaded, user-caused or not (compare before and after an action). */
/** The page's layout shifts so far: their sum, and what moved in each (for a failure's message). */
const shifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ total: number; what: string[] }>((resolve) => {
        type Shift = PerformanceEntry & { value: number; sources?: { node?: Node | null }[] }
        const describe = (e: Shift) =>
          `${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${(e.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.localName}.${s.node.className}` : (s.node?.nodeName ?? '?'))).join(', ')}`
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as Shift[]
          resolve({ total: entries.reduce((sum, e) => sum + e.value, 0), what: entries.map(describe) })
        }).observe({ type: 'layout-shift', buffered: true })
        setTimeout(() => resolve({ total: 0, what: [] }), 300)
      }),
  )
const totalShift = async (page: Page) => (await shifts(page)).total

test('every route fits a phone: no sideways scroll, compact header, bottom bar, 44 px targets', async ({ page }) => {
  test.setTimeout(240_000)
  await skipNoticePopup(page)
  for (const route of siteRoutes()) {
    await page.goto(route)
    // One look per route (a loaded machine makes many small calls slow): what a player sees at 390 px.
    const seen = await page.evaluate(() => {
      const shown = (el: Element | null) => el instanceof HTMLElement && el.checkVisibility()
      const header = document.querySelector('header.lk-header')
      const bar = document.querySelector('.lk-bottombar')
      const small = [...document.querySelectorAll<HTMLElement>('header.lk-header :is(a[href], button, select), .lk-bottombar :is(a, button)')]
        .filter(shown)
        .filter((el) => el.getBoundingClientRect().width < 44 || el.getBoundingClientRect().height < 44)
        .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim())
      return {
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        header: Boolean(header),
        headerHeight: header?.getBoundingClientRect().height ?? 0,
        menuButton: shown(document.querySelector('header .lk-menubutton')),
        navShown: shown(document.querySelector('header .lk-nav')),
        languageShown: shown(document.querySelector('header .lk-lang')),
        barEntries: bar && shown(bar) ? [...bar.children].map((el) => el.textContent?.trim()) : [],
        reserved: parseFloat(getComputedStyle(document.body).paddingBottom),
        small,
        // The game pages fill a phone's screen: no site header, no bottom bar (tests/e2e/game-phone.spec.ts).
        fill: document.body.classList.contains('lk-fill'),
        headerShown: shown(header),
      }
    })
    expect(seen.overflow, `${route} scrolls sideways`).toBeLessThanOrEqual(0)
    if (seen.fill) {
      expect({ headerShown: seen.headerShown, barEntries: seen.barEntries }, route).toEqual({ headerShown: false, barEntries: [] })
      continue
    }
    if (!seen.header) continue
    expect(seen, route).toMatchObject({ menuButton: true, navShown: false, languageShown: false, small: [], barEntries: ['Home', 'Games', 'Promos', 'Deposit', 'Account'] })
    // One line: the header keeps its height; the body reserves the bar's height so it never covers the page's end.
    expect(seen.headerHeight, route).toBeLessThanOrEqual(57)
    expect(seen.reserved, route).toBeGreaterThanOrEqual(56)
  }
})

test('a new player reaches a slot provider from the menu; the drawer traps and returns focus, Escape closes it', async ({ page }) => {
  await skipNoticePopup(page)
  await page.goto('/')
  await hydrated(page)
  const shiftBefore = await totalShift(page)
  const menu = page.getByRole('button', { name: 'Menu' })
  await menu.click()
  const drawer = page.getByRole('dialog', { name: 'Menu' })
  await expect(drawer).toBeVisible()
  expect(await smallTargets(page, '[data-modal="menuDrawer"]')).toEqual([])
  // Every category, then its providers; language and theme live here too.
  await expect(drawer.getByText('Slots', { exact: true })).toBeVisible()
  expect(await drawer.locator('summary').allTextContents()).toEqual(expect.arrayContaining(['Slots', 'Fishing', 'Sports', 'Esports']))
  await expect(drawer.getByLabel('Language')).toBeVisible()
  await expect(drawer.getByRole('button', { name: 'Dark theme' })).toBeVisible()
  // Focus stays inside: backwards from the first control lands on the last one.
  await drawer.getByRole('button', { name: 'Close' }).focus()
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Shift+Tab')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-modal="menuDrawer"]')))).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(menu).toBeFocused()
  // Opening and closing the drawer moves nothing on the page (CLS 0 to Lighthouse's two decimals,
  // with room for a sub-pixel shift the ticking parts of the page may make meanwhile).
  expect(await totalShift(page)).toBeLessThan(shiftBefore + 0.0001)

  await menu.click()
  await drawer.getByText('Slots', { exact: true }).click()
  await drawer.getByRole('link', { name: 'PG Soft' }).click()
  await expect(page).toHaveURL(/\/rng\?vassalage=PG$/)
  await expect(page.getByRole('heading', { name: 'Slot games' })).toBeVisible()
})

test('the bottom bar: deposit asks a guest to log in, and opens the deposit page for a member', async ({ page, app }) => {
  await skipNoticePopup(page)
  await page.goto('/promotions')
  // Every island that hydrates on its own (the idle ones too, late on a loaded machine) has, so the
  // shifts measured below are the popups' alone.
  await islandsHydrated(page)
  const bar = page.getByRole('navigation', { name: 'Quick links' })
  await expect(bar.getByRole('link', { name: 'Promos' })).toHaveAttribute('aria-current', 'page')
  const shiftBefore = await totalShift(page)
  await bar.getByRole('button', { name: 'Deposit' }).click()
  const login = page.getByRole('dialog', { name: 'Log in' })
  // The account popups load on first use.
  await expect(login).toBeVisible({ timeout: 20_000 })
  // The popup and the bottom bar under it move nothing on the page (CLS 0 while they open).
  const afterLogin = await shifts(page)
  expect(afterLogin.total, `layout shift while the login popup opened: ${afterLogin.what.join('; ')}`).toBeLessThan(shiftBefore + 0.0001)
  // Popups fill a phone's screen.
  const box = await login.boundingBox()
  expect(box?.width).toBe(390)
  expect(box?.height).toBe(844)
  await login.getByRole('button', { name: 'Close' }).click()
  await expect(login).toBeHidden()

  await signedIn(page, app.url, demo)
  await page.goto('/')
  await islandsHydrated(page)
  await expect(page.getByTestId('balance')).toHaveText(/\d/)
  const memberShiftBefore = await totalShift(page)
  await page.getByRole('navigation', { name: 'Quick links' }).getByRole('button', { name: 'Deposit' }).click()
  const centre = page.locator('[data-modal="memberCenterModal"]')
  await expect(centre.getByRole('heading', { name: 'Deposit', level: 3 })).toBeVisible({ timeout: 20_000 })
  const afterCentre = await shifts(page)
  expect(afterCentre.total, `layout shift while the member centre opened: ${afterCentre.what.join('; ')}`).toBeLessThan(memberShiftBefore + 0.0001)
  await page.keyboard.press('Escape')
  await page.getByRole('navigation', { name: 'Quick links' }).getByRole('button', { name: 'Account' }).click()
  await expect(centre).toBeVisible()
})

test('tablet and desktop keep the header nav, with no bottom bar or menu button', async ({ page }) => {
  await dismissNoticePopups(page)
  for (const width of [820, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/rng')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await expect(page.getByLabel('Language')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden()
    await expect(page.getByRole('navigation', { name: 'Quick links' })).toBeHidden()
  }
})

test('demo01 signs in by SMS code on a phone with the seeded mobile number, as typed', async ({ page, app }) => {
  await skipNoticePopup(page)
  const mobile = demoAccounts.find((a) => a.username === demo.username)!.mobileNum
  await page.goto('/login')
  await hydrated(page)
  await page.getByRole('tab', { name: 'Mobile code' }).click()
  // The Philippines (+63) is the default country; its number field asks for 10 digits.
  await page.getByLabel('Mobile number', { exact: true }).fill(mobile)
  // The button sends at most once a second: pressed until the countdown of a sent code shows, and only
  // while it still offers "Get code" (on a busy machine a send can outlast one round).
  const resend = page.getByRole('button', { name: /Resend in \d+ s/ })
  await expect(async () => {
    if (!(await resend.isVisible())) await page.getByRole('button', { name: 'Get code' }).click({ timeout: 1_000 })
    await expect(resend).toBeDisabled({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  let code = ''
  await expect
    .poll(async () => {
      const sms = (await app.admin.inbox()).sms as { mobileNum: string; purpose: string; code?: string }[]
      code = sms.find((m) => m.mobileNum.endsWith(mobile) && m.purpose === 'login')?.code ?? ''
      return code
    })
    .toMatch(/^\d{6}$/)
  await page.getByLabel('Verification code', { exact: true }).fill(code)
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click()
  // Signed in as demo01, home: the phone header shows the balance, and the session names the account
  // (read once the login page has finished taking the player home).
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 })
  await expect(page.getByTestId('balance')).toHaveText(/^₱[\d,]+\.\d{2}$/, { timeout: 30_000 })
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('account')).catch(() => 'navigating')).toBe(JSON.stringify(demo.username))
})
