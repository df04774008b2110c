/**
 * First-paint benchmark, run by `npm run bench` after `npm run build`: a partner
 * page on another origin with `lk-games` above the fold (`/games-top`), then one with `lk-lottery`
 * (`/lottery`; a phone's 390 × 844 screen, 4× CPU throttling, cold cache each run), median of
 * BENCH_RUNS (at least 5) runs, with the brand's first paint and without it (its `/render/` request
 * refused: the element as before). Prints the time from navigation to the element's first item in
 * its shadow root (a game card, a draw), to the first game picture
 * requested (lk-games), to the first React chunk requested, whether the item (the picture) came first
 * in every run, and the largest contentful paint (Chromium's `largest-contentful-paint` entries, read
 * through Playwright). Run alone: `node tests/bench/first-paint.ts`.
 */
import { existsSync } from 'node:fs'
import { chromium } from 'playwright'
import { startPartnerSite } from '../../sandbox/partner.ts'
import { startSandbox } from '../../sandbox/testing.ts'

if (!existsSync('dist/embed/v1/lobbykit.js') || !existsSync('dist/embed-server/render.js')) {
  console.error('dist/embed or dist/embed-server is missing: run `npm run build` first.')
  process.exit(2)
}
const runs = Math.max(5, Number(process.env.BENCH_RUNS ?? 5))
const sandbox = await startSandbox({ staticDir: 'dist/site' })
const partner = await startPartnerSite({ brand: sandbox.url })
// The full browser, as Lighthouse in `npm run bench` uses (CHROME_PATH), else the one the journeys use.
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : '/usr/bin/chromium-headless-shell') })

interface Run {
  shownMs: number
  pictureMs: number
  chunkMs: number
  lcpMs: number
}

/** A partner page and its element: `item` is what its first screen shows (a selector in its shadow root). */
interface Scene {
  path: string
  tag: string
  item: string
  pictures: boolean
}
const scenes: Scene[] = [
  { path: '/games-top', tag: 'lk-games', item: '.lk-gamecard', pictures: true },
  { path: '/lottery', tag: 'lk-lottery', item: '.lk-lot-game', pictures: false },
]

async function once(scene: Scene, firstPaint: boolean): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  if (!firstPaint)
    await page.route(
      (url) => url.pathname.includes('/render/'),
      (route) => route.abort(),
    )
  await page.addInitScript(
    ({ tag, item }) => {
      // When the element's shadow root first holds its first item (a mutation observer's callback runs
      // before the code that placed it goes on, so before the loader asks for the element's code).
      const w = window as unknown as { __shown: number }
      w.__shown = 0
      const attach = Element.prototype.attachShadow
      Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
        const root = attach.call(this, init)
        if (this.localName === tag)
          new MutationObserver(() => {
            if (!w.__shown && root.querySelector(item)) w.__shown = performance.now()
          }).observe(root, { childList: true, subtree: true })
        return root
      }
    },
    { tag: scene.tag, item: scene.item },
  )
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __ready: Promise<void> }
    w.__lcp = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime
    }).observe({ type: 'largest-contentful-paint', buffered: true })
    w.__ready = new Promise((resolve) => document.addEventListener('lk:ready', () => resolve(), { once: true }))
  })
  await page.goto(`${partner.url}${scene.path}`)
  await page.evaluate(() => (window as unknown as { __ready: Promise<void> }).__ready)
  // The pictures shown once the element is ready have loaded or are loading: give LCP its last entry.
  if (scene.pictures)
    await page.waitForFunction((tag) => [...(document.querySelector(tag)?.shadowRoot?.querySelectorAll('img') ?? [])].some((img) => img.complete), scene.tag, { timeout: 30_000 })
  await page.waitForFunction(() => (window as unknown as { __shown: number }).__shown > 0, undefined, { timeout: 30_000 })
  await page.waitForTimeout(500)
  const run = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource')
    const first = (test: RegExp) => Math.min(...entries.filter((e) => test.test(e.name)).map((e) => e.startTime))
    const w = window as unknown as { __lcp: number; __shown: number }
    return { shownMs: w.__shown, pictureMs: first(/\/img\/game\//), chunkMs: first(/\/embed\/[^/]+\/chunks\/.+\.js$/), lcpMs: w.__lcp }
  })
  await context.close()
  return run
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
try {
  const ms = (values: number[]) => `${Math.round(median(values))} ms`
  for (const scene of scenes.filter((s) => !process.env.BENCH_ELEMENT || s.tag === process.env.BENCH_ELEMENT)) {
    for (const firstPaint of [true, false]) {
      const all: Run[] = []
      for (let i = 0; i < runs; i++) all.push(await once(scene, firstPaint))
      const first = (r: Run) => (scene.pictures ? r.pictureMs : r.shownMs)
      const before = all.filter((r) => first(r) < r.chunkMs).length
      const picture = scene.pictures ? `, first game picture requested ${ms(all.map((r) => r.pictureMs))}` : ''
      console.log(
        `  partner ${scene.path.padEnd(10)} ${firstPaint ? 'with first paint   ' : 'without first paint'}  ${scene.tag} shown ${ms(all.map((r) => r.shownMs))}${picture}, first React chunk ${ms(all.map((r) => r.chunkMs))} (${scene.pictures ? 'picture' : 'shown'} first in ${before}/${runs} runs)  LCP ${ms(all.map((r) => r.lcpMs))}  (LCP runs: ${all.map((r) => Math.round(r.lcpMs)).join(' ')})`,
      )
    }
  }
} finally {
  await browser.close()
  await partner.close()
  await sandbox.close()
}
