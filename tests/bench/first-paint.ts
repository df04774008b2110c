/**
 * First-paint benchmark, run by `npm run bench` after `npm run build`: a partner
 * page on another origin with `lk-games` above the fold (`/games-top`, a phone's 390 × 844 screen,
 * 4× CPU throttling, cold cache each run), median of BENCH_RUNS (at least 5) runs, with the brand's
 * first paint and without it (its `/render/` request refused: the element as before). Prints the time
 * from navigation to the first game picture requested, to the first React chunk requested, whether
 * the picture came first in every run, and the largest contentful paint (Chromium's
 * `largest-contentful-paint` entries, read through Playwright). Run alone: `node tests/bench/first-paint.ts`.
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
  pictureMs: number
  chunkMs: number
  lcpMs: number
}

async function once(firstPaint: boolean): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  if (!firstPaint)
    await page.route(
      (url) => url.pathname.includes('/render/'),
      (route) => route.abort(),
    )
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __ready: Promise<void> }
    w.__lcp = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime
    }).observe({ type: 'largest-contentful-paint', buffered: true })
    w.__ready = new Promise((resolve) => document.addEventListener('lk:ready', () => resolve(), { once: true }))
  })
  await page.goto(`${partner.url}/games-top`)
  await page.evaluate(() => (window as unknown as { __ready: Promise<void> }).__ready)
  // The pictures shown once the element is ready have loaded or are loading: give LCP its last entry.
  await page.waitForFunction(() => [...(document.querySelector('lk-games')?.shadowRoot?.querySelectorAll('img') ?? [])].some((img) => img.complete), undefined, { timeout: 30_000 })
  await page.waitForTimeout(500)
  const run = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource')
    const first = (test: RegExp) => Math.min(...entries.filter((e) => test.test(e.name)).map((e) => e.startTime))
    return { pictureMs: first(/\/img\/game\//), chunkMs: first(/\/embed\/[^/]+\/chunks\/.+\.js$/), lcpMs: (window as unknown as { __lcp: number }).__lcp }
  })
  await context.close()
  return run
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
try {
  for (const firstPaint of [true, false]) {
    const all: Run[] = []
    for (let i = 0; i < runs; i++) all.push(await once(firstPaint))
    const before = all.filter((r) => r.pictureMs < r.chunkMs).length
    console.log(
      `  partner /games-top ${firstPaint ? 'with first paint   ' : 'without first paint'}  first game picture requested ${Math.round(median(all.map((r) => r.pictureMs)))} ms, first React chunk ${Math.round(median(all.map((r) => r.chunkMs)))} ms (picture first in ${before}/${runs} runs)  LCP ${Math.round(median(all.map((r) => r.lcpMs)))} ms  (LCP runs: ${all.map((r) => Math.round(r.lcpMs)).join(' ')})`,
    )
  }
} finally {
  await browser.close()
  await partner.close()
  await sandbox.close()
}
