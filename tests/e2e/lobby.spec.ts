/**
 * Lobby and games journeys: browse every category, search, filter and page the slot list,
 * favourites, and launching as a guest, a trial account and a member whose round moves the balance.
 */
import { forgetCatalogue } from '../../sandbox/games/catalogue.ts'
import { test, expect, type Page } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'
import { demo, signedIn } from './session.ts'

// The notice popup (its own journeys are shell.spec.ts's) is seen already: opening late, it would
// land on top of what a journey just opened.
test.beforeEach(async ({ page }) => skipNoticePopup(page))

/**
 * Plays rounds in the open game (its `play` button) until its balance moves, then checks that the
 * header shows the same balance: the game told the page about the round.
 */
async function playUntilBalanceMoves(page: Page, play: string): Promise<void> {
  const balance = page.getByTestId('balance')
  await expect(balance).toHaveText(/\d+\.\d{2}/)
  const digits = (text: string | null) => (text ?? '').replace(/\D/g, '')
  const before = digits(await balance.textContent())
  const game = page.frameLocator('iframe[title="Game"]')
  const button = game.getByRole('button', { name: play })
  // A round can return exactly the stake; a few more rounds surely move the money.
  for (let round = 0; round < 5; round++) {
    await button.click()
    await expect(button).toBeEnabled()
    if (digits(await game.locator('#balance').textContent()) !== before) break
  }
  const after = digits(await game.locator('#balance').textContent())
  expect(after).not.toBe(before)
  await expect.poll(async () => digits(await balance.textContent())).toBe(after)
}

// A cold page (fresh sandbox, first catalogue load) on a busy machine can take longer than a click.
const firstLoad = 20_000

const gameGrid = (page: Page) => page.getByRole('list', { name: 'Game list', exact: true })
/** Opens /rng, searches it for `query` and opens the game `name` from the results. */
async function openFromSearch(page: Page, query: string, name: string): Promise<void> {
  await page.goto('/rng')
  const search = page.getByRole('searchbox', { name: 'Search by game name' })
  await search.fill(query)
  await search.press('Enter')
  await page.getByRole('button', { name, exact: true }).click({ timeout: firstLoad })
}
const resultCount = async (page: Page): Promise<number> =>
  Number(
    (
      await page
        .getByRole('status')
        .filter({ hasText: /games$/ })
        .textContent()
    )?.replace(/\D/g, ''),
  )

test.describe('category pages', () => {
  for (const [route, heading] of [
    ['/live', 'Live casino'],
    ['/sports', 'Sports'],
    ['/esports', 'Esports'],
    ['/elott', 'Electronic lottery'],
    ['/cockfight', 'Cockfight'],
  ] as const) {
    test(`${route} shows vendor lanes, hot games and the winner board`, async ({ page }) => {
      await page.goto(route)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: firstLoad })
      await expect(page.getByRole('heading', { level: 2, name: 'Hot games' })).toBeVisible()
      // A lane is a titled section with game buttons.
      const lanes = page.locator('.lk-lane')
      await expect(lanes.first()).toBeVisible({ timeout: firstLoad })
      await expect(lanes.first().getByRole('listitem').first().getByRole('button').first()).toBeVisible()
      const winners = page.getByRole('list', { name: 'Winners' }).getByRole('listitem')
      await expect(winners.first()).toBeVisible()
      expect(await winners.count()).toBeLessThanOrEqual(50)
    })
  }

  for (const [route, heading] of [
    ['/rng', 'Slot games'],
    ['/fish', 'Fishing games'],
    ['/pvp', 'PvP card games'],
    ['/rng/fish', 'Fishing games'],
  ] as const) {
    test(`${route} lists a page of 15 games`, async ({ page }) => {
      await page.goto(route)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: firstLoad })
      await expect(gameGrid(page).getByRole('listitem')).toHaveCount(15, { timeout: firstLoad })
      if (route === '/pvp') await expect(page.getByRole('heading', { level: 2, name: 'Rooms' })).toBeVisible()
    })
  }
})

test('searching, filtering and paging the slot list', async ({ page }) => {
  // Many steps, each a round trip: on a shared machine this journey needs more than the default time.
  test.slow()
  await page.goto('/rng')
  await expect(gameGrid(page).getByRole('listitem')).toHaveCount(15, { timeout: firstLoad })
  const all = await resultCount(page)
  expect(all).toBeGreaterThan(5000)

  // More than 7 vendors: the bar scrolls with arrows; a vendor tab narrows the list and the address.
  await expect(page.getByRole('button', { name: 'More providers' })).toBeVisible()
  await page.getByRole('button', { name: 'PG Soft', exact: true }).click()
  await expect(page.getByRole('button', { name: 'PG Soft', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect(page).toHaveURL(/vassalage=PG/)
  await expect.poll(() => resultCount(page)).toBeLessThan(all)
  await page.getByRole('button', { name: 'All', exact: true }).click()
  await expect.poll(() => resultCount(page)).toBe(all)

  // Name search.
  const search = page.getByRole('searchbox', { name: 'Search by game name' })
  await search.fill('Golden Dragon')
  await search.press('Enter')
  await expect(page.getByRole('button', { name: 'Golden Dragon Megaways', exact: true })).toBeVisible()
  await expect.poll(() => resultCount(page)).toBeLessThan(50)
  await search.fill('')
  await search.press('Enter')
  await expect.poll(() => resultCount(page)).toBe(all)

  // Minimum bet and classification narrow the list; picking a mode resets both.
  await page.getByLabel('Minimum bet').selectOption('0.5')
  await expect.poll(() => resultCount(page)).toBeLessThan(all)
  const withMinBet = await resultCount(page)
  await page.getByLabel('Classification').selectOption({ label: 'Crash' })
  await expect.poll(() => resultCount(page)).toBeLessThan(withMinBet)
  await page.getByRole('button', { name: 'Hot', exact: true }).click()
  await expect(page.getByLabel('Minimum bet')).toHaveValue('')
  await expect(page.getByLabel('Classification')).toHaveValue('')
  await page.getByRole('button', { name: 'All games' }).click()
  await expect.poll(() => resultCount(page)).toBe(all)

  // Paging within 1..last.
  const pages = page.getByRole('navigation', { name: 'Pages' })
  await expect(pages.getByRole('button', { name: 'Previous page' })).toBeDisabled()
  await pages.getByRole('button', { name: 'Next page' }).click()
  await expect(pages.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page')
  const last = Math.ceil(all / 15)
  await pages.getByRole('button', { name: 'Last page' }).click()
  await expect(pages.getByRole('button', { name: `Page ${last}`, exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(pages.getByRole('button', { name: 'Next page' })).toBeDisabled()
  await pages.getByRole('button', { name: 'First page' }).click()
  await expect(pages.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page')
})

test('small screens scroll through more games instead of paging', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/fish')
  await expect(gameGrid(page).getByRole('listitem')).toHaveCount(15, { timeout: firstLoad })
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0)
  // Scrolled with a locator action first, then the wheel a visitor turns for more.
  await gameGrid(page).getByRole('listitem').last().scrollIntoViewIfNeeded()
  await page.mouse.wheel(0, 20_000)
  await expect.poll(async () => gameGrid(page).getByRole('listitem').count()).toBeGreaterThan(15)
})

test('a member adds and removes a favourite', async ({ page, app }) => {
  await signedIn(page, app.url, demo)
  await page.goto('/rng')
  await expect(gameGrid(page).getByRole('listitem')).toHaveCount(15, { timeout: firstLoad })
  const toggle = gameGrid(page)
    .getByRole('button', { name: /^Favourite /, pressed: false })
    .first()
  const label = (await toggle.getAttribute('aria-label')) ?? ''
  const name = label.replace(/^Favourite /, '')
  const star = gameGrid(page).getByRole('button', { name: label, exact: true })
  await star.click()
  await expect(star).toHaveAttribute('aria-pressed', 'true')

  await page.getByRole('button', { name: 'Favourites', exact: true }).click()
  await expect(gameGrid(page).getByRole('button', { name, exact: true })).toBeVisible()
  await gameGrid(page).getByRole('button', { name: label, exact: true }).click()
  await expect(gameGrid(page).getByRole('button', { name, exact: true })).toHaveCount(0)

  // The server kept the change: a reload shows the same favourites.
  await page.reload()
  await page.getByRole('button', { name: 'Favourites', exact: true }).click()
  await expect(gameGrid(page).getByRole('listitem').first()).toBeVisible()
  await expect(gameGrid(page).getByRole('button', { name, exact: true })).toHaveCount(0)
})

test('a guest who launches a game is asked to log in', async ({ page }) => {
  await page.goto('/rng')
  await expect(page.getByRole('button', { name: 'Favourites', exact: true })).toHaveCount(0)
  await gameGrid(page).getByRole('listitem').first().getByRole('button').first().click()
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible({ timeout: firstLoad })
  await expect(page).toHaveURL(/\/rng\/?$/)
})

test('a member joins a PvP room from the room list and its game opens', async ({ page, app }) => {
  // The first room with a free seat, and the game it plays (the list is ordered by room id too).
  const [room] = await app.db.query<{ name: string; game: string }>(
    `SELECT r.name, g.name_en AS game FROM rooms r JOIN games g ON g.node_id = r.node_id
     WHERE r.players < r.capacity AND NOT g.maintenance ORDER BY r.room_id LIMIT 1`,
  )
  expect(room).toBeDefined()
  await signedIn(page, app.url, demo)
  await page.goto('/pvp')
  const rooms = page.locator('.lk-rooms')
  await expect(rooms.getByRole('heading', { level: 2, name: 'Rooms' })).toBeVisible({ timeout: firstLoad })
  await rooms.getByRole('button', { name: `Join ${room.name}`, exact: true }).click({ timeout: firstLoad })
  await expect(page).toHaveURL(/\/game\/?(\?|$)/, { timeout: firstLoad })
  const game = page.frameLocator('iframe[title="Game"]')
  await expect(game.getByRole('heading', { level: 1, name: room.game })).toBeVisible({ timeout: firstLoad })
  await expect(game.getByRole('button', { name: 'Spin' })).toBeVisible()
})

test('the Hot list is offered only for a game type that has hot games', async ({ page, app }) => {
  // The sandbox holds its catalogue in memory (shared by the copies of the seeded template): a change to
  // the games drops it, as the seed does, and the lobby sees the change.
  const [{ hot }] = await app.db.query<{ hot: number }>("SELECT count(*)::int AS hot FROM games WHERE game_type = 'FISH' AND is_hot = 1")
  expect(hot).toBeGreaterThan(0)
  await app.db.query("UPDATE games SET is_hot = 0 WHERE game_type = 'FISH'")
  forgetCatalogue(app.db)
  const modes = page.getByRole('group', { name: 'Game lists' })
  const hotReply = (type: string) => page.waitForResponse((r) => r.url().includes('hotGames') && r.url().includes(`gameType=${type}`))

  // Slots still have hot games: the tab is there (and this build can show it).
  const rngHot = hotReply('RNG')
  await page.goto('/rng')
  expect(((await (await rngHot).json()) as { value: { list: unknown[] } }).value.list.length).toBeGreaterThan(0)
  await expect(modes.getByRole('button', { name: 'Hot', exact: true })).toBeVisible({ timeout: firstLoad })

  const fishHot = hotReply('FISH')
  await page.goto('/fish')
  expect(((await (await fishHot).json()) as { value: { list: unknown[] } }).value.list).toEqual([])
  await expect(gameGrid(page).getByRole('listitem')).toHaveCount(15, { timeout: firstLoad })
  await expect(modes.getByRole('button', { name: 'All games', exact: true })).toBeVisible()
  // Let the reply reach the screen before checking that the tab stayed away.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
  await expect(modes.getByRole('button', { name: 'Hot', exact: true })).toHaveCount(0)
})

test('a trial account may try slots but is warned away from real-money games', async ({ page, app }) => {
  await signedIn(page, app.url, 'freeplay')
  await page.goto('/live')
  const lane = page.locator('.lk-lane').filter({ has: page.getByRole('heading', { name: 'Dream Gaming' }) })
  await lane.getByRole('listitem').first().getByRole('button').first().click()
  const warning = page.getByRole('dialog').filter({ hasText: 'This needs a real account' })
  await expect(warning).toBeVisible()
  await warning.getByRole('button', { name: 'Got it' }).click()
  await expect(page).toHaveURL(/\/live\/?$/)

  await openFromSearch(page, 'Rise of the Phoenix', 'Rise of the Phoenix')
  await expect(page).toHaveURL(/\/game\/?(\?|$)/)
  await expect(page.frameLocator('iframe[title="Game"]').getByRole('button', { name: 'Spin' })).toBeVisible()
})

test('a name typed before the lobby is ready is kept, and a search sent before it is ready still runs', async ({ page }) => {
  test.slow()
  // Hold the page's scripts back so the player types into the server-rendered form.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/_astro/*.js', async (route) => {
    await held
    await route.continue()
  })
  // Not 'domcontentloaded': the shell's module script (site/components/LeanShell.astro, held here too)
  // runs before that event; the page is shown and the form typeable without it.
  await page.goto('/rng', { waitUntil: 'commit' })
  const search = page.getByRole('searchbox', { name: 'Search by game name' })
  await search.fill('Lucky Koi')
  // A filter choice could not be kept before the page is live: the filters wait, disabled.
  await expect(page.getByLabel('Minimum bet')).toBeDisabled()
  await expect(page.getByLabel('Classification')).toBeDisabled()
  release()
  await expect(gameGrid(page).getByRole('listitem').first()).toBeVisible({ timeout: firstLoad })
  await expect(page.getByLabel('Minimum bet')).toBeEnabled()
  await expect(search).toHaveValue('Lucky Koi')
  await search.press('Enter')
  await expect(gameGrid(page).getByRole('button', { name: 'Lucky Koi Hold & Win', exact: true })).toBeVisible()

  // The form's plain submit (Enter before any script ran) lands on the address with the name.
  await page.goto(`/rng?gameName=${encodeURIComponent('Lucky Koi')}`)
  await expect(page.getByRole('searchbox', { name: 'Search by game name' })).toHaveValue('Lucky Koi', { timeout: firstLoad })
  await expect.poll(() => resultCount(page), { timeout: firstLoad }).toBeLessThan(50)
  await expect(gameGrid(page).getByRole('button', { name: 'Lucky Koi Hold & Win', exact: true })).toBeVisible()
})

test('a member launches a game, plays a round, and sees the balance and recent games change', async ({ page, app }) => {
  test.slow()
  await signedIn(page, app.url, demo)
  await openFromSearch(page, 'Lucky Koi', 'Lucky Koi Hold & Win')
  await expect(page).toHaveURL(/\/game\/?(\?|$)/)

  await playUntilBalanceMoves(page, 'Spin')

  await expect(page.getByRole('button', { name: 'Fullscreen' })).toBeVisible()
  await page.goto('/rng')
  await page.getByRole('button', { name: 'Recent', exact: true }).click()
  await expect(gameGrid(page).getByRole('button', { name: 'Lucky Koi Hold & Win', exact: true })).toBeVisible()
})

test('the launch token leaves the address bar and history, and the game plays in a sandboxed frame', async ({ page, app }) => {
  await signedIn(page, app.url, demo)
  await openFromSearch(page, 'Lucky Koi', 'Lucky Koi Hold & Win')
  const frame = page.locator('iframe[title="Game"]')
  await expect(frame).toHaveAttribute('src', /\/play\/[A-Za-z0-9_-]{16,}/, { timeout: firstLoad })
  // The page read the launch address and took it out of the address bar: no live token to copy or share.
  expect(new URL(page.url()).pathname).toMatch(/^\/game\/?$/)
  expect(page.url()).not.toMatch(/url=|play/)
  // Only what the games need: no top navigation, popups or downloads.
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms')
  await expect(page.frameLocator('iframe[title="Game"]').getByRole('button', { name: 'Spin' })).toBeVisible()
  // History kept the page without the token: forward again opens no game. (A search sent before the
  // island hydrated is the form's plain submit, so the page before may be the one with `?gameName=`.)
  await page.goBack()
  await expect(page).toHaveURL(/\/rng\/?(\?gameName=Lucky\+Koi)?$/)
  await page.goForward()
  await expect(page.getByText('This game link is not valid')).toBeVisible({ timeout: firstLoad })
  expect(page.url()).not.toMatch(/url=|play/)
})

test('the game page refuses addresses that are not web pages', async ({ page }) => {
  await page.goto(`/game?url=${encodeURIComponent('javascript:alert(1)')}`)
  await expect(page.getByText('This game link is not valid')).toBeVisible()
  await expect(page.locator('iframe')).toHaveCount(0)
})

test('a vendor lobby card opens the popup game list, and FB sports opens its own page', async ({ page, app }) => {
  await signedIn(page, app.url, demo)
  await page.goto('/pvp')
  await page.getByRole('button', { name: 'Kaiyuan Poker Lobby', exact: true }).click({ timeout: firstLoad })
  const popup = page.getByRole('dialog', { name: 'Provider games' })
  await expect(popup).toBeVisible()
  await expect(popup.getByRole('listitem').first()).toBeVisible()
  await expect(popup.locator('[data-vendor="KY"]')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(popup).toHaveCount(0)

  await page.goto('/fbsports')
  await expect(page.locator('iframe[title="Game"]')).toBeVisible({ timeout: firstLoad })
  await expect(page.frameLocator('iframe[title="Game"]').locator('#go')).toBeVisible()

  // The seamless page launches a game by its id.
  await page.goto('/seamless?nodeId=PG-0001')
  await expect(page.frameLocator('iframe[title="Game"]').getByRole('button', { name: 'Spin' })).toBeVisible({ timeout: firstLoad })
})

test('the Spanish lobby speaks Spanish', async ({ page }) => {
  await page.goto('/es/rng')
  await expect(page.getByRole('heading', { level: 1, name: 'Juegos de tragamonedas' })).toBeVisible({ timeout: firstLoad })
  await expect(page.getByRole('searchbox', { name: 'Buscar por nombre de juego' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Lista de juegos', exact: true }).getByRole('listitem')).toHaveCount(15, { timeout: firstLoad })
})

test('without the Fullscreen API (iPhone) the game still fills the screen', async ({ page, app }) => {
  await signedIn(page, app.url, demo)
  await page.addInitScript(() => {
    // iPhone Safari: no element fullscreen at all.
    Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false })
    Object.defineProperty(Element.prototype, 'requestFullscreen', { value: undefined })
    Object.defineProperty(Element.prototype, 'webkitRequestFullscreen', { value: undefined })
  })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/seamless?nodeId=PG-0001')
  const frame = page.locator('iframe[title="Game"]')
  await expect(frame).toBeVisible({ timeout: firstLoad })
  await page.getByRole('button', { name: 'Fullscreen', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Exit fullscreen' })).toHaveAttribute('aria-pressed', 'true')
  // The game box covers the whole viewport: bar on top, game below it to the bottom edge.
  const box = await page.locator('.lk-frame').boundingBox()
  expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 })
  await page.getByRole('button', { name: 'Exit fullscreen' }).click()
  await expect(page.getByRole('button', { name: 'Fullscreen', exact: true })).toHaveAttribute('aria-pressed', 'false')
  // Back in the page: on a phone the game page itself fills the screen (no site header), so the box
  // leaves its covering mode and still ends at the screen's bottom edge, nothing scrolling.
  await expect(page.locator('.lk-frame')).not.toHaveClass(/lk-frame--pseudo/)
  const back = await page.locator('.lk-frame').boundingBox()
  expect((back?.y ?? 0) + (back?.height ?? 0)).toBeLessThanOrEqual(844)
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(844)
})

test.describe('launch fixes', () => {
  const rngBanner = (page: Page) => page.getByRole('link', { name: 'Golden Dragon Megaways is here' })
  /** Shows the GAME banner of /rng (the carousel may have moved on) and clicks it. */
  async function clickGameBanner(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Slide 1 of 2' }).click({ timeout: firstLoad })
    await rngBanner(page).click()
  }

  test('a GAME banner opens its game for a member', async ({ page, app }) => {
    await signedIn(page, app.url, demo)
    await page.goto('/rng')
    await clickGameBanner(page)
    await expect(page).toHaveURL(/\/game\/?(\?|$)/, { timeout: firstLoad })
    const game = page.frameLocator('iframe[title="Game"]')
    await expect(game.getByText('Golden Dragon Megaways').first()).toBeVisible()
    await expect(game.getByRole('button', { name: 'Spin' })).toBeVisible()
    // Back on the lobby, the used address does not launch again.
    await page.goBack()
    await expect(page).toHaveURL(/\/rng\/?$/)
    await expect(gameGrid(page).getByRole('listitem')).toHaveCount(15, { timeout: firstLoad })
    await expect(page).toHaveURL(/\/rng\/?$/)
  })

  test('a GAME banner asks a guest to log in, and a reload does not ask again', async ({ page }) => {
    await page.goto('/rng')
    await clickGameBanner(page)
    const login = page.getByRole('dialog', { name: 'Log in' })
    await expect(login).toBeVisible({ timeout: firstLoad })
    await expect(page).toHaveURL(/\/rng\/?$/)
    await page.keyboard.press('Escape')
    await expect(login).toHaveCount(0)
    await page.reload()
    await expect(gameGrid(page).getByRole('listitem')).toHaveCount(15, { timeout: firstLoad })
    await expect(login).toHaveCount(0)
  })

  for (const [path, heading] of [
    ['/rng/PVP', 'PvP card games'],
    ['/rng/Fish', 'Fishing games'],
    ['/es/rng/PVP', 'Juegos de cartas PvP'],
  ] as const) {
    test(`${path} shows its games page whatever the case of the type`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: firstLoad })
      await expect(page.locator('.lk-games')).toHaveAttribute('data-game-type', path.split('/').pop()!.toUpperCase())
    })
  }

  test('vassalage and page in the address select the vendor tab', async ({ page }) => {
    await page.goto('/rng?vassalage=PG')
    await expect(page.getByRole('button', { name: 'PG Soft', exact: true })).toHaveAttribute('aria-pressed', 'true', { timeout: firstLoad })
    await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'false')
    // page is a 1-based tab number: PG Soft, JILI Games, then Pragmatic Play.
    await page.goto('/rng?page=3')
    await expect(page.getByRole('button', { name: 'Pragmatic Play', exact: true })).toHaveAttribute('aria-pressed', 'true', { timeout: firstLoad })
  })

  test('a lottery card opens the lottery page with its game, and an FB sports card opens /fbsports', async ({ page, app }) => {
    await signedIn(page, app.url, demo)
    await page.goto('/elott')
    const lottery = page.locator('.lk-lane').filter({ has: page.getByRole('heading', { name: 'TCG Lotto VN', exact: true }) })
    await lottery.getByRole('listitem').first().getByRole('button').first().click({ timeout: firstLoad })
    await expect(page).toHaveURL(/\/lottery\?gameCode=[^&]+&vendor=TCG_LOTTO_VN&playType=[^&]+$/)

    await page.goto('/sports')
    const fb = page.locator('.lk-lane').filter({ has: page.getByRole('heading', { name: 'FB Sports', exact: true }) })
    await fb.getByRole('listitem').first().getByRole('button').first().click({ timeout: firstLoad })
    // The product picked opens, not the first sportsbook.
    await expect(page).toHaveURL(/\/fbsports\/?\?nodeId=FB-\d+$/)
    await expect(page.locator('iframe[title="Game"]')).toBeVisible({ timeout: firstLoad })
  })

  test('a member plays a live table round and the header balance follows', async ({ page, app }) => {
    test.slow()
    await signedIn(page, app.url, demo)
    await page.goto('/live')
    const lane = page.locator('.lk-lane').filter({ has: page.getByRole('heading', { name: 'Dream Gaming', exact: true }) })
    await lane.getByRole('listitem').first().getByRole('button').first().click({ timeout: firstLoad })
    await expect(page).toHaveURL(/\/game\/?(\?|$)/, { timeout: firstLoad })

    await playUntilBalanceMoves(page, 'Deal')
  })

  test('lanes name their classification in the page language', async ({ page }) => {
    // Every cockfight game is classified COCKFIGHT: the lane shows that code's name, not the code.
    const lane = page.locator('.lk-lane').filter({ has: page.getByRole('heading', { name: 'DS88 Sabong', exact: true }) })
    await page.goto('/cockfight')
    await expect(lane.locator('.lk-lane__classify')).toHaveText('Cockfight', { timeout: firstLoad })
    await page.goto('/es/cockfight')
    await expect(lane.locator('.lk-lane__classify')).toHaveText('Peleas de gallos', { timeout: firstLoad })
  })

  test('the game page frames only this site and the launch CDNs', async ({ page }) => {
    await page.goto(`/game?url=${encodeURIComponent('https://evil.example/play/abc')}`)
    await expect(page.getByText('This game link is not valid')).toBeVisible({ timeout: firstLoad })
    await expect(page.locator('iframe')).toHaveCount(0)
  })
})
