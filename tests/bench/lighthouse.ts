/**
 * Lighthouse mobile performance for the static pages (median of N runs each), plus CLS and the
 * gzipped JavaScript each page loads before interaction. Used by `npm run bench`.
 */
import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'
import { join } from 'node:path'
import { pageJs } from '../budget/measure.ts'

const flags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** One page's result. */
export interface PageScore {
  route: string
  performance: number
  cls: number
  fcpMs: number
  lcpMs: number
  /** Speed Index. */
  siMs: number
  tbtMs: number
  /** Every run's score, in run order (the spread shows how noisy the machine was). */
  scores: number[]
  jsGzipKb: number
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/**
 * Runs Lighthouse `runs` times on each route of `origin` and returns the medians.
 * @param siteDir - the built site the routes come from, for their JS size; `null` for pages that are
 *   not the site's (a partner page): `jsGzipKb` is then NaN
 */
export async function lighthouseScores(origin: string, routes: string[], runs = 5, siteDir: string | null = 'dist/site'): Promise<PageScore[]> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: flags })
  try {
    const results: PageScore[] = []
    for (const route of routes) {
      const perf: number[] = []
      const cls: number[] = []
      const fcp: number[] = []
      const lcp: number[] = []
      const si: number[] = []
      const tbt: number[] = []
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(`${origin}${route}`, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' })
        const lhr = result?.lhr
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${route}`)
        perf.push(lhr.categories.performance.score ?? 0)
        cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0)
        fcp.push(lhr.audits['first-contentful-paint']?.numericValue ?? 0)
        lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? 0)
        si.push(lhr.audits['speed-index']?.numericValue ?? 0)
        tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? 0)
      }
      const file = route === '/' ? 'index.html' : `${route.slice(1)}/index.html`
      results.push({
        route,
        performance: median(perf),
        cls: median(cls),
        fcpMs: median(fcp),
        lcpMs: median(lcp),
        siMs: median(si),
        tbtMs: median(tbt),
        scores: perf,
        jsGzipKb: siteDir ? pageJs(siteDir, join(siteDir, file)).gzip / 1024 : Number.NaN,
      })
    }
    return results
  } finally {
    await chrome.kill()
  }
}
