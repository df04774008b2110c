/**
 * What a guest sees of the rewards on a phone (390 px): the VIP ladder with each rank's thresholds,
 * rebate and upgrade bonus, and the point mall's rewards with their prices; Redeem asks the guest to
 * sign in, and the login brings the member back to that reward. Signed in, the member's own rank is
 * marked "You are here". The member is made through the sandbox; only the login is done as a player.
 */
import { test, expect as baseExpect, type Page } from './fixtures.ts'
import { reactRequests } from './islands.ts'
import { skipNoticePopup } from './popups.ts'
import { settled } from './settled.ts'
import { gapPercent, solveSliderByKeyboard } from './slider.ts'
import { createMember } from '../../sandbox/auth/accounts.ts'
import { hashPassword, testCost } from '../../sandbox/auth/password.ts'
import { failOnce } from './outage.ts'

test.describe.configure({ timeout: 240_000 })
test.use({ viewport: { width: 390, height: 844 } })
test.beforeEach(async ({ page }) => skipNoticePopup(page))
const expect = baseExpect.configure({ timeout: 30_000 })
const firstLoad = { timeout: 60_000 }

/** Whether the page scrolls sideways. */
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
const ladder = (page: Page) => page.getByRole('region', { name: 'What each rank gives' })
/** A rank's card (its row): the figures labelled by what they are. */
const rank = (page: Page, level: number) =>
  ladder(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^VIP ${level}\\b`) }) })

test('a guest on a phone sees the VIP ranks and the mall prices, signs in from Redeem and is back at that reward; the member sees where they stand', async ({ page, app }) => {
  const who = { username: `gr${Date.now() % 1_000_000}`, password: 'Secret123x' }
  const row = await createMember(app.db, { username: who.username, type: 0, isAgent: 0, passwordHash: await hashPassword(who.password, testCost) }, Date.now())
  // Not a first login (that one asks for a new password first), which is not what this is about.
  await app.db.query("UPDATE members SET last_login_at = now() - interval '1 day' WHERE id = $1", [row.id])

  await test.step('the VIP ladder, every rank with what it takes and gives', async () => {
    await page.goto('/vip')
    await expect(rank(page, 3)).toBeVisible(firstLoad)
    // VIP 3 as the platform configures it: 5,000.00 valid bets and 2,000.00 deposits, 50.00 bonus, +0.15 % rebate.
    const ranks = await app.db.query<{ level: number }>('SELECT level FROM vip_ranks')
    expect(
      await ladder(page)
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader') })
        .count(),
    ).toBe(ranks.length)
    // On a phone each figure says what it is (its column's head, shown beside it).
    for (const figure of [/^Valid bets to reach\s*₱5,000\.00$/, /^Deposits to reach\s*₱2,000\.00$/, /^Upgrade bonus\s*₱50\.00$/, /^Extra rebate\s*\+0\.15 %$/])
      await expect(rank(page, 3).getByRole('cell', { name: figure })).toBeVisible()
    await expect(page.getByText('You are here')).toHaveCount(0)
    expect(await fits(page), '/vip at 390 px').toBe(true)
    await page.setViewportSize({ width: 320, height: 700 })
    expect(await fits(page), '/vip at 320 px').toBe(true)
    await page.setViewportSize({ width: 390, height: 844 })
  })

  const spins = page.getByRole('listitem', { name: '10 free spins' })
  await test.step('the mall, each reward with its picture and price, with no React; a failed catalogue offers a retry', async () => {
    const react = reactRequests(page)
    await failOnce(page, '**/wps/relay/MCSFE_getPointMallCatalogue**')
    await page.goto('/pointMall')
    const alert = page.getByRole('main').getByRole('alert')
    await expect(alert).toBeVisible(firstLoad)
    await alert.getByRole('button', { name: 'Try again' }).click()
    await expect(spins.getByText('120 points')).toBeVisible(firstLoad)
    await expect(page.getByText('Sign in to see your points and redeem rewards.')).toBeVisible()
    await expect(page.getByRole('listitem', { name: 'Gaming headset' }).getByText('2000 points')).toBeVisible()
    await expect(spins.locator('img')).toHaveJSProperty('complete', true)
    expect(await spins.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    expect(await fits(page), '/pointMall at 390 px').toBe(true)
    // The catalogue is the page's script's (site/components/lean/mall.ts): React waits for a press that needs it.
    await settled(page)
    expect(react, 'React chunks requested on /pointMall for a guest').toEqual([])
  })

  await test.step('Redeem asks the guest to sign in; the login comes back to that reward', async () => {
    await spins.getByRole('button', { name: 'Redeem 10 free spins' }).click()
    const login = page.getByRole('dialog', { name: 'Log in' })
    await login.getByLabel('Username', { exact: true }).fill(who.username)
    await login.getByLabel('Password', { exact: true }).fill(who.password)
    await login.getByRole('button', { name: 'Log in', exact: true }).click()
    await solveSliderByKeyboard(page.getByRole('slider', { name: 'Slide to verify' }), async () => gapPercent(await (await page.request.get('/sandbox/inbox')).json()))
    await expect(page).toHaveURL(/\/pointMall\/?\?reward=R-SPIN-10$/, firstLoad)
    await expect(page.getByRole('tab', { name: 'Rewards', selected: true })).toBeVisible(firstLoad)
    // At that reward, its redeem open: a new member is first asked to set a payment password.
    await expect(spins).toBeInViewport()
    await expect(spins).toBeFocused()
    await expect(spins.getByRole('button', { name: 'Set a payment password' })).toBeVisible()
  })

  await test.step('signed in, the member sees "You are here" on their rank', async () => {
    await page.goto('/vip')
    await expect(rank(page, 0).getByText('You are here')).toBeVisible(firstLoad)
    await expect(page.getByText('You are here')).toHaveCount(1)
    await expect(page.getByRole('progressbar', { name: 'Valid bets' })).toBeVisible()
  })
})
