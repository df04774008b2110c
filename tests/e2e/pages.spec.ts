import { test, expect, type Page } from './fixtures.ts'
import { runAxe } from './axe.ts'
import { skipNoticePopup } from './popups.ts'
import { everyRoute } from './routes.ts'
import { demo, signedIn } from './session.ts'
import { hydrationErrors, recordErrors, waitForIslands } from './islands.ts'
import { settled, unseenIslandsExcluded } from './settled.ts'

/**
 * Every route, read from the build: axe-core's WCAG 2.2 AA rules find no serious or
 * critical violation in English and Spanish, light and dark, at a phone's 390 px and a laptop's
 * 1366 px; the English pages look as their stored screenshots do in those four states; and every
 * page hydrates without a mismatch (React error #418) or any other error.
 *
 * The English pages are visited signed out (the screenshots need the same page for everyone), the
 * Spanish ones signed in as demo01: so axe also sees the member's header, balance and menus, and the
 * hydration check covers both halves, a guest's pages (islands render their server HTML) and a
 * member's (stores fill from session storage while islands hydrate, the usual cause of a mismatch),
 * with one visit of each route in each language.
 *
 * Cheap by design: a route loads once per language; theme and width then change in place (the
 * theme is the `data-theme` attribute the theme store sets, the width the viewport), so the four
 * states cost four axe runs and no reload (the theme is also stored, as the store does, so an island
 * that loads later keeps it). axe is injected once per load and asked for violations only. The dark
 * runs check the colour rules only: the theme changes colours and nothing else (same DOM, same
 * layout), while the width changes what is shown, so both widths get every rule. The shell's parts
 * (header bar, nav, notice bar, side bars, footer, phone bar: about half of each run) are checked once
 * per state in each worker (the parts of the sweep a worker runs share what it checked), and again on
 * a route only where they differ from every copy already checked: in markup, in any element's box, or
 * in its colours, type or visibility (a route's own styles reaching into the shell are seen; the
 * current page's nav link differs, so it is checked).
 *
 * Screenshots: the visible viewport of each state, English only, the clock fixed, motion reduced
 * (playwright.config), and the parts that move or follow the real clock masked. Baselines live in
 * tests/e2e/pages.spec.ts-snapshots/ without an OS suffix (playwright.config `snapshotPathTemplate`):
 * CI runs this same Debian Chromium. `npm run test:screenshots:update` rebuilds and rewrites them
 * (axe is skipped then).
 */

/** What a theme can change: the colour rules. */
const colourRules = ['color-contrast', 'link-in-text-block']
const widths = { phone: { width: 390, height: 844 }, laptop: { width: 1366, height: 768 } } as const
/** One moment for every page's clock, so dates and the jackpot's time-derived start never differ. */
const frozen = new Date('2026-03-02T10:00:00Z')

/**
 * Moving or real-clock parts a screenshot leaves out: jackpot, marquee, banner slides, lottery
 * countdowns, and /partners' live embed demos (each fills in when its own bundle has loaded).
 */
// `.lk-partners__pinned` holds the embed's SRI hash, which every change to the embed's code changes.
const moving = [
  '.lk-partners__pinned',
  '.lk-jackpot__value',
  '.lk-noticebar__viewport',
  '.lk-banner',
  '.lk-lot-game__facts',
  ':is(lk-jackpot, lk-games, lk-promotions, lk-winners, lk-lobby, lk-register, lk-login, lk-lottery)',
  // What editors publish (help articles, promotions, download guides): a new article must not fail
  // the suite. The pages around it are still compared; content/ is checked by the build's schema.
  '[data-lk-content]',
  // The notices' dates follow the day the suite runs (the seed dates them from today).
  '.lk-notices time',
]

const routes = everyRoute()

/**
 * The shell parts' fingerprints already checked, by state, in this worker: a fingerprint says what
 * axe reads of a part, so the parts of the sweep this worker runs share it. A worker that failed a
 * test is replaced by a fresh one (Playwright), which starts again from nothing.
 */
const checkedInWorker = new Map<string, Set<string>>()
const updating = () => ['all', 'changed'].includes(test.info().config.updateSnapshots)

/** The shell's parts, drawn alike on every route but for the current page's nav link: see {@link violations}. */
const shellParts = ['.lk-header__bar', 'nav.lk-nav', '.lk-noticebar', '.lk-sidebar--left', '.lk-sidebar--right', 'footer.lk-footer', 'nav.lk-bottombar']

/**
 * Serious and critical violations on the page now, one line each (rule, impact, first three targets).
 * `checked` holds the fingerprints of the shell parts already checked in this state (width, theme and
 * rules); a part whose fingerprint is there is left out of this run, and the others are added to it.
 * A fingerprint is the part's markup with, for each of its elements, the box (from the part's
 * corner), the colours, the type and the visibility it is drawn with: what axe's rules read of it.
 */
async function violations(page: Page, checked: Set<string>, rules?: readonly string[]): Promise<string[]> {
  const { exclude, fingerprints } = await page.evaluate(
    async ({ parts, known }) => {
      // Boxes from the part's corner: a footer lower down a longer page is the same footer.
      const drawn = (el: Element, origin: DOMRect) => {
        const style = getComputedStyle(el)
        const box = el.getBoundingClientRect()
        return [
          box.x - origin.x,
          box.y - origin.y,
          box.width,
          box.height,
          style.color,
          style.backgroundColor,
          style.backgroundImage,
          style.fontSize,
          style.fontWeight,
          style.opacity,
          style.visibility,
          style.display,
        ].join(' ')
      }
      const fingerprint = async (part: Element) => {
        const origin = part.getBoundingClientRect()
        // Each picture comes from one of the image CDNs, picked at random (SPEC §9): the same picture.
        const markup = part.outerHTML.replace(/ src="[^"]*?\/img\//g, ' src="img/')
        const text = [markup, ...[part, ...part.querySelectorAll('*')].map((el) => drawn(el, origin))].join('\n')
        const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
        return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
      }
      const exclude: string[] = []
      const fingerprints: string[] = []
      for (const selector of parts) {
        const part = document.querySelector(selector)
        if (!part) continue
        const print = `${selector} ${await fingerprint(part)}`
        if (known.includes(print)) exclude.push(selector)
        else fingerprints.push(print)
      }
      return { exclude, fingerprints }
    },
    { parts: shellParts, known: [...checked] },
  )
  const found = await runAxe(page, { exclude, rules })
  for (const print of fingerprints) checked.add(print)
  return found
}

/** Loads `path` as a visitor who has seen the notice popup, and waits for the islands it hydrates at once. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.locator(unseenIslandsExcluded), `${path}: the load and idle islands hydrate`).toHaveCount(0, {
    timeout: 60_000,
  })
}

/**
 * Switches the theme in place as the theme store does (stored, then on `<html>`), so an island that
 * loads later reads the same theme; returns the page's background then, to show it changed.
 */
const setTheme = (page: Page, theme: 'light' | 'dark') =>
  page.evaluate((t) => {
    localStorage.setItem('theme', JSON.stringify(t))
    document.documentElement.dataset.theme = t
    return getComputedStyle(document.documentElement).backgroundColor
  }, theme)

/** The file name of a route's screenshot: `rng-fish-phone-dark.png`, `root-…` for `/`. */
const shotName = (route: string, width: string, theme: string) => `${route === '/' ? 'root' : route.slice(1).replaceAll('/', '-')}-${width}-${theme}.png`

test.use({ trace: 'off' })
test.describe.configure({ timeout: 600_000 })

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(frozen)
  await skipNoticePopup(page)
})

/**
 * Runs the four states of `route` on the loaded page: axe in each (unless rewriting screenshots), and
 * the screenshot of each when `shots`. Returns the violations by state.
 */
async function fourStates(page: Page, route: string, lang: string, shots: boolean, checked: Map<string, Set<string>>): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {}
  // Phone then laptop in light, laptop then phone in dark: three in-place changes.
  const states = [
    ['phone', 'light'],
    ['laptop', 'light'],
    ['laptop', 'dark'],
    ['phone', 'dark'],
  ] as const
  const background: Record<string, string> = {}
  // The page opened at the run's default width (1280 px), so the first state changes it too.
  let shown: keyof typeof widths | undefined
  for (const [width, theme] of states) {
    if (width !== shown) {
      await page.setViewportSize(widths[width])
      shown = width
      // What the new width brought into view hydrates first (the /partners embed demos load then and
      // reset the page's theme), so the theme set next stays. A theme change alone brings nothing new.
      await settled(page)
    }
    background[theme] = await setTheme(page, theme)
    if (!updating()) {
      const state = `${width} ${theme}`
      const seen = checked.get(state) ?? new Set<string>()
      checked.set(state, seen)
      const list = await violations(page, seen, theme === 'dark' ? colourRules : undefined)
      if (list.length) found[`${lang}${route} ${width} ${theme}`] = list
    }
    // /partners at 1366 px: its live embed demos come into view and lay out as their bundles load
    // (the "Reference" block moves), not yet stable enough for a stored picture; axe still runs.
    if (shots && !(route === '/partners' && width === 'laptop')) {
      await expect.soft(page, `${route} ${width} ${theme} looks as stored`).toHaveScreenshot(shotName(route, width, theme), {
        mask: moving.map((s) => page.locator(s)),
        maxDiffPixelRatio: 0.01,
        animations: 'disabled',
        caret: 'hide',
        timeout: 15_000,
      })
    }
  }
  expect(background.dark, `${lang}${route}: the dark theme repaints the page`).not.toBe(background.light)
  return found
}

/**
 * The hydration check of a visited page: the islands still waiting to be scrolled to hydrate, and the
 * page logged no mismatch (React error #418) or other error since it was opened.
 */
async function hydratedCleanly(page: Page, path: string, recorder: { take(): string[] }): Promise<Record<string, string[]>> {
  await waitForIslands(page, path)
  const errors = await hydrationErrors(page, recorder)
  return errors.length ? { [`${path} hydration`]: errors } : {}
}

// English: axe and screenshots, in eighths; Spanish: axe, in quarters. Parts of four or five routes
// (some 30 s each) keep the two workers evenly loaded to the end of the run: the sweep's parts come
// last in file order, and a few long ones left one worker finishing alone for a minute or more.
const englishParts = 8
const spanishParts = 4
const parts = (n: number) => Array.from({ length: n }, (_, i) => routes.filter((_, r) => r % n === i))
for (const [i, part] of parts(englishParts).entries()) {
  test(`English pages, part ${i + 1} of ${englishParts}: axe finds nothing serious and they look as stored, 390/1366 px, light/dark`, async ({ page }) => {
    const found: Record<string, string[]> = {}
    const recorder = recordErrors(page)
    for (const route of part) {
      recorder.take()
      await open(page, route)
      Object.assign(found, await fourStates(page, route, '', true, checkedInWorker))
      Object.assign(found, await hydratedCleanly(page, route, recorder))
    }
    expect(found).toEqual({})
  })
}

for (const [i, part] of parts(spanishParts).entries()) {
  test(`Spanish pages signed in as demo01, part ${i + 1} of ${spanishParts}: axe finds nothing serious, 390/1366 px, light/dark`, async ({ page, app }) => {
    test.skip(updating(), 'rewriting screenshots: no axe')
    await signedIn(page, app.url, demo)
    const found: Record<string, string[]> = {}
    const recorder = recordErrors(page)
    for (const route of part) {
      const path = route === '/' ? '/es/' : `/es${route}`
      recorder.take()
      await open(page, path)
      await expect(page.locator('html')).toHaveAttribute('lang', /^es/)
      Object.assign(found, await fourStates(page, route, '/es', false, checkedInWorker))
      Object.assign(found, await hydratedCleanly(page, path, recorder))
    }
    expect(found).toEqual({})
    // The pages were really seen signed in (the balance shows at every width; a phone header has no name).
    await page.goto('/es/')
    await expect(page.getByRole('banner').getByTestId('balance')).toHaveText(/\d/)
  })
}
