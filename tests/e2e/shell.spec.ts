import { readFileSync, readdirSync } from 'node:fs'
import { languagePickAttr, languagePickKey } from '../../sdk/shell/language-pick.ts'
import { test, expect, type App, type Page } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'
import { hydrated, islandsHydrated, settled } from './settled.ts'
import { sessionFor } from './session.ts'
import { exerciseBalance } from './account.ts'

// The notice popup opens once per session over everything; journeys about other parts start with it
// already seen (the popup has its own journey below).
test.beforeEach(async ({ page }, info) => {
  if (info.title.includes('notice popup')) return
  await skipNoticePopup(page)
})

// Every SPEC §2 route (aliases included) must answer 200 HTML from the built site.
const routes = [
  '/',
  '/index',
  '/index.html',
  '/home',
  '/login',
  '/register',
  '/register.html',
  '/forget',
  '/changePassword',
  '/noticePage',
  '/vip',
  '/pointMall',
  '/live',
  '/sports',
  '/esports',
  '/elott',
  '/cockfight',
  '/rng',
  '/rng/pvp',
  '/pvp',
  '/fish',
  '/lottery',
  '/vnlottery',
  '/promotions',
  '/promoDetail',
  '/seamless',
  '/fbsports',
  '/help',
  '/helpmc',
  '/down',
  '/download',
  '/join',
  '/game',
  '/agentHome',
]

/** Logs demo01 in through the API (slider answered from the dev inbox) and returns the session token. */
const apiLogin = (app: App, username = 'demo01', password = 'demo1234') => sessionFor(app.url, { username, password })

/** Starts every page of this test with the session keys in sessionStorage (as after a login). */
async function startSession(page: Page, session: { token: string; userName: string; isAgent: number }) {
  await page.addInitScript((s) => {
    sessionStorage.setItem('token', JSON.stringify(s.token))
    sessionStorage.setItem('account', JSON.stringify(s.userName))
    sessionStorage.setItem('isAgent', JSON.stringify(s.isAgent))
  }, session)
}

test.describe('routes', () => {
  test('every SPEC route answers 200 HTML in both languages', async ({ page }) => {
    for (const route of routes) {
      for (const prefix of ['', '/es']) {
        const path = prefix && route === '/' ? '/es/' : `${prefix}${route}`
        if (prefix && route === '/index.html') continue
        const reply = await page.request.get(path)
        expect(reply.status(), path).toBe(200)
        expect(reply.headers()['content-type'], path).toContain('text/html')
      }
    }
  })

  test('an unknown address shows the not-found page', async ({ page }) => {
    const reply = await page.goto('/no-such-page')
    expect(reply?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/')
  })

  test('lottery pages have no footer or side bars, /helpmc has no header', async ({ page }) => {
    for (const path of ['/lottery', '/vnlottery']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      // The lottery lobby is live (its menu bar; /vnlottery has no provider bar), not a placeholder.
      await expect(page.getByRole('navigation', { name: 'Lottery menus' })).toBeVisible({ timeout: 20_000 })
      await expect(page.locator('footer'), path).toHaveCount(0)
      await expect(page.locator('aside'), `${path}: side bars`).toHaveCount(0)
    }
    // The same shell elsewhere has both side bars (so the check above can fail).
    await page.goto('/help')
    await expect(page.getByRole('complementary')).toHaveCount(2)
    await page.goto('/helpmc')
    await expect(page.locator('header')).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Help centre' })).toBeVisible()
  })

  test('help, promotions and download render fully with JavaScript off', async ({ browser, app }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: app.url })
    const page = await context.newPage()
    await page.goto('/help')
    await expect(page.getByRole('heading', { name: 'Deposits', exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Terms and conditions' }).first()).toBeVisible()
    await page.goto('/promotions')
    await expect(page.getByText('10% welcome bonus up to 200.00')).toBeVisible()
    await page.getByLabel('Rebate').check()
    await expect(page.getByText('10% welcome bonus up to 200.00')).toBeHidden()
    await expect(page.getByText('Daily rebate 1.2% on slots')).toBeVisible()
    await page.goto('/down')
    await expect(page.getByRole('heading', { name: 'iPhone and iPad' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Android' })).toBeVisible()
    await context.close()
  })

  test('/help#terms opens the terms in the help modal', async ({ page }) => {
    await page.goto('/help#terms')
    const dialog = page.getByRole('dialog', { name: 'Terms and conditions' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
  })
})

test.describe('status views', () => {
  test('maintenance shows the maintenance page with customer service', async ({ page, app }) => {
    await app.admin.setStatus({ maintenance: true })
    await page.goto('/')
    const view = page.locator('#lk-status-page')
    await expect(view.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(view.getByRole('button', { name: 'Contact customer service' })).toBeVisible()
    // The app behind it is inert: its links cannot be reached.
    await expect(page.locator('header')).toHaveAttribute('inert', '')
  })

  test('region restriction shows the blocked page with the visitor IP', async ({ page, app }) => {
    await app.admin.setStatus({ regionRestriction: true })
    await page.goto('/help')
    await expect(page.getByRole('heading', { name: 'Access restricted' })).toBeVisible()
    await expect(page.getByText(/Your IP: \S+/)).toBeVisible()
    await expect(page.locator('#lk-status-page').getByRole('button', { name: 'Contact customer service' })).toBeVisible()
  })
})

test.describe('login-only access rule', () => {
  test('a guest is sent to /login without seeing the page, public routes stay open', async ({ page, app }) => {
    await app.admin.setStatus({ loginOnly: true })
    // Record whether the protected heading was ever painted visible before the redirect.
    await page.addInitScript(() => {
      const w = window as unknown as { lkSeen: boolean }
      w.lkSeen = false
      const check = () => {
        const h = document.querySelector('h1')
        if (h && h.textContent?.includes('VIP club') && h.checkVisibility({ visibilityProperty: true })) w.lkSeen = true
      }
      new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true })
      requestAnimationFrame(function loop() {
        check()
        requestAnimationFrame(loop)
      })
    })
    await page.goto('/vip')
    await page.waitForURL('**/login')
    expect(await page.evaluate(() => (window as unknown as { lkSeen: boolean }).lkSeen)).toBe(false)
    // The second visit is decided from the cached status before anything paints.
    await page.goto('/promotions')
    await page.waitForURL('**/login')
    for (const route of ['/helpmc', '/download', '/register']) {
      await page.goto(route)
      await settled(page)
      expect(new URL(page.url()).pathname).toBe(route)
    }
  })

  test('with a session the protected page shows', async ({ page, app }) => {
    await app.admin.setStatus({ loginOnly: true })
    await startSession(page, await apiLogin(app))
    await page.goto('/vip')
    await expect(page.getByRole('heading', { name: 'VIP club' })).toBeVisible()
    expect(new URL(page.url()).pathname).toBe('/vip')
  })
})

test.describe('header', () => {
  test('logged out: login, and register only with DIRECTREG3', async ({ page, app }) => {
    await app.admin.setFlag('DIRECTREG3', false)
    await page.goto('/')
    const header = page.locator('header')
    await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expect(header.getByRole('link', { name: 'Register' })).toHaveCount(0)
    await app.admin.setFlag('DIRECTREG3', true)
    await page.reload()
    await expect(header.getByRole('link', { name: 'Register' })).toBeVisible()
  })

  test('logged in: name, balance with hide and refresh, menu, sign-out with confirmation', async ({ page, app }) => {
    await startSession(page, await apiLogin(app))
    // What the member sees before the header hydrates: no "Log in" offered.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const guest = document.querySelector('.lk-headerbar__guest')
        ;(window as unknown as { lkGuestAtFirstPaint?: string }).lkGuestAtFirstPaint = guest ? (guest.checkVisibility({ visibilityProperty: true }) ? 'shown' : 'hidden') : 'absent'
      })
    })
    await page.goto('/')
    expect(await page.evaluate(() => (window as unknown as { lkGuestAtFirstPaint?: string }).lkGuestAtFirstPaint)).toBe('hidden')
    const header = page.locator('header')
    await exerciseBalance(page)
    // Deposit is one press away beside the balance on a wide screen, and in the menu too.
    await expect(header.getByRole('button', { name: 'Deposit', exact: true })).toBeVisible()
    await header.getByRole('button', { name: 'Account menu' }).click()
    for (const item of ['Betting record', 'Deposit', 'Withdrawal', 'Account record', 'Member centre', 'My account']) {
      await expect(header.getByRole('listitem').getByRole('button', { name: item, exact: true })).toBeVisible()
    }
    await page.keyboard.press('Escape')
    await expect(header.getByRole('button', { name: 'Betting record' })).toBeHidden()
    await header.getByRole('button', { name: 'Sign out' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await dialog
      .getByRole('button')
      .filter({ hasNotText: /cancel/i })
      .last()
      .click()
    await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible()
    // Signing out may still be taking the page home: read the storage once the new page is there.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('token')).catch(() => 'navigating')).toBeNull()
  })

  for (const who of ['member', 'guest'] as const)
    test(`a ${who === 'member' ? 'signed-in' : "guest's"} load moves nothing in the header, on a phone and on a desktop`, async ({ browser, app }) => {
      test.setTimeout(120_000)
      const session = who === 'member' ? await apiLogin(app) : undefined
      for (const screen of [
        { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
        { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
        { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true },
      ]) {
        await test.step(`${screen.viewport.width} px`, async () => {
          const context = await browser.newContext({ ...screen, baseURL: app.url, reducedMotion: 'reduce', serviceWorkers: 'block', timezoneId: 'UTC' })
          const page = await context.newPage()
          await skipNoticePopup(page)
          if (session) await startSession(page, session)
          // Every shift from the first frame on, described when it happens (a node moved then may be gone later).
          await page.addInitScript(() => {
            type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }
            const seen: { value: number; at: number; header: boolean; what: string }[] = []
            ;(window as unknown as { lkShifts: typeof seen }).lkShifts = seen
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as Shift[]) {
                if (e.hadRecentInput) continue
                const nodes = (e.sources ?? []).map((s) => s.node ?? null)
                seen.push({
                  value: e.value,
                  at: Math.round(e.startTime),
                  // A source whose node is already gone cannot be placed: it counts against the header.
                  header: nodes.some((n) => !n || Boolean((n instanceof Element ? n : n.parentElement)?.closest('header') ?? !n.isConnected)),
                  what: nodes.map((n) => (n instanceof Element ? `${n.localName}.${n.className}` : (n?.nodeName ?? 'gone'))).join(', '),
                })
              }
            }).observe({ type: 'layout-shift', buffered: true })
          })
          await page.goto('/')
          const header = page.locator('header')
          // Loaded as the visitor sees it: a member's account area with the balance (a guest's login and
          // register buttons), every island that hydrates by itself, then idle.
          if (session) await expect(header.getByTestId('balance')).toHaveText(/^₱[\d,]+\.\d{2}$/, { timeout: 20_000 })
          else await expect(header.getByRole('link', { name: 'Register' })).toBeVisible({ timeout: 20_000 })
          await islandsHydrated(page)
          await settled(page)
          const shifts = await page.evaluate(() => (window as unknown as { lkShifts: { value: number; at: number; header: boolean; what: string }[] }).lkShifts)
          const inHeader = shifts.filter((s) => s.header).map((s) => `${s.value.toFixed(4)} at ${s.at} ms: ${s.what}`)
          expect(inHeader, `layout shifts in the header of a ${who}'s page at ${screen.viewport.width} px`).toEqual([])
          // The fixed widths still fit: the whole amount shows, and the page does not scroll sideways.
          if (session) expect(await header.getByTestId('balance').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
          expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
          await context.close()
        })
      }
    })
})

test.describe('nav', () => {
  test('categories with provider panels (11 then more), keyboard operable', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible()
    const categories = nav.getByRole('list', { name: 'Game categories' })
    await expect(categories.getByRole('link', { name: 'Slots' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Promotions' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'App download' })).toBeVisible()
    const texts = await categories.getByRole('link').allTextContents()
    // SPEC §4: ESPORTS and COCKFIGHT come right after SPORTS.
    const sports = texts.indexOf('Sports')
    expect(sports).toBeGreaterThanOrEqual(0)
    expect(texts.slice(sports + 1, sports + 3)).toEqual(['Esports', 'Cockfight'])
    const toggle = nav.getByRole('button', { name: 'Slots providers' })
    await toggle.focus()
    await page.keyboard.press('ArrowDown')
    const panel = nav.getByRole('list', { name: 'Slots' })
    await expect(panel).toBeVisible()
    // The seed has more than 11 slot providers: the panel shows the first 11, then 'More'.
    await expect(panel.getByRole('link')).toHaveCount(12)
    await expect(panel.getByRole('link').last()).toHaveText(/More$/)
    await expect(panel.getByRole('link').first()).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    await expect(toggle).toBeFocused()
  })
})

test.describe('banners and notices', () => {
  test('home banners: pagination, autoplay and linkage', async ({ page }) => {
    await page.goto('/')
    const banner = page.getByRole('region', { name: 'Featured' })
    await expect(banner).toBeVisible()
    const dots = banner.getByRole('button', { name: /^Slide \d of \d$/ })
    await expect(dots).toHaveCount(3)
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true')
    await dots.nth(1).click()
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true')
    // Autoplay moves on after 5 s once the pointer leaves.
    await page.mouse.move(0, 0)
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true', { timeout: 7000 })
    await dots.nth(1).click()
    await banner.locator('[data-active="true"] a').click()
    await page.waitForURL('**/rng')
  })

  test('a group with one banner has no pagination; a page without group has no banner', async ({ page }) => {
    await page.goto('/help')
    const banner = page.getByRole('region', { name: 'Featured' })
    await expect(banner.locator('img')).toHaveCount(1)
    await expect(banner.getByRole('button')).toHaveCount(0)
    await page.goto('/join')
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('region', { name: 'Featured' })).toHaveCount(0)
  })

  test('a group whose banners are all gone shows no banner slot', async ({ page, app }) => {
    // The slot is reserved in the static page (so banners arriving shift nothing)…
    await app.db.query("DELETE FROM banners WHERE group_name = 'w_help'")
    await page.goto('/help')
    await page.waitForLoadState('networkidle')
    // …and given up once the group turns out to be empty.
    await expect(page.locator('[data-banner-slot]')).toHaveCount(1)
    await expect(page.locator('[data-banner-slot]')).toBeHidden()
    await expect(page.getByRole('region', { name: 'Featured' })).toHaveCount(0)
  })

  test('jackpot counter on /rng (and the home page, issue 38), not on other pages, growing by 165.11 every 3 s', async ({ page }) => {
    await page.goto('/promotions')
    await expect(page.getByRole('region', { name: 'Jackpot' })).toHaveCount(0)
    await page.goto('/rng')
    const value = page.getByRole('region', { name: 'Jackpot' }).locator('output')
    const read = async () => Number((await value.textContent())!.replace(/[^\d.]/g, ''))
    // The page's first value is the build's; once the counter runs (hydrated), it steps every 3 s.
    const built = await read()
    await expect.poll(read, { timeout: 15_000 }).not.toBe(built)
    const first = await read()
    await expect.poll(read, { timeout: 10_000 }).toBeGreaterThan(first)
    const diff = (await read()) - first
    expect((Math.round((diff / 165.11) * 100) / 100) % 1).toBe(0)
  })

  test.describe('for a visitor who has not asked for less motion', () => {
    // The marquee moves only then (journeys otherwise run with reduced motion: playwright.config.ts).
    test.use({ reducedMotion: 'no-preference' })

    test('notice bar opens the notice modal at that notice; an XSS notice runs nothing', async ({ page, app }) => {
      const payload =
        '<p>Safe text stays.</p><img src=x onerror="window.lkXss=1"><script>window.lkXss=2</script>' +
        '<a href="javascript:window.lkXss=3">tap here</a><svg onload="window.lkXss=4"></svg><p onclick="window.lkXss=5">click me</p>'
      await app.db.query('INSERT INTO notices (id, type, title_en, title_es, content_en, content_es, image, start_time, sort) VALUES ($1, $2, $3, $3, $4, $4, $5, $6, $7)', [
        'N-XSS-1',
        'B',
        'XSS test notice',
        payload,
        '',
        Date.now() - 60_000,
        -1,
      ])
      await page.goto('/')
      const bar = page.getByRole('region', { name: 'Notices' })
      // The marquee pauses while a title has focus, so keyboard users can pick one.
      const item = bar.getByRole('button', { name: 'XSS test notice' })
      // It runs, and pauses under the pointer too.
      await expect(bar.locator('ul')).toHaveCSS('animation-play-state', 'running')
      await bar.hover()
      await expect(bar.locator('ul')).toHaveCSS('animation-play-state', 'paused')
      await page.mouse.move(0, 0)
      await item.focus()
      await expect(bar.locator('ul')).toHaveCSS('animation-play-state', 'paused')
      await item.press('Enter')
      const dialog = page.getByRole('dialog', { name: 'Notices' })
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('tab', { name: 'XSS test notice' })).toHaveAttribute('aria-selected', 'true')
      const panel = dialog.getByRole('tabpanel')
      await expect(panel.getByText('Safe text stays.')).toBeVisible()
      await panel.getByText('tap here').click()
      await panel.getByText('click me').click()
      await settled(page)
      expect(await page.evaluate(() => (window as unknown as { lkXss?: number }).lkXss)).toBeUndefined()
      expect(await panel.locator('script, svg, [onerror], [onclick], [onload], a[href^="javascript"]').count()).toBe(0)
      // Another notice is one click away in the same modal.
      const tabs = dialog.getByRole('tab')
      expect(await tabs.count()).toBeGreaterThan(1)
      await tabs.nth(1).click()
      await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true')
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
    })
  })

  test('the notice popup shows each notice once per browser, a new notice again, and never on /partners', async ({ page, app }) => {
    const popup = (p: Page) => p.getByRole('dialog', { name: 'Announcements' })
    /** Waits until the popup would have opened: islands hydrated, the notices in the bar, the network quiet. */
    const decided = async (p: Page) => {
      await islandsHydrated(p, 60_000)
      await expect(p.getByRole('region', { name: 'Notices' }).getByRole('button').first()).toBeAttached({ timeout: 30_000 })
      await p.waitForLoadState('networkidle')
    }
    // /partners, in a browser that has seen nothing: no popup over its copy buttons.
    await page.goto('/partners')
    await decided(page)
    await expect(popup(page)).toHaveCount(0)

    await page.goto('/')
    await expect(popup(page)).toBeVisible({ timeout: 30_000 })
    await expect(popup(page).getByRole('heading', { name: 'Welcome! 10% on your first deposit' })).toBeVisible()
    await popup(page).getByRole('button', { name: 'Close' }).click()
    await expect(popup(page)).toBeHidden()

    // A second visit in a new tab of the same browser: no popup; the notice is on the notice page.
    const second = await page.context().newPage()
    await second.goto('/noticePage')
    await decided(second)
    await expect(popup(second)).toHaveCount(0)
    await expect(second.locator('main').getByText('Welcome! 10% on your first deposit')).toBeVisible()

    // A new notice shows, alone.
    await app.db.query(
      "INSERT INTO notices (id, type, title_en, title_es, content_en, content_es, start_time, sort) VALUES ('N-PU-E2E', 'PU', 'Weekend cashback is back', 'Vuelve el reembolso de fin de semana', '<p>10% back.</p>', '<p>10%.</p>', $1, 0)",
      [Date.now()],
    )
    const third = await page.context().newPage()
    await third.goto('/help')
    await expect(popup(third)).toBeVisible({ timeout: 30_000 })
    await expect(popup(third).getByRole('heading', { name: 'Weekend cashback is back' })).toBeVisible()
    await expect(popup(third).getByRole('heading', { name: 'Welcome! 10% on your first deposit' })).toHaveCount(0)
  })

  test('the notice popup never opens over a login the visitor has started: the notices wait in the bar, and the next page shows the popup', async ({ page }) => {
    const popup = page.getByRole('dialog', { name: 'Announcements' })
    // The platform's notices come late (a slow network or machine): after the visitor's first press.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/wps/relay/MCSFE_getListAnnouncements**', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/help')
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click()
    const login = page.getByRole('dialog', { name: 'Log in' })
    await expect(login).toBeVisible({ timeout: 30_000 })
    await login.getByLabel('Username', { exact: true }).fill('demo01')
    release()
    await expect(page.getByRole('region', { name: 'Notices' }).getByRole('button', { name: 'Welcome! 10% on your first deposit' })).toBeAttached({ timeout: 30_000 })
    await page.waitForLoadState('networkidle')
    await expect(popup).toHaveCount(0)
    await expect(login.getByLabel('Username', { exact: true })).toBeFocused()
    await expect(login.getByLabel('Username', { exact: true })).toHaveValue('demo01')

    // Nothing was shown, so nothing is marked seen: the next page, left alone, shows the popup.
    await page.unrouteAll()
    await page.goto('/promotions')
    await expect(popup).toBeVisible({ timeout: 30_000 })
    await expect(popup.getByRole('heading', { name: 'Welcome! 10% on your first deposit' })).toBeVisible()
  })
})

test.describe('side bars', () => {
  test('left bar says updating; right bar opens customer service, decrypting the type-3 line', async ({ page }) => {
    await page.goto('/help')
    // The side bars hydrate when the page is idle: a click before that does nothing.
    await islandsHydrated(page)
    await page.getByRole('complementary', { name: 'Extras' }).getByRole('button').first().click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByText('Updating', { exact: true })).toBeVisible()
    await dialog.getByRole('button').first().click()
    const cs = page.getByRole('complementary', { name: 'Customer service' })
    await expect(cs.getByRole('button', { name: 'Live chat' })).toBeVisible()
    // Live chat is the type-3 entry: its address arrives encrypted and opens decrypted in a popup, on
    // the platform's own chat room (it was an example.com host).
    const opened = page.waitForEvent('popup')
    await cs.getByRole('button', { name: 'Live chat' }).click()
    const popup = await opened
    await popup.waitForURL(/\/helpmc#chat$/)
    await expect(popup.getByRole('dialog', { name: 'Chat room' })).toBeVisible({ timeout: 60_000 })
  })
})

test.describe('language and theme', () => {
  const enStrings = () => {
    const read = (lang: string) =>
      Object.assign(
        {},
        ...readdirSync(`locales/${lang}`)
          .filter((f) => f.endsWith('.json'))
          .map((f) => JSON.parse(readFileSync(`locales/${lang}/${f}`, 'utf8'))),
      ) as Record<string, string>
    const en = read('en')
    const es = read('es')
    const spanish = new Set(Object.values(es))
    // Strings that are also Spanish (Esports, VIP) or parts of brand names (Play) are not evidence.
    return Object.entries(en)
      .filter(([key, text]) => text.length >= 5 && es[key] !== undefined && !spanish.has(text) && !/\{/.test(text))
      .map(([, text]) => text)
  }

  test('switching to Spanish leaves no English on the home page and persists', async ({ page }) => {
    await page.goto('/')
    await page.getByLabel('Language').selectOption('es')
    await page.waitForFunction(() => document.documentElement.lang === 'es' && document.readyState === 'complete')
    await expect(page.getByRole('heading', { name: 'Bienvenido al lobby' })).toBeVisible()
    expect(new URL(page.url()).pathname).toBe('/')
    await page.waitForLoadState('networkidle')
    // Providers' names on the game cards ("JILI Games") are brands, not English left in the page.
    const providers = await page.locator('.lk-gamecard__meta > :first-child').allInnerTexts()
    const text = providers.reduce((rest, name) => rest.replaceAll(name, ' '), await page.locator('body').innerText())
    const left = enStrings().filter((s) => new RegExp(`(^|[^\\p{L}])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(text))
    expect(left, 'English strings on the Spanish home page').toEqual([])
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Bienvenido al lobby' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('hisLang'))).toContain('es')
  })

  test('a language picked while the page is still starting is not lost', async ({ browser, app }) => {
    // Eight fresh browser contexts, each loading the page twice: ~33 s alone, more beside another worker.
    test.setTimeout(120_000)
    // Picked at different moments of start-up: before, while and after the header hydrates.
    const lost: string[] = []
    for (const delay of [0, 20, 40, 60, 90, 120, 160, 220]) {
      const context = await browser.newContext({ baseURL: app.url })
      const early = await context.newPage()
      await early.goto('/', { waitUntil: 'commit' })
      // The moment is read on the page's own clock (since its navigation began), not counted from here.
      await early.waitForFunction((ms) => performance.now() >= ms, delay, { polling: 5 })
      await early.getByLabel('Language').selectOption('es')
      // A lost pick leaves the page in English for good; a kept one may take a while on a loaded
      // machine (the header's code loads, then the Spanish page): 20 s tells them apart.
      const kept = await early
        .waitForFunction(() => document.documentElement.lang === 'es' && document.cookie.includes('es'), null, { timeout: 20_000 })
        .then(() => true)
        .catch(() => false)
      // What the page was doing then, so a lost pick says where it was lost.
      if (!kept)
        lost.push(
          `${delay} ms: ${await early
            .evaluate(
              ({ attr, key }) => {
                const header = document.querySelector(`astro-island:has([${attr}])`)
                const select = document.querySelector<HTMLSelectElement>(`[${attr}]`)
                return JSON.stringify({
                  url: location.pathname,
                  lang: document.documentElement.lang,
                  cookie: document.cookie,
                  kept: (window as unknown as Record<string, unknown>)[key],
                  select: select?.value,
                  waiting: header?.hasAttribute('ssr'),
                  busy: header?.querySelector('[aria-busy]') !== null,
                })
              },
              { attr: languagePickAttr, key: languagePickKey },
            )
            .catch((e: Error) => e.message)}`,
        )
      await context.close()
    }
    expect(lost, 'moments (ms after the page began) whose pick was lost').toEqual([])
  })

  test('a language picked before the header’s code has started is applied once it starts', async ({ page }) => {
    // The pick lands as soon as the select is parsed, before the island's directive has attached its
    // listeners (what a loaded phone, or a loaded test machine, meets): only the head script sees it.
    await page.addInitScript((attr) => {
      const seen = new MutationObserver(() => {
        const select = document.querySelector<HTMLSelectElement>(`select[${attr}]`)
        if (!select) return
        seen.disconnect()
        select.value = 'es'
        select.dispatchEvent(new Event('input', { bubbles: true }))
        select.dispatchEvent(new Event('change', { bubbles: true }))
      })
      seen.observe(document, { childList: true, subtree: true })
    }, languagePickAttr)
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', /^es/, { timeout: 20_000 })
  })

  test('a missing or unsupported saved language falls back and is stored', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('lk_seeded')) {
        sessionStorage.setItem('lk_seeded', '1')
        localStorage.setItem('hisLang', 'xx')
      }
    })
    await page.goto('/help')
    // Stored as JSON, the storage module's one form (the head script reads both forms).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('hisLang'))).toBe('"en"')
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('"en"')
    await page.evaluate(() => localStorage.clear())
    await page.goto('/es/help')
    await expect.poll(() => page.evaluate(() => localStorage.getItem('hisLang'))).toBe('"es"')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  })

  test('dark theme applies at once and before first paint on the next page', async ({ page }) => {
    await page.goto('/help')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    // The switch is the header island's: a click before it has hydrated does nothing.
    await hydrated(page)
    await page.getByRole('button', { name: 'Dark theme' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    // Record the theme when <body> first appears: before any island script can run.
    await page.addInitScript(() => {
      const w = window as unknown as { lkFirstTheme?: string }
      new MutationObserver((_, observer) => {
        if (!document.body) return
        w.lkFirstTheme = document.documentElement.dataset.theme
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto('/promotions')
    expect(await page.evaluate(() => (window as unknown as { lkFirstTheme?: string }).lkFirstTheme)).toBe('dark')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  })
})
