import type { Locator, Request, Route } from 'playwright'
import { test as partnerTest, expect, type Page } from './partner.ts'

// The first paint from HTML on a partner's page: the demo partner site on a second
// origin, under a strict CSP with Trusted Types required. lk-games shows its games from the brand's
// server-rendered HTML before any React arrives, then hydrates that HTML in place.

const test = partnerTest.extend({
  page: async ({ page }, use) => {
    // Every CSP or Trusted Types violation, every lk:ready and lk:error, and lk:launch (kept on the page).
    await page.addInitScript(() => {
      const w = window as unknown as { __lk: { violations: string[]; ready: string[]; errors: unknown[]; launched: unknown[] } }
      const seen: { violations: string[]; ready: string[]; errors: unknown[]; launched: unknown[] } = { violations: [], ready: [], errors: [], launched: [] }
      w.__lk = seen
      document.addEventListener('securitypolicyviolation', (e) => seen.violations.push(`${e.violatedDirective} ${e.blockedURI}`))
      document.addEventListener('lk:ready', (e) => seen.ready.push((e as CustomEvent<{ tag: string }>).detail.tag))
      document.addEventListener('lk:error', (e) => seen.errors.push((e as CustomEvent).detail))
      document.addEventListener('lk:launch', (e) => {
        e.preventDefault()
        seen.launched.push((e as CustomEvent).detail)
      })
    })
    await use(page)
    const violations = await page.evaluate(() => (window as unknown as { __lk: { violations: string[] } }).__lk.violations).catch(() => [])
    expect(violations, 'CSP violations on the partner page').toEqual([])
  },
})
test.describe.configure({ timeout: 120_000 })

const isChunk = (url: string) => /\/embed\/[^/]+\/chunks\/.+\.js$/.test(url)
const isPicture = (url: string) => /\/img\/game\//.test(url)

/** Holds every element chunk back until `release()`: the page has its first paint alone meanwhile. `held` lists them. */
async function holdChunks(page: Page): Promise<{ release: () => void; held: string[] }> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const held: string[] = []
  await page.route(
    (url) => isChunk(url.href),
    async (route: Route) => {
      held.push(route.request().url())
      await released
      await route.continue()
    },
  )
  return { release, held }
}

type Seen = { __lk: { ready: string[]; errors: unknown[] } }
/** Waits until `tag` has said lk:ready: its code has run and taken the first paint over. */
const readyOf = (page: Page, tag: string) => page.waitForFunction((t) => (window as unknown as Seen).__lk.ready.includes(t), tag, { timeout: 60_000 })
/** The lk:error details the page has seen. */
const errorsOf = (page: Page) => page.evaluate(() => (window as unknown as Seen).__lk.errors)
/** Marks the node `locator` finds, to tell after hydration whether it is still the same node. */
const mark = (locator: Locator) => locator.evaluate((el) => ((el as unknown as { __mark: number }).__mark = 1))
/** Whether the node `locator` finds now is the one {@link mark} marked. */
const marked = (locator: Locator) => locator.evaluate((el) => (el as unknown as { __mark?: number }).__mark === 1)

test('lk-games shows its games from the server before any React chunk, then hydrates the same nodes and its clicks work', async ({ page, partner, app }) => {
  // The host loads its renderer on the first render it is asked for: in a Playwright worker that
  // import goes through the runner's source transform (seconds; about 0.2 s in Node alone), which
  // the loader would not wait for (it gives a first paint 5 s). Asked once here, as a warm host.
  expect((await fetch(`${app.url}/embed/v1/render/lk-games?lang=en&locale=en`)).status).toBe(200)
  // Every request in order, and the element chunks held back until the first paint is checked.
  const asked: string[] = []
  page.on('request', (request: Request) => asked.push(request.url()))
  const { release, held } = await holdChunks(page)

  // A phone: the first paint is made for its small screen (the list scrolls on, no pager), so nothing moves at hydration.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`${partner.url}/article-games`)
  const games = page.locator('lk-games')
  // Six cards (page-size="6") with their names and pictures, while no chunk has been answered.
  const cards = games.locator('.lk-gamecard')
  await expect(cards).toHaveCount(6, { timeout: 30_000 })
  await expect(cards.first().locator('img')).toBeVisible()
  await expect(games.getByRole('button', { name: /.+/ }).first()).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __lk: { ready: string[] } }).__lk.ready)).toEqual([])
  const firstPicture = asked.findIndex(isPicture)
  const firstChunk = asked.findIndex(isChunk)
  expect(firstPicture, 'a game picture was requested').toBeGreaterThanOrEqual(0)
  if (firstChunk >= 0) expect(firstPicture, 'the first picture is asked for before any React chunk').toBeLessThan(firstChunk)
  await expect(games.getByRole('navigation', { name: 'Pages' })).toHaveCount(0)
  // The nodes the server's HTML made, marked to find them again after hydration.
  const box = await cards.first().boundingBox()
  await mark(cards.first().locator('.lk-gamecard__play'))
  // The first page's call (on a phone the list then scrolls on to page 2 by itself, as it does without a first paint).
  const listCalls = () => asked.filter((url) => url.includes('GCSGAME_gameList') && /[?&]page=1(&|$)/.test(url)).length
  const listCallsBefore = listCalls()

  // React arrives: the element hydrates the HTML in place.
  release()
  await readyOf(page, 'lk-games')
  expect(held.length, 'the element chunks were asked for').toBeGreaterThan(0)
  expect(await marked(cards.first().locator('.lk-gamecard__play')), 'the same button node after hydration (no remount)').toBe(true)
  expect(await cards.count()).toBeGreaterThanOrEqual(6)
  expect(listCalls(), 'no second game list call: the element hydrated from the data sent with the HTML').toBe(listCallsBefore)
  // Nothing above or in the first screen moved: the first card is where it was.
  const after = await cards.first().boundingBox()
  expect(after, 'no layout shift at hydration').toEqual(box)
  expect(await errorsOf(page)).toEqual([])

  // The hydrated buttons work: a game picked reaches the partner page as lk:launch.
  const name = (await cards.first().locator('.lk-gamecard__name').textContent())?.trim()
  await cards.first().locator('.lk-gamecard__play').click()
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __lk: { launched: { gameName: string }[] } }).__lk.launched.map((l) => l.gameName)), { timeout: 15_000 })
    .toEqual([name])
})

test('a game pressed before the element has hydrated opens once it has: the press is not lost', async ({ page, partner, app }) => {
  expect((await fetch(`${app.url}/embed/v1/render/lk-games?lang=en&locale=en`)).status).toBe(200)
  const { release } = await holdChunks(page)
  await page.goto(`${partner.url}/article-games`)
  const cards = page.locator('lk-games').locator('.lk-gamecard')
  await expect(cards).toHaveCount(6, { timeout: 30_000 })
  const name = (await cards.nth(1).locator('.lk-gamecard__name').textContent())?.trim()
  // Pressed while the element's code is held back: the first paint is all there is.
  await cards.nth(1).locator('.lk-gamecard__play').click()
  const launched = () => page.evaluate(() => (window as unknown as { __lk: { launched: { gameName: string }[] } }).__lk.launched.map((l) => l.gameName))
  expect(await launched()).toEqual([])
  release()
  // Once hydrated the element handles that press, once: a press after it is ready comes next, with
  // no second copy of the first before it.
  await expect.poll(launched, { timeout: 60_000 }).toEqual([name])
  await readyOf(page, 'lk-games')
  const next = (await cards.nth(2).locator('.lk-gamecard__name').textContent())?.trim()
  await cards.nth(2).locator('.lk-gamecard__play').click()
  await expect.poll(launched, { timeout: 15_000 }).toEqual([name, next])
})

test('lk-winners shows its board from the server in its own language before any React chunk, then hydrates it in place', async ({ page, partner, app }) => {
  expect((await fetch(`${app.url}/embed/v1/render/lk-winners?lang=es&locale=en`)).status).toBe(200)
  const asked: string[] = []
  page.on('request', (request: Request) => asked.push(request.url()))
  const { release } = await holdChunks(page)
  await page.goto(`${partner.url}/winners`)
  const winners = page.locator('lk-winners')
  const rows = winners.locator('.lk-winners__row')
  await expect(rows.first()).toBeVisible({ timeout: 30_000 })
  // Its own language (Spanish) from the first paint.
  await expect(winners.getByRole('heading', { level: 2 })).toHaveText('Ganadores')
  await mark(rows.first())
  const count = await rows.count()
  release()
  await readyOf(page, 'lk-winners')
  expect(await marked(rows.first()), 'the same row node after hydration').toBe(true)
  await expect(rows).toHaveCount(count)
  expect(asked.filter((url) => url.includes('GCSGAME_getRankList')).length, 'no second rank list call').toBe(0)
  expect(await errorsOf(page)).toEqual([])
})

test('lk-promotions shows its cards and pictures from the server before any React chunk, then hydrates them in place', async ({ page, partner, app }) => {
  expect((await fetch(`${app.url}/embed/v1/render/lk-promotions?lang=en&locale=en`)).status).toBe(200)
  const asked: string[] = []
  page.on('request', (request: Request) => asked.push(request.url()))
  const { release } = await holdChunks(page)
  await page.goto(`${partner.url}/promotions`)
  const promotions = page.locator('lk-promotions')
  const card = promotions.getByRole('link').first()
  await expect(card).toHaveAttribute('href', new RegExp(`^${app.url}/promoDetail\\?id=`), { timeout: 30_000 })
  const picture = await card.locator('img').getAttribute('src')
  expect(picture).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
  await mark(card)
  release()
  await readyOf(page, 'lk-promotions')
  const after = promotions.getByRole('link').first()
  expect(await marked(after), 'the same link node after hydration').toBe(true)
  // The same picture address (the CDN the server picked), and no second announcements call.
  await expect(after.locator('img')).toHaveAttribute('src', picture ?? '')
  expect(asked.filter((url) => url.includes('MCSFE_getListAnnouncements')).length).toBe(0)
  expect(await errorsOf(page)).toEqual([])
})

test('lk-lobby shows its tabs, games and winners from the server before any React chunk, then hydrates them and its tabs work', async ({ page, partner, app }) => {
  expect((await fetch(`${app.url}/embed/v1/render/lk-lobby?lang=en&locale=en&small=0`)).status).toBe(200)
  const asked: string[] = []
  page.on('request', (request: Request) => asked.push(request.url()))
  const { release } = await holdChunks(page)
  await page.goto(`${partner.url}/lobby`)
  const lobby = page.locator('lk-lobby')
  const cards = lobby.locator('.lk-gamecard')
  await expect(cards).toHaveCount(15, { timeout: 30_000 })
  await expect(lobby.locator('.lk-winners__row').first()).toBeVisible()
  await mark(cards.first().locator('.lk-gamecard__play'))
  release()
  await readyOf(page, 'lk-lobby')
  expect(await marked(cards.first().locator('.lk-gamecard__play')), 'the same node after hydration').toBe(true)
  expect(asked.filter((url) => /GCSGAME_gameList\?.*page=1(&|$)/.test(url) || url.includes('GCSGAME_getRankList')).length, 'nothing asked twice').toBe(0)
  expect(await errorsOf(page)).toEqual([])
  // The hydrated tabs work: Fishing shows the fish games.
  await lobby.getByRole('tab', { name: 'Fishing' }).click()
  await expect(lobby.locator('[data-game-type="FISH"]')).toBeVisible({ timeout: 30_000 })
})

test('lk-jackpot shows its amount from the server before its code, and its code takes the same nodes over and rolls it on', async ({ page, partner, app }) => {
  expect((await fetch(`${app.url}/embed/v1/render/lk-jackpot?lang=es&locale=es`)).status).toBe(200)
  const { release } = await holdChunks(page)
  await page.goto(`${partner.url}/jackpot-only`)
  const jackpot = page.locator('lk-jackpot')
  // In the page's language from the queued config (Spanish), before any of the element's code.
  await expect(jackpot.getByText('Bote', { exact: true })).toBeVisible({ timeout: 30_000 })
  const value = jackpot.locator('output')
  await expect(value).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2}\s₱$/)
  await mark(value)
  release()
  await readyOf(page, 'lk-jackpot')
  expect(await marked(value), 'the same output node once its code runs').toBe(true)
  await expect(jackpot.locator('section')).toHaveCount(1)
  const shown = await value.textContent()
  await expect(value).not.toHaveText(shown ?? '', { timeout: 10_000 })
})

test('a first interaction with a first-painted element loads its code at once, without waiting for the page to settle', async ({ page, partner, app }) => {
  expect((await fetch(`${app.url}/embed/v1/render/lk-games?lang=en&locale=en&page-size=6&small=0`)).status).toBe(200)
  // The page never settles here (the browser never idles): only the interaction can bring the code.
  await page.addInitScript(() => {
    window.requestIdleCallback = (() => 0) as typeof window.requestIdleCallback
  })
  const chunks: string[] = []
  page.on('request', (request: Request) => isChunk(request.url()) && chunks.push(request.url()))
  await page.goto(`${partner.url}/article-games`)
  const games = page.locator('lk-games')
  await expect(games.locator('.lk-gamecard')).toHaveCount(6, { timeout: 30_000 })
  expect(chunks, 'no code before the interaction').toEqual([])
  await games.locator('input[type="search"]').focus()
  await page.waitForFunction(() => (window as unknown as { __lk: { ready: string[] } }).__lk.ready.includes('lk-games'), undefined, { timeout: 60_000 })
  expect(chunks.length).toBeGreaterThan(0)
  // The hydrated search works.
  await games.locator('input[type="search"]').fill('dragon')
  await games.getByRole('button', { name: 'Search' }).click()
  await expect(games.locator('.lk-results__count')).toHaveText(/\d/, { timeout: 30_000 })
})

test('lk-lottery shows its draws and countdowns from the server before any React chunk, hydrates them in place, then ticks and opens a game', async ({ page, partner, app }) => {
  // A warm host (see the first journey); its answer is cached with an ETag, and a revalidation is a 304.
  const rendered = await fetch(`${app.url}/embed/v1/render/lk-lottery?page-size=4&lang=en&locale=en`)
  expect(rendered.status).toBe(200)
  const etag = rendered.headers.get('etag') ?? ''
  expect(etag).toMatch(/^".+"$/)
  expect(rendered.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/)
  expect((await fetch(`${app.url}/embed/v1/render/lk-lottery?page-size=4&lang=en&locale=en`, { headers: { 'If-None-Match': etag } })).status).toBe(304)

  const consoleErrors: string[] = []
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()))
  const asked: string[] = []
  page.on('request', (request: Request) => asked.push(request.url()))
  // Whether the lobby was already on screen when the first element chunk was asked for.
  let shownAtFirstChunk: boolean | undefined
  page.on('request', (request: Request) => {
    if (shownAtFirstChunk !== undefined || !isChunk(request.url())) return
    shownAtFirstChunk = false
    void page
      .locator('lk-lottery .lk-lot-game')
      .count()
      .then((n) => (shownAtFirstChunk = n > 0))
  })
  const { release, held } = await holdChunks(page)

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`${partner.url}/lottery`)
  const lottery = page.locator('lk-lottery')
  const games = lottery.locator('#lk-lot-games ~ .lk-lot-list > .lk-lot-game')
  // page-size="4": four games with their countdowns, from the HTML alone.
  await expect(games).toHaveCount(4, { timeout: 30_000 })
  await expect(games.first().getByRole('timer').first()).toHaveText(/^(\d+ d )?\d+:\d\d(:\d\d)?$|^Closed$/)
  await expect(lottery.getByRole('button', { name: 'Show more games' })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __lk: { ready: string[] } }).__lk.ready)).toEqual([])
  await expect.poll(() => shownAtFirstChunk, { timeout: 30_000 }).toBe(true)
  // The lottery's calls were answered by the server's render: the page asked none of them.
  const lotteryCalls = () => asked.filter((url) => /\/lgw\/|\/lotto\/|MCSFE_getMissionLeaderboard/.test(url))
  expect(lotteryCalls()).toEqual([])
  // The nodes the server's HTML made, and where the first game is, to find them again after hydration.
  const bet = games.first().getByRole('button', { name: 'Bet' })
  await bet.evaluate((el) => ((el as unknown as { __mark: number }).__mark = 1))
  const box = await games.first().boundingBox()
  // A countdown that is still running (Closed ones stay), to see it tick once live.
  const timers = await lottery.getByRole('timer').allTextContents()
  const running = lottery.getByRole('timer').nth(
    Math.max(
      0,
      timers.findIndex((text) => /\d:\d\d$/.test(text)),
    ),
  )

  release()
  await page.waitForFunction(() => (window as unknown as { __lk: { ready: string[] } }).__lk.ready.includes('lk-lottery'), undefined, { timeout: 60_000 })
  expect(held.length, 'the element chunks were asked for').toBeGreaterThan(0)
  expect(await bet.evaluate((el) => (el as unknown as { __mark?: number }).__mark), 'the same button node after hydration (no remount)').toBe(1)
  await expect(games).toHaveCount(4)
  expect(await games.first().boundingBox(), 'no layout shift at hydration').toEqual(box)
  // Nothing asked twice: the side lists and the prize mode came with the HTML (the menus' poll asks on its own rule).
  expect(lotteryCalls().filter((url) => !/\/lgw\/vn\/games\/game_menu\?/.test(url))).toEqual([])

  // Live: the countdown ticks.
  const shown = await running.textContent()
  await expect(running).not.toHaveText(shown ?? '', { timeout: 10_000 })

  // The hydrated buttons work: a game picked reaches the partner page as lk:launch.
  const name = (await games.first().locator('.lk-lot-game__name').textContent())?.trim()
  await bet.click()
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __lk: { launched: { gameName: string; url: string }[] } }).__lk.launched), { timeout: 15_000 })
    .toEqual([expect.objectContaining({ gameName: name, url: expect.stringContaining(`${app.url}/lottery?gameCode=`) })])
  expect(await page.evaluate(() => (window as unknown as { __lk: { errors: unknown[] } }).__lk.errors), 'no lk:error (a hydration mismatch is one)').toEqual([])
  expect(consoleErrors, 'no console error (React reports hydration errors there)').toEqual([])
})

test('lk-lottery in its own language (lang="es") paints and hydrates in Spanish without a mismatch, and its early press on "Show more" is kept', async ({ page, partner, app }) => {
  expect((await fetch(`${app.url}/embed/v1/render/lk-lottery?page-size=4&lang=es&locale=en`)).status).toBe(200)
  const consoleErrors: string[] = []
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()))
  // The partner's page with its element in Spanish: lang="es" set as the parser adds the element,
  // before the loader runs (a page fulfilled by the test would lose its loopback address, and its calls).
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const element = document.querySelector('lk-lottery')
      if (!element) return
      element.setAttribute('lang', 'es')
      observer.disconnect()
    })
    observer.observe(document, { childList: true, subtree: true })
  })
  const { release } = await holdChunks(page)
  await page.goto(`${partner.url}/lottery`)
  const lottery = page.locator('lk-lottery')
  const games = lottery.locator('#lk-lot-games ~ .lk-lot-list > .lk-lot-game')
  await expect(games).toHaveCount(4, { timeout: 30_000 })
  await expect(lottery.getByRole('heading', { name: 'Juegos', exact: true })).toBeVisible()
  await expect(games.first().getByRole('button', { name: 'Apostar' })).toBeVisible()
  // Pressed before the element's code has arrived: it shows more once hydrated.
  await lottery.getByRole('button', { name: 'Mostrar más juegos' }).click()
  release()
  await page.waitForFunction(() => (window as unknown as { __lk: { ready: string[] } }).__lk.ready.includes('lk-lottery'), undefined, { timeout: 60_000 })
  await expect(games).toHaveCount(8, { timeout: 15_000 })
  await expect(lottery.getByRole('heading', { name: 'Juegos', exact: true })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __lk: { errors: unknown[] } }).__lk.errors), 'no lk:error (a hydration mismatch is one)').toEqual([])
  expect(consoleErrors).toEqual([])
})
