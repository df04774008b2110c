/**
 * The home page as a guest sees it on a phone (390 px) and a laptop (1366 px): the hero picture, the
 * platform's hot games with their thumbnails, the jackpot, winners, promotions and the lottery draws
 * closing soon, each section under its heading with a link to its page, with no React until a tap
 * on a hot game asks to log in; nothing shifts while the sections arrive; nothing scrolls sideways at
 * 320 px; the notice bar leaves when the platform has no notice.
 */
import { test, expect, type Page } from './fixtures.ts'
import { axeViolations } from './axe.ts'
import { hydrationErrors, reactRequests, recordErrors } from './islands.ts'
import { skipNoticePopup } from './popups.ts'

test.beforeEach(async ({ page }) => {
  await skipNoticePopup(page)
  // Layout shifts not caused by the visitor's own input, summed as CLS counts them.
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number }
    w.__cls = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) w.__cls += entry.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
})

const wait = { timeout: 20_000 }
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true }).first()
/** Whether the image has loaded a picture (not a broken or empty one). */
const loaded = (img: ReturnType<Page['locator']>) => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)

/** Scrolls section by section, as a visitor reading the page does, so each section's island hydrates. */
async function readDown(page: Page): Promise<void> {
  for (const name of ['Jackpot', 'Hot games', 'Live casino tables', 'Draws closing soon', 'Winners', 'Promotions']) {
    await section(page, name).scrollIntoViewIfNeeded()
    await expect(section(page, name).locator('[aria-busy="true"]')).toHaveCount(0, wait)
  }
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('a guest sees the hero, hot games, jackpot, winners, promotions and closing draws, and nothing shifts', async ({ page }) => {
      const errors = recordErrors(page)
      const react = reactRequests(page)
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the lobby' })).toBeVisible()

      // The hero: the w_home carousel's first picture, loaded, in the reserved slot.
      const hero = page.getByRole('region', { name: 'Featured' })
      await expect(hero.getByRole('img').first()).toBeVisible(wait)
      await expect.poll(() => loaded(hero.getByRole('img').first()), wait).toBe(true)

      // Categories as one row of chips.
      const chips = page.getByRole('navigation', { name: 'Game categories on the home page' })
      await expect(chips.getByRole('link')).toHaveCount(9)
      await expect(chips.getByRole('link', { name: 'Live casino' })).toHaveAttribute('href', '/live')

      await readDown(page)
      for (const [name, all, href] of [
        ['Jackpot', 'See all slots with the jackpot', '/rng'],
        ['Hot games', 'See all hot games', '/rng'],
        ['Live casino tables', 'See all live casino tables', '/live'],
        ['Draws closing soon', 'See all lottery draws', '/lottery'],
        ['Winners', 'See all winners', '/live#lk-winners-title'],
        ['Promotions', 'See all promotions', '/promotions'],
      ]) {
        await expect(section(page, name).getByRole('heading', { level: 2, name })).toBeVisible()
        await expect(section(page, name).getByRole('link', { name: all })).toHaveAttribute('href', href)
      }

      await expect(section(page, 'Jackpot').getByRole('status')).toHaveText(/^₱\d{1,3}(,\d{3})*\.\d{2}$/)
      const hot = section(page, 'Hot games').getByRole('list', { name: 'Hot games' })
      expect(await hot.getByRole('listitem').count()).toBeGreaterThanOrEqual(4)
      await hot.getByRole('listitem').first().scrollIntoViewIfNeeded()
      await expect.poll(() => loaded(hot.getByRole('listitem').first().locator('img')), wait).toBe(true)
      await expect(section(page, 'Live casino tables').getByRole('list', { name: 'Live casino tables' }).getByRole('listitem').first()).toBeVisible()
      await expect(section(page, 'Winners').getByRole('list', { name: 'Winners' }).getByRole('listitem').first()).toContainText(/₱[\d,]+\.\d{2}/)
      await expect(section(page, 'Promotions').getByRole('list', { name: 'Promotions' }).getByRole('link').first()).toHaveAttribute('href', /^\/promoDetail\?id=/)
      const draws = section(page, 'Draws closing soon').getByRole('list', { name: 'Draws closing soon' }).getByRole('listitem')
      await expect(draws).toHaveCount(4)
      await expect(draws.first().getByRole('timer')).toHaveText(/^\d+:\d{2}/)
      await expect(draws.first().getByRole('link', { name: /^Bet on / })).toHaveAttribute('href', /^\/lottery\?gameCode=/)

      // Every section came in its reserved box: nothing moved (CLS as the browser measures it).
      expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(0.1)
      expect(await hydrationErrors(page, errors)).toEqual([])

      // The whole page came without React (its sections are the shell's script, issue 38 item 5).
      expect(react, 'React chunks requested before any tap').toEqual([])

      // One tap on a hot game: a guest is asked to log in (React loads for the prompt), and stays on the home page.
      await hot.getByRole('listitem').first().getByRole('button').click()
      await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible(wait)
      await expect(page).toHaveURL(/\/$/)
      expect(react.length, 'React loaded for the login prompt').toBeGreaterThan(0)
    })
  })
}

test('at 320 px nothing scrolls sideways, and the page passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 })
  await page.goto('/')
  await readDown(page)
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
  expect(await axeViolations(page, 'main')).toEqual([])
})

test('the notice bar leaves when the platform has no notice for it', async ({ page, app }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await app.db.query(`DELETE FROM notices WHERE type IN ('B', 'PL', 'H', 'PU')`)
  await page.goto('/')
  // The announcements have answered once the hero's slides are in.
  await expect(page.getByRole('region', { name: 'Featured' }).getByRole('img').first()).toBeVisible(wait)
  await expect(page.getByRole('region', { name: 'Notices' })).toBeHidden()
  // The bar held its place until the platform answered; leaving then moves the page up once (~0.05 at 390 px).
  expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(0.1)
})

test('on a phone whose announcements call fails, the hero stays in its place and no empty notice strip shows', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  let failed = 0
  await page.route('**/wps/relay/MCSFE_getListAnnouncements**', (route) => {
    failed++
    return route.abort('internetdisconnected')
  })
  await page.goto('/')
  // The promotions strip reads the same call: its error (with its retry) says the call has failed.
  await section(page, 'Promotions').scrollIntoViewIfNeeded()
  await expect(section(page, 'Promotions').getByRole('button', { name: 'Try again' })).toBeVisible(wait)
  expect(failed).toBeGreaterThan(0)
  await expect(page.locator('[data-banner-slot]')).toBeVisible()
  await expect(page.locator('[data-banner-slot] .lk-banner__hero')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Notices' })).toBeHidden()
})

test('a failed hot-games list offers a retry that lists the games, and the winners roll stops on its pause button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  // The slots' first answer fails; the retry asks again.
  let failures = 1
  await page.route('**/wps/relay/GCSGAME_hotGamesV2**', (route) => {
    const slots = new URL(route.request().url()).searchParams.get('gameType') === 'RNG'
    return slots && failures-- > 0 ? route.fulfill({ status: 503, body: '' }) : route.continue()
  })
  await page.goto('/')
  const hot = section(page, 'Hot games')
  await hot.scrollIntoViewIfNeeded()
  await expect(hot.getByRole('alert')).toBeVisible(wait)
  await hot.getByRole('button', { name: 'Try again' }).click()
  await expect(hot.getByRole('list', { name: 'Hot games' }).getByRole('listitem').first()).toBeVisible(wait)
  await expect(hot.getByRole('alert')).toHaveCount(0)

  // The roll is motion: with reduced motion (the journeys' default) the list stands still, with no button.
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  const winners = section(page, 'Winners')
  await winners.scrollIntoViewIfNeeded()
  const pause = winners.getByRole('button', { name: 'Pause the winners list' })
  await expect(pause).toHaveAttribute('aria-pressed', 'false', wait)
  const track = winners.getByRole('list', { name: 'Winners' })
  await expect(track).toHaveCSS('animation-play-state', 'running')
  // Hover and focus pause the roll too: the pointer leaves and the button lets go of the focus each time.
  const away = async () => {
    await page.mouse.move(0, 0)
    await pause.evaluate((button) => (button as HTMLElement).blur())
  }
  await pause.click()
  await away()
  await expect(pause).toHaveAttribute('aria-pressed', 'true')
  await expect(track).toHaveCSS('animation-play-state', 'paused')
  await pause.click()
  await away()
  await expect(pause).toHaveAttribute('aria-pressed', 'false')
  await expect(track).toHaveCSS('animation-play-state', 'running')
})
