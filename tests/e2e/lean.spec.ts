/**
 * Content pages load no React until a press needs it (issue 38 item 5): the shell is server HTML with
 * a small script (site/components/LeanShell.astro), and the first press that needs React loads it
 * (site/directives/paint.ts) without losing that press.
 */
import { test, expect } from './fixtures.ts'
import { exerciseBalance } from './account.ts'
import { reactRequests } from './islands.ts'
import { skipNoticePopup } from './popups.ts'
import { settled } from './settled.ts'
import { demo, signedIn } from './session.ts'
import { gapPercent, solveSliderByKeyboard } from './slider.ts'
import { failOnce } from './outage.ts'

// Journeys about other parts start as a browser that has seen the notice popup (its own journey below).
test.beforeEach(async ({ page }, info) => {
  if (!info.title.includes('notice popup')) await skipNoticePopup(page)
})

test('/help shows its nav, notices, notice modal and banner-free shell with no React until Log in is pressed, which then opens the popup', async ({ page }) => {
  const react = reactRequests(page)
  await page.goto('/help')
  const nav = page.getByRole('navigation', { name: 'Main' })
  // The script filled the server HTML from the platform: categories, and the notice bar's titles.
  await expect(nav.getByRole('list', { name: 'Game categories' }).getByRole('link', { name: 'Slots' })).toBeVisible({ timeout: 20_000 })
  const notices = page.getByRole('region', { name: 'Notices' })
  await expect(notices.getByRole('button').first()).toBeVisible()
  // The marquee's pause button shows one icon, and stops the titles until pressed again.
  const pause = notices.getByRole('button', { name: 'Pause the announcements' })
  await expect(pause.locator('svg:visible')).toHaveCount(1)
  await pause.click()
  await expect(pause).toHaveAttribute('aria-pressed', 'true')
  await expect(pause.locator('svg:visible')).toHaveCount(1)
  await pause.click()
  await expect(pause).toHaveAttribute('aria-pressed', 'false')
  await settled(page)
  expect(react, 'React chunks requested before any press').toEqual([])
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(0)
  // A notice title opens the notice modal at that notice, without React too; its tabs keep the focus.
  const title = await notices.getByRole('button').nth(1).innerText()
  await notices.getByRole('button').nth(1).click()
  const modal = page.getByRole('dialog', { name: 'Notices' })
  await expect(modal.getByRole('tab', { name: title })).toHaveAttribute('aria-selected', 'true')
  await expect(modal.getByRole('tabpanel').getByRole('heading', { name: title })).toBeVisible()
  await expect(modal.getByRole('tabpanel').locator('.lk-html')).not.toHaveAttribute('aria-busy')
  await modal.getByRole('tab').first().click()
  await expect(modal.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true')
  await expect(modal.getByRole('tab').first()).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(modal).toHaveCount(0)
  expect(react).toEqual([])
  // A provider panel opens without React too (on hover; its toggle and keys are shell.spec.ts's).
  await nav.getByRole('link', { name: 'Slots' }).hover()
  await expect(nav.getByRole('list', { name: 'Slots' }).getByRole('link').first()).toBeVisible()
  expect(react).toEqual([])
  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click()
  const login = page.getByRole('dialog', { name: 'Log in' })
  await expect(login).toBeVisible({ timeout: 30_000 })
  expect(react.length, 'React loaded on the press').toBeGreaterThan(0)
  await expect(page).toHaveURL(/\/help\/?$/)
  // The header's login popup, though its code started with this press (SPEC §2's header variant).
  await expect(login.getByRole('button', { name: 'Forgot password', exact: true })).toBeVisible()
})

test('a Log in press made before anything loaded is busy until its code arrives, then opens the login popup once', async ({ page }) => {
  // React's chunk is held until released: the press surely comes before it.
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/_astro/react.*.js', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/help', { waitUntil: 'commit' })
  const login = page.getByRole('banner').getByRole('link', { name: 'Log in' })
  await login.click()
  await login.click()
  await expect(login).toHaveAttribute('aria-busy', 'true')
  // Not sent to /login: the press waits for the popup's code.
  await expect(page).toHaveURL(/\/help\/?$/)
  release()
  const dialog = page.getByRole('dialog', { name: 'Log in' })
  await expect(dialog).toBeVisible({ timeout: 30_000 })
  await expect(login).not.toHaveAttribute('aria-busy', 'true')
  await settled(page)
  await expect(page.getByRole('dialog', { name: 'Log in' })).toHaveCount(1)
  // Closed, it stays closed: the two presses were one.
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await settled(page)
  await expect(page.getByRole('dialog', { name: 'Log in' })).toHaveCount(0)
  await expect(page).toHaveURL(/\/help\/?$/)
})

test('a first visit’s notice popup opens without React: focus inside, Tab kept in, Escape closes it for good', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const react = reactRequests(page)
  await page.goto('/help')
  const popup = page.getByRole('dialog', { name: 'Announcements' })
  await expect(popup).toBeVisible({ timeout: 30_000 })
  // Every notice's content is in place as it opens (sanitised: the seeded notices are HTML).
  await expect(popup.getByRole('heading', { name: 'Welcome! 10% on your first deposit' })).toBeVisible()
  await expect(popup.locator('.lk-html').first()).not.toBeEmpty()
  await expect(popup.getByRole('button', { name: 'Close' })).toBeFocused()
  // The page under it does not scroll, and Tab and Shift+Tab stay in the popup.
  await expect(page.locator('html')).toHaveClass(/\blk-scroll-locked\b/)
  for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key)
    expect(await popup.evaluate((dialog) => dialog.contains(document.activeElement)), `focus after ${key}`).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(popup).toHaveCount(0)
  await expect(page.locator('html')).not.toHaveClass(/\blk-scroll-locked\b/)
  await settled(page)
  expect(react, 'React chunks requested for the popup').toEqual([])
  // Seen in this browser: the next page shows no popup.
  await page.goto('/promotions')
  await expect(page.getByRole('region', { name: 'Notices' }).getByRole('button').first()).toBeAttached({ timeout: 30_000 })
  await settled(page)
  await expect(popup).toHaveCount(0)
})

test('/promotions lists the platform’s current offers with no React for a guest, a failed list offers a retry, and an offer’s page comes without React too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const react = reactRequests(page)
  // The first answer fails; the retry asks again.
  await failOnce(page, '**/wps/relay/MCSFE_getListAnnouncements**')
  await page.goto('/promotions')
  const offers = page.locator('[data-lean-promotions]')
  const alert = offers.getByRole('alert')
  await expect(alert).toBeVisible({ timeout: 30_000 })
  await alert.getByRole('button', { name: 'Try again' }).click()
  const cards = offers.getByRole('link')
  await expect(cards.first()).toBeVisible({ timeout: 30_000 })
  await expect(offers.locator('a[href="/promoDetail?id=N-PR-001"]')).toBeVisible()
  await expect(offers.locator('a[href="/promoDetail?id=N-PR-001"] img')).toHaveAttribute('src', /N-PR-001/)
  await cards.last().scrollIntoViewIfNeeded()
  await settled(page)
  expect(react, 'React chunks requested on /promotions').toEqual([])
  const title = (await cards.first().locator('.lk-promo__title').textContent())?.trim() ?? ''
  await cards.first().click()
  await expect(page).toHaveURL(/\/promoDetail\?id=N-PR-00\d$/)
  // The platform's promotion, its content sanitised, and why to sign in for its activity: still no React.
  const main = page.getByRole('main')
  await expect(main.getByRole('article').getByRole('heading', { level: 2, name: title })).toBeVisible({ timeout: 30_000 })
  await expect(main.getByRole('article').locator('.lk-html')).not.toHaveAttribute('aria-busy')
  await expect(main.getByText('Sign in to join this promotion and see your state.')).toBeVisible()
  await settled(page)
  expect(react, 'React chunks requested on /promoDetail').toEqual([])
})

test('a category strip wider than the page offers more categories, and earlier ones once moved on', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 })
  await page.goto('/help')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('list', { name: 'Game categories' }).getByRole('link').first()).toBeVisible({ timeout: 20_000 })
  const earlier = nav.getByRole('button', { name: 'Earlier game categories' })
  await expect(nav.getByRole('button', { name: 'More game categories' })).toBeVisible()
  await expect(earlier).toBeHidden()
  await nav.getByRole('button', { name: 'More game categories' }).click()
  await expect(earlier).toBeVisible()
})

test('a phone downloads no provider logo until the footer carousel comes into view, then the logos in view load', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const logos: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.includes('/img/vendor/')) logos.push(request.url())
  })
  await page.goto('/help')
  const carousel = page.locator('[data-lean-providers]')
  // The carousel is filled from the platform's menus (one link per provider), below the fold.
  await expect(carousel.getByRole('link').first()).toBeAttached({ timeout: 20_000 })
  await settled(page)
  expect(logos, 'logos requested before the carousel was in view').toEqual([])
  await carousel.scrollIntoViewIfNeeded()
  await expect(carousel.getByRole('img').first()).toHaveJSProperty('complete', true)
  await expect
    .poll(() =>
      carousel
        .getByRole('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0)
  expect(logos.length).toBeGreaterThan(0)
})

test('/download and /noticePage come without React for a guest: the apps get their link and code, the lite entry says how to add it, a notice opens with its content', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const react = reactRequests(page)
  await page.goto('/download')
  const android = page.getByRole('article', { name: 'Android' })
  await android.scrollIntoViewIfNeeded()
  await expect(android.getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/sandbox/apps/android', { timeout: 20_000 })
  await expect(android.getByRole('img', { name: 'Scan to download' })).toHaveAttribute('src', '/sandbox/qr/android.svg')
  const lite = page.getByRole('article', { name: 'Lite (home screen)' })
  await lite.scrollIntoViewIfNeeded()
  await expect(lite.getByRole('status')).toHaveText(/Add to home screen/)
  await settled(page)
  expect(react, 'React chunks requested on /download').toEqual([])

  await page.goto('/noticePage')
  const notices = page.getByRole('main').getByRole('listitem')
  await expect(notices.first()).toBeVisible({ timeout: 20_000 })
  const first = notices.first().getByRole('group')
  await first.locator('summary').click()
  await expect(first.locator('.lk-html')).not.toHaveAttribute('aria-busy')
  await expect(first.locator('.lk-html')).not.toBeEmpty()
  await settled(page)
  expect(react, 'React chunks requested on /noticePage').toEqual([])
})

test('/vip shows a guest the ladder and the sign-in box with no React, a failed ladder offers a retry, and signing in there comes back to it, showing the member where they stand', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const react = reactRequests(page)
  await failOnce(page, '**/wps/relay/MCSFE_getVipLadder**')
  await page.goto('/vip')
  const main = page.getByRole('main')
  const alert = main.getByRole('alert')
  await expect(alert).toBeVisible({ timeout: 30_000 })
  await alert.getByRole('button', { name: 'Try again' }).click()
  // Every rank with what it takes and gives, as the platform configures it (VIP 3: 5,000.00 valid bets, +0.15 % rebate).
  const ladder = main.getByRole('region', { name: 'What each rank gives' })
  const vip3 = ladder.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^VIP 3\b/ }) })
  await expect(vip3.getByRole('cell').first()).toHaveText(/5,000\.00/, { timeout: 30_000 })
  await expect(vip3.getByRole('cell').nth(3)).toHaveText('+0.15 %')
  await expect(main.getByText('Sign in to see your VIP rank and progress.')).toBeVisible()
  await settled(page)
  expect(react, 'React chunks requested on /vip for a guest').toEqual([])

  // Sign in from the page: the login popup loads React, and the page becomes the member's.
  await main.getByRole('button', { name: 'Sign in', exact: true }).click()
  const login = page.getByRole('dialog', { name: 'Log in' })
  await login.getByLabel('Username', { exact: true }).fill(demo.username)
  await login.getByLabel('Password', { exact: true }).fill(demo.password)
  await login.getByRole('button', { name: 'Log in', exact: true }).click()
  await solveSliderByKeyboard(page.getByRole('slider', { name: 'Slide to verify' }), async () => gapPercent(await (await page.request.get('/sandbox/inbox')).json()))
  // The login comes back to the page it was asked from, not the home page.
  await expect(page).toHaveURL(/\/vip\/?$/, { timeout: 30_000 })
  await expect(main.getByText('You are here')).toHaveCount(1, { timeout: 30_000 })
  await expect(main.getByRole('progressbar', { name: 'Valid bets' })).toBeVisible()
  // One page: the guest's drawing left when React took over, and nothing asks the member to sign in.
  await expect(main.getByRole('region', { name: 'What each rank gives' })).toHaveCount(1)
  await expect(main.getByText('Sign in to see your VIP rank and progress.')).toHaveCount(0)
})

test('a member’s content page draws the name and balance with no React: hide and refresh work as they are, the account menu loads React and opens on that press', async ({
  page,
  app,
}) => {
  await signedIn(page, app.url, demo)
  const react = reactRequests(page)
  await page.goto('/help')
  const header = page.locator('header')
  // The balance's own buttons need no React.
  await exerciseBalance(page)
  await expect(header.getByRole('link', { name: 'Log in' })).toHaveCount(0)
  await settled(page)
  expect(react, 'React chunks requested on a member’s /help').toEqual([])

  // The account menu needs React: pressed by keyboard, it loads, and the menu opens with the focus on it.
  await header.getByRole('button', { name: 'Account menu' }).focus()
  await page.keyboard.press('Enter')
  await expect(header.getByRole('listitem').getByRole('button', { name: 'Betting record', exact: true })).toBeVisible({ timeout: 30_000 })
  await expect(header.getByRole('button', { name: 'Account menu' })).toBeFocused()
  expect(react.length, 'React loaded for the menu').toBeGreaterThan(0)
  // One account area: the drawing left when React took over.
  await expect(header.getByTestId('balance')).toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(header.getByRole('button', { name: 'Betting record' })).toBeHidden()
})

test('a member’s content page still shows the reality check when it falls due, though the header drew without React', async ({ page, app }) => {
  await signedIn(page, app.url, demo)
  // The session started an hour ago: the check (every 60 minutes by default) is due as the page starts.
  await app.db.query("UPDATE sessions SET created_at = created_at - 3600000 WHERE member_id = (SELECT id FROM members WHERE username = 'demo01')")
  const react = reactRequests(page)
  await page.goto('/help')
  const check = page.getByRole('dialog', { name: 'Reality check' })
  await expect(check).toBeVisible({ timeout: 30_000 })
  expect(react.length, 'React loaded for the reality check').toBeGreaterThan(0)
  // The header is still the one account area, with the balance.
  await expect(page.locator('header').getByTestId('balance')).toHaveCount(1)
})
