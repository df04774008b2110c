import { cpSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSandbox } from '../../sandbox/testing.ts'
import { siteDir, test, expect, type Page } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'
import { hydrated } from './settled.ts'

// The installable lite app on a phone: manifest and icons, the service worker (allowed
// here only: playwright.config blocks workers elsewhere), the offline page, and the download page's entry.
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
test.describe.configure({ timeout: 90_000 })

/** Width and height a PNG states in its IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ png: bytes.subarray(1, 4).toString('ascii'), width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) })

/** Every address the page's origin holds in its caches (what the worker stored). */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = []
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname)
    return paths
  })

test('the lite app installs from a valid manifest, keeps its shell, never stores an API reply, and shows the offline page with a retry', async ({ page, context }) => {
  await skipNoticePopup(page)
  await page.goto('/rng')
  await hydrated(page)

  // The manifest every page links: name, standalone, start_url, icons 192 and 512 that are those sizes.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  const reply = await page.request.get(href!)
  expect(reply.headers()['content-type']).toContain('application/manifest+json')
  const manifest = await reply.json()
  expect(manifest).toMatchObject({ name: 'Lobbykit', start_url: '/', display: 'standalone' })
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((i: { sizes: string; purpose?: string }) => i.sizes === `${size}x${size}` && i.purpose !== 'maskable')
    expect(icon, `a ${size} px icon`).toMatchObject({ type: 'image/png' })
    const image = await page.request.get(new URL(icon.src, page.url()).href)
    expect(pngSize(await image.body())).toEqual({ png: 'PNG', width: size, height: size })
  }

  // The worker takes control of the page and keeps the offline page; the API replies the page got are not stored.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 })
  await page.reload()
  await hydrated(page)
  const cached = await cachedPaths(page)
  expect(cached).toContain('/offline.html')
  expect(
    cached.some((p) => p.startsWith('/_astro/')),
    'the page scripts are kept',
  ).toBe(true)
  expect(cached.filter((p) => /^\/(wps|lgw|lotto)\//.test(p))).toEqual([])

  // Offline: an API call fails as the network does (never answered from a cache), and a reload shows
  // the offline page at the same address; back online, its retry brings the page back.
  await context.setOffline(true)
  expect(
    await page.evaluate(() =>
      fetch('/wps/system/status').then(
        (r) => `answered ${r.status}`,
        () => 'failed',
      ),
    ),
  ).toBe('failed')
  const address = page.url()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible()
  expect(page.url()).toBe(address)
  await context.setOffline(false)
  await page.getByRole('link', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { name: 'Slot games' })).toBeVisible({ timeout: 20_000 })
  expect(page.url()).toBe(address)
})

test("the download page's lite entry tells how to install, and installs with the browser's offer where it makes one", async ({ page }) => {
  await skipNoticePopup(page)
  await page.goto('/download')
  await hydrated(page)
  const lite = page.getByRole('article', { name: 'Lite (home screen)' })
  await lite.scrollIntoViewIfNeeded()
  await expect(lite.getByRole('status')).toHaveText(/Add to home screen/)
  // Chromium offers installing (beforeinstallprompt) once, as soon as it deems the site installable:
  // often before the page's islands have loaded. Here it comes as the document is parsed, before any
  // module script runs; the offer is kept, and the entry turns into the install button, which shows
  // the browser's dialog.
  await page.addInitScript(() =>
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => void ((window as unknown as { lkPrompted: boolean }).lkPrompted = true),
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      })
      window.dispatchEvent(offer)
    }),
  )
  await page.reload()
  await hydrated(page)
  await lite.scrollIntoViewIfNeeded()
  await lite.getByRole('button', { name: 'Install the lite app' }).click({ timeout: 30_000 })
  expect(await page.evaluate(() => (window as unknown as { lkPrompted?: boolean }).lkPrompted)).toBe(true)
  await expect(lite.getByRole('status')).toHaveText('The lite app is installed on this device.')
})

/**
 * A private deployment: `site` links to a build as `dist/site` does (scripts/build-site.ts), and the
 * server serves through the link, so a journey can deploy another build under a running server
 * without touching the shared one.
 */
interface Deployment {
  /** The worker's build id of the build served now. */
  build: () => string
  /** Deploys a copy of the served build with a new worker build id, /rng heading and offline page heading, switching the link at once. */
  deployNext: (id: string, headings: { rng: string; offline: string }) => void
}

const workerBuild = (build: string) => /"cache":"lk-lite-([^"]+)"/.exec(readFileSync(join(build, 'sw.js'), 'utf8'))![1]

const deploys = test.extend<{ deployment: Deployment & { link: string } }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it must be written `{}`
  deployment: async ({}, use) => {
    const root = mkdtempSync(join(tmpdir(), 'lk-deploy-'))
    const link = join(root, 'site')
    let current = realpathSync(siteDir)
    symlinkSync(current, link)
    await use({
      link,
      build: () => workerBuild(current),
      deployNext: (id, headings) => {
        const next = join(root, id)
        cpSync(current, next, { recursive: true })
        const edit = (file: string, from: string | RegExp, to: string) => {
          const text = readFileSync(join(next, file), 'utf8')
          const changed = text.replaceAll(from, to)
          if (changed === text) throw new Error(`${file}: nothing to change`)
          writeFileSync(join(next, file), changed)
        }
        edit('sw.js', workerBuild(current), id)
        edit('rng/index.html', /<h1>[^<]*<\/h1>/g, `<h1>${headings.rng}</h1>`)
        edit('offline.html', /<h1>[^<]*<\/h1>/g, `<h1>${headings.offline}</h1>`)
        symlinkSync(next, `${link}.next`)
        renameSync(`${link}.next`, link)
        current = next
      },
    })
    rmSync(root, { recursive: true, force: true })
  },
  // This journey's server serves the private deployment instead of the shared build.
  app: async ({ deployment }, use) => {
    const sandbox = await startSandbox({ staticDir: deployment.link })
    await use({ url: sandbox.url, admin: sandbox.admin, db: sandbox.db })
    await sandbox.close()
  },
})

deploys('the lite app updates itself when a new build is deployed: the new worker takes over and drops the old caches', async ({ page, context, deployment }) => {
  await skipNoticePopup(page)
  await page.goto('/rng')
  await hydrated(page)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 })
  const cacheNames = () => page.evaluate(() => caches.keys())
  const first = deployment.build()
  await expect.poll(cacheNames).toEqual([`lk-lite-${first}`])

  deployment.deployNext(`next${Date.now().toString(36)}`, { rng: 'Slot games, newly deployed', offline: 'Offline in the new build' })
  const next = deployment.build()
  expect(next).not.toBe(first)

  // A reload shows the new build; the browser finds the changed worker, which activates at once and
  // deletes the old build's cache.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Slot games, newly deployed' })).toBeVisible()
  await expect.poll(cacheNames, { timeout: 30_000 }).toEqual([`lk-lite-${next}`])

  // The page is controlled by the new worker: offline, it answers with the new build's offline page.
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Offline in the new build' })).toBeVisible()
  await context.setOffline(false)
})
