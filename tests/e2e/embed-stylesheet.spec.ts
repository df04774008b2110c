import { startPartnerSite, type PartnerSite } from '../../sandbox/partner.ts'
import { test as base, expect, type Page } from './fixtures.ts'

// A first-painted element's stylesheet is one file, downloaded once for its first paint and its code
// (widgets/embed/loader.ts `stylesheetOf`), not carried in the element's chunks too.

const test = base.extend<{ partner: PartnerSite }>({
  partner: async ({ app }, use) => {
    const partner = await startPartnerSite({ brand: app.url })
    await use(partner)
    await partner.close()
  },
})
test.describe.configure({ timeout: 120_000 })

const isStylesheet = (url: string) => /\/embed\/[^/]+\/chunks\/first-paint-[\w-]+\.css$/.test(url)

/** What each element's shadow root adopted, once both lists have rendered: how many sheets, shared or not, and the host's background. */
async function adopted(page: Page) {
  const lists = page.locator('lk-games')
  for (const list of [lists.first(), lists.last()]) await expect(list.getByRole('list', { name: 'Game list' }).getByRole('listitem')).toHaveCount(4, { timeout: 60_000 })
  return page.evaluate(() => {
    const [first, second] = [...document.querySelectorAll('lk-games')]
    const sheets = (el: Element) => el.shadowRoot?.adoptedStyleSheets ?? []
    return {
      counts: [sheets(first).length, sheets(second).length],
      shared: sheets(first)[0] === sheets(second)[0],
      background: getComputedStyle(first).backgroundColor,
      visible: getComputedStyle(first).visibility,
    }
  })
}

test('two lk-games and a jackpot download each stylesheet once, shared by the first paint and the elements, and styled as before', async ({ page, partner, app }) => {
  // A warm host (its renderer loads on the first render asked for).
  expect((await fetch(`${app.url}/embed/v1/render/lk-games?lang=en&locale=en&game-type=RNG&page-size=4`)).status).toBe(200)
  const stylesheets: string[] = []
  page.on('request', (request) => isStylesheet(request.url()) && stylesheets.push(request.url()))
  // The hostile page: polluted prototypes (the first paint still shows), the loader twice, two lists of 4 and a jackpot.
  await page.goto(`${partner.url}/hostile`)
  expect(await adopted(page)).toEqual({ counts: [1, 1], shared: true, background: 'rgb(246, 247, 251)', visible: 'visible' })
  // lk-games and lk-jackpot have one file each, each asked for once.
  expect(stylesheets.length).toBe(2)
  expect(new Set(stylesheets).size).toBe(2)
})

test('without a first paint the elements still adopt their stylesheet file (once) before they show', async ({ page, partner }) => {
  // The host renders nothing: the elements show when their code has arrived, as on a platform on another origin.
  await page.route(/\/embed\/[^/]+\/render\//, (route) => route.fulfill({ status: 503, body: '' }))
  const stylesheets: string[] = []
  page.on('request', (request) => isStylesheet(request.url()) && stylesheets.push(request.url()))
  await page.goto(`${partner.url}/hostile`)
  expect(await adopted(page)).toEqual({ counts: [1, 1], shared: true, background: 'rgb(246, 247, 251)', visible: 'visible' })
  expect(stylesheets.length).toBe(2)
  // The page's `* { color: #f0f !important }` does not reach inside: the element's own CSS applies.
  const color = await page
    .locator('lk-games')
    .first()
    .getByRole('button', { name: 'Search', exact: true })
    .evaluate((b) => getComputedStyle(b).color)
  expect(color).not.toBe('rgb(255, 0, 255)')
})

/** lk-lottery once hydrated: what its shadow root adopted, and whether its own rule (`.lk-lot-more`) applies. */
async function lotteryAdopted(page: Page) {
  await page.waitForFunction(() => (window as unknown as { lkReady?: string[] }).lkReady?.includes('lk-lottery'), undefined, { timeout: 60_000 })
  await expect(page.locator('lk-lottery').getByRole('button', { name: 'Show more games' })).toBeVisible({ timeout: 30_000 })
  return page.evaluate(() => {
    const element = document.querySelector('lk-lottery') as HTMLElement
    const sheets = element.shadowRoot?.adoptedStyleSheets ?? []
    const more = element.shadowRoot?.querySelector('.lk-lot-more')
    return {
      count: sheets.length,
      fromFile: sheets.length === 1 && [...sheets[0].cssRules].some((rule) => rule.cssText.includes('.lk-lot-more')),
      moreDisplay: more ? getComputedStyle(more).display : null,
      visible: getComputedStyle(element).visibility,
    }
  })
}

for (const firstPaint of [true, false])
  test(`lk-lottery adopts its first paint's stylesheet file once hydrated, ${firstPaint ? 'after its first paint' : 'without one'}`, async ({ page, partner, app }) => {
    if (firstPaint) expect((await fetch(`${app.url}/embed/v1/render/lk-lottery?page-size=4&lang=en&locale=en`)).status).toBe(200)
    else await page.route(/\/embed\/[^/]+\/render\//, (route) => route.fulfill({ status: 503, body: '' }))
    // The elements say lk:ready once their code has run (and taken the first paint over).
    await page.addInitScript(() => {
      const ready: string[] = []
      ;(window as unknown as { lkReady: string[] }).lkReady = ready
      document.addEventListener('lk:ready', (e) => ready.push((e as CustomEvent<{ tag: string }>).detail.tag))
    })
    const stylesheets: string[] = []
    page.on('request', (request) => isStylesheet(request.url()) && stylesheets.push(request.url()))
    await page.goto(`${partner.url}/lottery`)
    expect(await lotteryAdopted(page)).toEqual({ count: 1, fromFile: true, moreDisplay: 'block', visible: 'visible' })
    expect(stylesheets).toEqual([expect.stringMatching(/first-paint-[\w-]+\.css$/)])
  })
