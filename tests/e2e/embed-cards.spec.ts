import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Route } from 'playwright'
import { siteDir } from './fixtures.ts'
import { test, expect } from './partner.ts'

// Game cards on a partner's page: the pictures come first, and nothing covers what they say.
test.describe.configure({ timeout: 120_000 })

/** The built embed's chunks that carry React (the register frame's host and the SDK do not). */
const chunkDir = join(siteDir, '..', 'embed', 'v1', 'chunks')
const reactChunks = new Set(
  readdirSync(chunkDir).filter((f) => f.endsWith('.js') && /react\.transitional\.element|__CLIENT_INTERNALS/.test(readFileSync(join(chunkDir, f), 'utf8'))),
)
const isReactChunk = (url: string) => /\/embed\/[^/]+\/chunks\/[^/]+\.js$/.test(url) && reactChunks.has(url.slice(url.lastIndexOf('/') + 1))
const isPicture = (url: string) => /\/img\/game\//.test(url)

test('on the snippet page (the /partners snippet as pasted, on a phone) the first game picture is asked for and shown before any React chunk is asked for', async ({
  app,
  page,
  partner,
}) => {
  expect(reactChunks.size, 'the built embed has a React chunk').toBeGreaterThan(0)
  // The host loads its renderer on the first render it is asked for, which in a Playwright worker goes
  // through the runner's source transform (seconds): asked once here, as a warm host (tests/e2e/embed-ssr.spec.ts).
  expect((await fetch(`${app.url}/embed/v1/render/lk-games?lang=en&locale=en`)).status).toBe(200)
  // A phone's link (Lighthouse's mobile throttling: 150 ms, 1.6 Mbit/s down): what the pictures and the code share.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 })
  const asked: string[] = []
  page.on('request', (request) => asked.push(request.url()))
  // When the first React chunk is asked for: whether lk-games' first picture had been drawn by then.
  let shownAtFirstChunk: boolean | undefined
  await page.route(
    (url) => isReactChunk(url.href),
    async (route: Route) => {
      shownAtFirstChunk ??= await page
        .locator('lk-games')
        .evaluate((el) => {
          const img = el.shadowRoot?.querySelector('.lk-gamecard img') as HTMLImageElement | null
          return Boolean(img?.complete && img.naturalWidth > 0)
        })
        .catch(() => false)
      await route.continue()
    },
  )
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`${partner.url}/snippet`)
  await expect(page.locator('lk-games').getByRole('list', { name: 'Game list' }).getByRole('button').first()).toBeVisible({ timeout: 30_000 })
  await expect.poll(() => shownAtFirstChunk, { timeout: 30_000 }).toBeDefined()
  const firstPicture = asked.findIndex(isPicture)
  expect(firstPicture, 'a game picture was asked for').toBeGreaterThanOrEqual(0)
  expect(firstPicture, 'the first game picture is asked for before any React chunk').toBeLessThan(asked.findIndex(isReactChunk))
  expect(shownAtFirstChunk, 'the first game picture is shown before any React chunk is asked for').toBe(true)
})

for (const width of [320, 390, 1280]) {
  test(`at ${width} px the HOT badges cover neither the provider's label in a game's picture nor its name`, async ({ page, partner }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(`${partner.url}/article-games`)
    const games = page.locator('lk-games')
    await expect(games.getByRole('list', { name: 'Game list' }).getByRole('button').first()).toBeVisible({ timeout: 30_000 })
    const badges = games.locator('.lk-gamecard__badge')
    await expect(badges.first()).toBeVisible()
    const overlaps = await games.evaluate((el) => {
      const hit = (a: DOMRect, b: { left: number; right: number; top: number; bottom: number }) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
      const found: string[] = []
      for (const card of el.shadowRoot!.querySelectorAll('.lk-gamecard')) {
        const badge = card.querySelector('.lk-gamecard__badge')?.getBoundingClientRect()
        const picture = card.querySelector('.lk-lazy')?.getBoundingClientRect()
        if (!badge || !picture) continue
        // The sandbox's pictures carry the provider's code top left (sandbox/games/images.ts: from 14,14
        // to 32 + 11 per letter by 42 of 400×300); eight letters reach 120.
        const label = {
          left: picture.left + (picture.width * 14) / 400,
          right: picture.left + (picture.width * 120) / 400,
          top: picture.top + (picture.height * 14) / 300,
          bottom: picture.top + (picture.height * 42) / 300,
        }
        const name = card.querySelector('.lk-gamecard__name')!.getBoundingClientRect()
        // The provider's name under the game's, which the card itself writes.
        const vendor = card.querySelector('.lk-gamecard__meta > :first-child')!.getBoundingClientRect()
        const star = card.querySelector('.lk-gamecard__fav')?.getBoundingClientRect()
        const inside = badge.left >= picture.left && badge.right <= picture.right && badge.top >= picture.top && badge.bottom <= picture.bottom
        if (hit(badge, label)) found.push(`covers the provider label: ${card.textContent}`)
        if (hit(badge, name)) found.push(`covers the name: ${card.textContent}`)
        if (vendor.width === 0 || hit(badge, vendor)) found.push(`covers or lacks the provider's name: ${card.textContent}`)
        if (star && hit(badge, star)) found.push(`covers the star: ${card.textContent}`)
        if (!inside) found.push(`leaves the picture: ${card.textContent}`)
      }
      return found
    })
    expect(overlaps).toEqual([])
  })
}
