import { defineConfig } from 'playwright/test'

import { existsSync } from 'node:fs'

/**
 * Chromium from the system (Playwright's own browser download is not used): its headless shell when
 * installed (Debian: `chromium-headless-shell`, the build Playwright itself runs headless tests on;
 * about a quarter less CPU per journey than the full browser in headless mode), else the browser.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ?? '/usr/bin/chromium'

// Journeys drive the built site (dist/site) served with a fresh sandbox per test (tests/e2e/fixtures.ts).
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // The seeded template (a PostgreSQL template database, or a PGlite dump) is built once before the workers start.
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 45_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // One retry on CI absorbs a timing hiccup on a loaded 2-core machine; the summary still names flaky journeys.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.LK_REPORTER === 'json' ? [['json', { outputFile: '.tmp/playwright.json' }], ['line']] : [['line']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // Pages show times in the visitor's zone; journeys read them in one zone whatever the machine's.
    timezoneId: 'UTC',
    // Journeys run as a visitor who asked for less motion: the marquee and skeleton animations would
    // otherwise repaint every frame of every open page (software rendering here), about two thirds of
    // an idle page's CPU. A journey about motion itself sets `test.use({ reducedMotion: 'no-preference' })`.
    reducedMotion: 'reduce',
    // The lite app's service worker (issue 12) stays out of journeys not about it: each would install
    // it and precache, and a worker's requests bypass page.route. tests/e2e/lite.spec.ts allows it.
    serviceWorkers: 'block',
    // A trace is recorded for a journey's retry only: recording one for every journey (and discarding
    // it when the journey passed) cost about a third of the journeys' CPU. A journey that fails on CI is
    // retried with its trace; locally, `npx playwright test x.spec.ts --trace on` records one.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  // Stored screenshots (tests/e2e/pages.spec.ts) carry no OS or project suffix: CI runs this same Debian Chromium.
  snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}{ext}',
  outputDir: process.env.LK_TEST_RESULTS ?? '.tmp/test-results',
})
