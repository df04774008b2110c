import { test as base, expect } from 'playwright/test'
import { startSandbox } from '../../sandbox/testing.ts'
import { siteDir } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'
import { demo, signedIn } from './session.ts'

/** The sandbox's clock: journeys move it to make draws happen (and the browser's with page.clock). */
interface LotteryApp {
  url: string
  advance(ms: number): void
  now(): number
}

const test = base.extend<{ app: LotteryApp }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter's destructuring; it must be written `{}` when there are none
  app: async ({}, use) => {
    // The sandbox's clock stands still unless a journey moves it. It starts 10 s into a minute, where
    // the 60-second games take bets for 45 s more: started in a draw's last 5 s (betting locked), a
    // bet journey met a "Place bet" that no new draw would ever enable.
    let clock = Math.floor(Date.now() / 60_000) * 60_000 + 10_000
    const sandbox = await startSandbox({ staticDir: siteDir, now: () => clock })
    await use({ url: sandbox.url, advance: (ms) => void (clock += ms), now: () => clock })
    await sandbox.close()
  },
  baseURL: async ({ app }, use) => use(app.url),
  page: async ({ page }, use) => {
    const errors: Error[] = []
    page.on('pageerror', (error) => errors.push(error))
    await skipNoticePopup(page)
    await use(page)
    expect(errors, errors.map((e) => e.message).join('; ')).toEqual([])
  },
})

test.use({ viewport: { width: 390, height: 844 } })
// A fresh sandbox per journey loads its catalogue on the first calls: slow on a loaded machine.
test.setTimeout(120_000)
const firstLoad = { timeout: 60_000 }

const games = (page: import('playwright/test').Page) => page.getByRole('region', { name: 'Games' }).getByRole('listitem')

test('filters the lottery list by vendor, menu tag, week day and name, and back restores the list', async ({ page }) => {
  await page.goto('/lottery')
  await expect(games(page).filter({ hasText: 'Mien Bac (Ha Noi)' })).toHaveCount(1, firstLoad)
  await page.getByRole('navigation', { name: 'Lottery providers' }).getByRole('button', { name: 'E-Lottery' }).click()
  await expect(page).toHaveURL(/vendor=ELOTT/)
  await expect(games(page).filter({ hasText: 'Mien Bac' })).toHaveCount(0)
  await expect(games(page).filter({ hasText: 'Fast 3 · 1 min' })).toHaveCount(1)
  await page.getByRole('navigation', { name: 'Lottery menus' }).getByRole('button', { name: 'Lucky 5' }).click()
  await expect(games(page)).toHaveCount(4)
  await expect(games(page).filter({ hasText: 'Fast 3' })).toHaveCount(0)

  await page.goBack()
  await page.goBack()
  await expect(page).not.toHaveURL(/vendor=/)
  await expect(games(page).filter({ hasText: 'Mien Bac (Ha Noi)' })).toHaveCount(1)

  // Sunday is day 1; on a Sunday in the brand's zone its label reads "Sunday (today)", so by value.
  await expect(page.getByLabel('Draw day').locator('option[value="1"]')).toHaveText(/^Sunday/)
  await page.getByLabel('Draw day').selectOption('1')
  await expect(page).toHaveURL(/day=1/)
  await expect(games(page).filter({ hasText: 'Tien Giang' })).toHaveCount(1)
  await expect(games(page).filter({ hasText: 'Dong Thap' })).toHaveCount(0)
  await page.getByLabel('Draw day').selectOption({ label: 'Every day' })
  await page.getByLabel('Search by name').fill('dong')
  await expect(games(page)).toHaveCount(2)
  await expect(games(page).filter({ hasText: 'Dong Nai' })).toHaveCount(1)
  await page.getByLabel('Search by name').fill('zzz')
  await expect(page.getByText('No lottery matches these filters.')).toBeVisible()
})

test('a countdown reaching zero refreshes the list by the poll rule and shows the next issue', async ({ page, app }) => {
  await page.clock.install({ time: app.now() })
  await page.goto('/lottery?gameCode=EL_F3_1')
  const row = page.getByRole('region', { name: 'Selected game' }).getByRole('listitem')
  await expect(row).toContainText('Fast 3 · 1 min', firstLoad)
  const issue = (await row.locator('dd').first().textContent())!
  expect(issue).toMatch(/^\d{8}-\d{4}$/)
  // The next draw opens after this one's draw time: move the server and the page past it together.
  app.advance(65_000)
  await page.clock.runFor(65_000)
  // The page's own clock runs on after the test moves it: on a slow run its countdown may reach the
  // next draw too, so the draw shown next is a later one, not always the very next number.
  const shown = async () => Number((await row.locator('dd').first().textContent())?.slice(9))
  await expect.poll(shown, { timeout: 7_000 }).toBeGreaterThan(Number(issue.slice(9)))
  expect(await shown()).toBeLessThanOrEqual(Number(issue.slice(9)) + 2)
  await expect(row.getByRole('timer').first()).not.toHaveText('Closed')
})

test('gameCode in the address opens that game, and its results and trend have their own addresses', async ({ page }) => {
  await page.goto('/lottery?gameCode=VN_MB&vendor=TCG_LOTTO_VN&playType=BAO_LO_2')
  await expect(page.getByRole('region', { name: 'Selected game' })).toContainText('Mien Bac (Ha Noi)', firstLoad)
  await page.getByRole('region', { name: 'Selected game' }).getByRole('link', { name: 'Trend' }).click()
  await expect(page).toHaveURL(/gameCode=VN_MB&view=trend/)
  await expect(page.getByText('Digits over the last 100 draws')).toBeVisible(firstLoad)
  await page.goBack()
  await expect(page.getByRole('region', { name: 'Selected game' })).toContainText('Mien Bac (Ha Noi)')
})

test('a member bets on a 60-second game, sees the draw settle the balance, and verifies the commitment', async ({ page, app }) => {
  await signedIn(page, app.url, demo)
  await page.goto('/lottery?gameCode=EL_F3_1&view=betting')
  await expect(page).toHaveURL(/\/game(\?|$)/, firstLoad)
  const game = page.frameLocator('iframe')
  await expect(game.getByRole('heading', { name: 'Fast 3 · 1 min' })).toBeVisible(firstLoad)
  const balanceBefore = (await game.locator('#balance').textContent())!
  const issue = (await game.locator('#numero').textContent())!
  await game.getByRole('radio', { name: /^Last digit/ }).check()
  await game.getByRole('radio', { name: '7', exact: true }).check()
  await game.getByRole('spinbutton', { name: /^Amount/ }).fill('1.00')
  await game.getByLabel('Multiplier').fill('2')
  await game.getByRole('button', { name: 'Place bet' }).click()
  await expect(game.getByRole('status')).toContainText(`Bet placed on draw ${issue}`)
  await expect(game.locator('#balance')).not.toHaveText(balanceBefore)

  app.advance(70_000)
  await expect(game.getByRole('status')).toContainText(new RegExp(`Draw ${issue} drew \\d{3}`), { timeout: 10_000 })
  const message = (await game.getByRole('status').textContent())!
  const won = /you win/.test(message)
  const row = game.getByRole('row').filter({ hasText: issue })
  await expect(row).toContainText(won ? '19.00' : '0.00')
  const minor = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100)
  await expect.poll(async () => minor((await game.locator('#balance').textContent())!)).toBe(minor(balanceBefore) - 200 + (won ? 1_900 : 0))

  await page.goto(`/lottery?gameCode=EL_F3_1&view=results`)
  const draw = page.getByRole('listitem', { name: `Draw ${issue}` })
  await draw.getByRole('button', { name: 'Verify' }).click(firstLoad)
  await expect(draw.getByRole('status')).toHaveText('Verified: the seed matches the commitment and gives this number.')
})

test('favourites survive a reload, come first, and belong to one member', async ({ page, app, browser }) => {
  await signedIn(page, app.url, demo)
  await page.goto('/lottery?vendor=ELOTT')
  const star = page.getByRole('button', { name: 'Favourite Racing 10 · 5 min' })
  await star.click(firstLoad)
  await expect(star).toHaveAttribute('aria-pressed', 'true')
  await page.reload()
  await expect(page.getByRole('button', { name: 'Favourite Racing 10 · 5 min' })).toHaveAttribute('aria-pressed', 'true', firstLoad)
  await expect(games(page).first()).toContainText('Racing 10 · 5 min')
  // The platform returns missions for a member: the page shows them.
  await expect(page.getByRole('region', { name: 'Missions' })).toContainText('Play 3 lottery rounds today')

  // Another member in the same browser storage: the list is theirs, not demo01's.
  const local = await page.evaluate(() => localStorage.getItem('LOTTFAV'))
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page2 = await other.newPage()
  const errors: string[] = []
  page2.on('pageerror', (e) => errors.push(e.message))
  await skipNoticePopup(page2)
  await page2.addInitScript((v) => localStorage.setItem('LOTTFAV', v!), local)
  await signedIn(page2, app.url, { username: 'member11', password: 'member1234' })
  await page2.goto(`${app.url}/lottery?vendor=ELOTT`)
  await expect(page2.getByRole('button', { name: 'Favourite Racing 10 · 5 min' })).toHaveAttribute('aria-pressed', 'false', firstLoad)
  expect(errors).toEqual([])
  await other.close()
})
