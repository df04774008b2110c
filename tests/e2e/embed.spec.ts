import { readFileSync, readdirSync } from 'node:fs'
import type { FrameLocator } from 'playwright'
import { test as partnerTest, expect, type App, type Page, type PartnerSite } from './partner.ts'
import { registrationByUsername } from './registration.ts'
import { gapPercent, solveSliderByKeyboard } from './slider.ts'
import { agent, clientFor, demo, sessionFor, signedIn } from './session.ts'
import { handoffChallenge, newHandoffVerifier } from '../../sdk/contract/handoff.ts'
import { dismissNoticePopups, skipNoticePopup } from './popups.ts'

// Journeys on a partner's page: the demo partner site on a second origin, under a strict CSP with
// Trusted Types required, embedding the brand with the snippet from /partners.

const test = partnerTest.extend({
  page: async ({ page }, use) => {
    // Every CSP or Trusted Types violation on the partner page (or in the frames) is a failure.
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __lkViolations: string[] }).__lkViolations = [])
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`))
    })
    await use(page)
    for (const frame of page.frames()) {
      const seen = await frame.evaluate(() => (window as unknown as { __lkViolations?: string[] }).__lkViolations ?? []).catch(() => [])
      expect(seen, `CSP violations in ${frame.url()}`).toEqual([])
    }
  },
})

const slow = { timeout: 30_000 }
/** Every message key of the English texts (locales/en/*.json). */
const messageKeys = () =>
  new Set(
    readdirSync('locales/en')
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => Object.keys(JSON.parse(readFileSync(`locales/en/${f}`, 'utf8')))),
  )
// A partner page loads the brand's code, a frame and its form: more than a site page on a loaded machine.
test.describe.configure({ timeout: 120_000 })
const shadow = (page: Page, tag: string) => page.locator(tag)

/** Solves slide-to-verify with the keyboard, as a keyboard user would (the gap's place from the dev inbox). */
async function solveSlider(frame: FrameLocator, app: App): Promise<void> {
  await solveSliderByKeyboard(frame.getByRole('slider', { name: 'Slide to verify' }), async () => gapPercent(await app.admin.inbox()))
}

async function captchaAnswer(app: App): Promise<string> {
  const inbox = (await app.admin.inbox()) as unknown as { captcha: { answer: string }[] }
  return inbox.captcha[0].answer
}

test('every element renders on the partner page; removing them releases their timers, listeners and observers, and re-adding them works', async ({ page, partner }) => {
  // Every element twice over (shown, removed, shown again, removed again): more than one journey's time.
  test.slow()
  await page.addInitScript(() => {
    // What an element could leave behind on the partner's page once removed, counted as it is made
    // and released: intervals (store timers like the jackpot's tick and the lottery's countdowns),
    // pending long timeouts (a store's next refresh), listeners on window and document, and
    // observed targets of Mutation, Resize and Intersection observers.
    const intervals = new Set<unknown>()
    const timeouts = new Set<unknown>()
    const [setI, clearI, setT, clearT] = [window.setInterval.bind(window), window.clearInterval.bind(window), window.setTimeout.bind(window), window.clearTimeout.bind(window)]
    window.setInterval = ((fn: TimerHandler, ms?: number, ...rest: unknown[]) => {
      const id = setI(fn, ms, ...rest)
      intervals.add(id)
      return id
    }) as typeof window.setInterval
    window.clearInterval = ((id?: number) => {
      intervals.delete(id)
      clearI(id)
    }) as typeof window.clearInterval
    window.setTimeout = ((fn: TimerHandler, ms?: number, ...rest: unknown[]) => {
      if (!ms || ms < 1000) return setT(fn, ms, ...rest)
      const id: number = setT(
        (...args: unknown[]) => {
          timeouts.delete(id)
          return typeof fn === 'function' ? (fn as (...a: unknown[]) => unknown)(...args) : undefined
        },
        ms,
        ...rest,
      )
      timeouts.add(id)
      return id
    }) as typeof window.setTimeout
    window.clearTimeout = ((id?: number) => {
      timeouts.delete(id)
      clearT(id)
    }) as typeof window.clearTimeout
    const listeners = new Map<string, Set<unknown>>()
    const add = EventTarget.prototype.addEventListener
    const remove = EventTarget.prototype.removeEventListener
    const nameOf = (target: EventTarget) => (target === window ? 'window' : target === document ? 'document' : undefined)
    const capture = (options: unknown) => (typeof options === 'boolean' ? options : Boolean((options as { capture?: boolean } | undefined)?.capture))
    EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
      const name = nameOf(this)
      if (name && listener && !(options as { once?: boolean } | undefined)?.once) {
        const key = `${name} ${type} ${capture(options)}`
        if (!listeners.has(key)) listeners.set(key, new Set())
        listeners.get(key)!.add(listener)
      }
      return add.call(this, type, listener as EventListener, options as AddEventListenerOptions)
    }
    EventTarget.prototype.removeEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
      const name = nameOf(this)
      if (name) listeners.get(`${name} ${type} ${capture(options)}`)?.delete(listener)
      return remove.call(this, type, listener as EventListener, options as EventListenerOptions)
    }
    const observed = new Map<object, Set<unknown>>()
    for (const kind of ['MutationObserver', 'ResizeObserver', 'IntersectionObserver'] as const) {
      const proto = (window[kind] as unknown as { prototype: Record<string, (...args: unknown[]) => unknown> }).prototype
      const [observe, unobserve, disconnect] = [proto.observe, proto.unobserve, proto.disconnect]
      proto.observe = function (this: object, target: unknown, ...rest: unknown[]) {
        if (!observed.has(this)) observed.set(this, new Set())
        observed.get(this)!.add(target)
        return observe.call(this, target, ...rest)
      }
      if (unobserve)
        proto.unobserve = function (this: object, target: unknown) {
          observed.get(this)?.delete(target)
          return unobserve.call(this, target)
        }
      proto.disconnect = function (this: object) {
        observed.delete(this)
        return disconnect.call(this)
      }
    }
    ;(window as unknown as { __lkLive: () => object }).__lkLive = () => ({
      intervals: intervals.size,
      timeouts: timeouts.size,
      listeners: [...listeners.values()].reduce((n, set) => n + set.size, 0),
      observed: [...observed.values()].reduce((n, set) => n + set.size, 0),
    })
  })
  const ready: string[] = []
  await page.exposeFunction('lkReady', (tag: string) => ready.push(tag))
  await page.addInitScript(() => document.addEventListener('lk:ready', (e) => (window as unknown as { lkReady: (t: string) => void }).lkReady((e.target as Element).localName)))
  // Every key-like word any element's shadow root ever shows, from its first render on: the texts
  // must be there before anything is (a key such as `lobby_all_vendors` is also wider than its text).
  // The message catalogue comes late here, as on a slow connection: held until the first screen's
  // elements have run their code and drawn a frame, so an element that renders before its texts would show.
  let releaseCatalogue = () => {}
  const catalogueHeld = new Promise<void>((resolve) => (releaseCatalogue = resolve))
  await page.route(/\/embed\/[^/]+\/chunks\/catalog-[\w-]+\.js$/, async (route) => {
    await catalogueHeld
    await route.continue()
  })
  await page.addInitScript(() => {
    const seen = new Set<string>()
    ;(window as unknown as { __lkKeyLike: Set<string> }).__lkKeyLike = seen
    const attach = Element.prototype.attachShadow
    Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
      const root = attach.call(this, init)
      const tag = this.localName
      new MutationObserver(() => {
        // Text node by text node: the root's whole text runs neighbouring words together.
        const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
        for (let node = texts.nextNode(); node; node = texts.nextNode()) {
          for (const word of node.nodeValue?.match(/\b[a-z]+(?:_[a-z0-9]+)+\b/g) ?? []) seen.add(`${tag}: ${word}`)
        }
      }).observe(root, { subtree: true, childList: true, characterData: true })
      return root
    }
  })
  await page.goto(partner.url)
  await page.waitForFunction(() => ['lk-jackpot', 'lk-games'].every((tag) => customElements.get(tag)), undefined, slow)
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  releaseCatalogue()

  await expect(shadow(page, 'lk-jackpot').getByText('Jackpot')).toBeVisible(slow)
  await expect(shadow(page, 'lk-jackpot').locator('output')).toHaveText(/^₱\d{1,3}(,\d{3})+\.\d{2}$/)
  const games = shadow(page, 'lk-games')
  await expect(games.getByRole('list', { name: 'Game list' }).getByRole('listitem')).toHaveCount(6, slow)
  await expect(games.getByRole('search')).toBeVisible()
  const keys = messageKeys()
  const keyLike = await page.evaluate(() => [...(window as unknown as { __lkKeyLike: Set<string> }).__lkKeyLike])
  expect(
    keyLike.filter((seen) => keys.has(seen.split(': ')[1])),
    'message keys shown by an element',
  ).toEqual([])
  await expect(shadow(page, 'lk-register').frameLocator('iframe').getByRole('button', { name: 'Register', exact: true })).toBeVisible(slow)
  await expect(shadow(page, 'lk-login').frameLocator('iframe').getByRole('button', { name: 'Log in', exact: true })).toBeVisible(slow)
  await page.locator('lk-promotions').scrollIntoViewIfNeeded()
  await expect(shadow(page, 'lk-promotions').getByRole('link').first()).toHaveAttribute('href', /^http:\/\/127\.0\.0\.1:\d+\/promoDetail\?id=/, slow)
  await page.locator('lk-lobby').scrollIntoViewIfNeeded()
  await expect(shadow(page, 'lk-winners').getByRole('heading', { name: 'Winners' })).toBeVisible(slow)
  await expect(shadow(page, 'lk-lobby').getByRole('tab', { name: 'Fishing' })).toBeVisible(slow)
  // lk-lottery starts from the deep link's state in its attributes: EL_F3_1 shown selected, counting down.
  await page.locator('lk-lottery').scrollIntoViewIfNeeded()
  const lottery = shadow(page, 'lk-lottery')
  const selected = lottery.getByRole('region', { name: 'Selected game' }).getByRole('listitem', { name: 'Fast 3 · 1 min' })
  await expect(selected.getByRole('timer').first()).toHaveText(/^\d+:\d{2}$|^Closed$/, slow)
  await expect.poll(() => [...new Set(ready)].sort(), slow).toEqual(['lk-games', 'lk-jackpot', 'lk-lobby', 'lk-login', 'lk-lottery', 'lk-promotions', 'lk-register', 'lk-winners'])
  // Its Bet opens that game's betting screen on the brand site, with the affiliate code.
  const [betting] = await Promise.all([page.context().waitForEvent('page'), selected.getByRole('button', { name: 'Bet' }).click()])
  await expect.poll(() => betting.url()).toMatch(/\/lottery\?gameCode=EL_F3_1&view=betting&affiliateCode=AG01INVITE$/)
  await betting.close()

  // A game picked opens the brand's games page in a new tab, with the affiliate code.
  const [tab] = await Promise.all([page.context().waitForEvent('page'), games.getByRole('list', { name: 'Game list' }).getByRole('button').first().click()])
  await expect.poll(() => tab.url()).toMatch(/\/rng\/rng\?nodeId=[^&]+&affiliateCode=AG01INVITE$/)
  await tab.close()

  type Live = { intervals: number; timeouts: number; listeners: number; observed: number }
  const live = () => page.evaluate(() => (window as unknown as { __lkLive: () => Live }).__lkLive())
  const all = 'main lk-jackpot, main lk-games, main lk-lobby, main lk-winners, main lk-promotions, main lk-register, main lk-login, main lk-lottery'
  const shown = await live()
  expect(shown.intervals).toBeGreaterThan(0)
  await page.evaluate((selector) => {
    const placed = [...document.querySelectorAll(selector)].map((el) => [el, el.parentElement!] as const)
    ;(window as unknown as { __lkPlaced: typeof placed }).__lkPlaced = placed
    for (const [el] of placed) el.remove()
  }, all)
  // Removed: no timer ticks on, and what they listened to and observed is released.
  await expect.poll(live, slow).toMatchObject({ intervals: 0, timeouts: 0 })
  const removed = await live()
  expect(removed.listeners).toBeLessThan(shown.listeners)

  // Added back, they show again (the jackpot ticks, the list and the frames are there) …
  await page.evaluate(() => {
    for (const [el, parent] of (window as unknown as { __lkPlaced: [Element, Element][] }).__lkPlaced) parent.append(el)
  })
  await expect(shadow(page, 'lk-jackpot').locator('output')).toHaveText(/^₱\d{1,3}(,\d{3})+\.\d{2}$/, slow)
  await expect(games.getByRole('list', { name: 'Game list' }).getByRole('listitem')).toHaveCount(6, slow)
  await expect(shadow(page, 'lk-login').frameLocator('iframe').getByRole('button', { name: 'Log in', exact: true })).toBeVisible(slow)
  await expect(selected.getByRole('timer').first()).toHaveText(/^\d+:\d{2}$|^Closed$/, slow)
  const again = await live()
  expect(again.intervals).toBeGreaterThan(0)
  expect(again.listeners).toBeGreaterThan(removed.listeners)
  // … and removed again, they leave exactly what the first removal left.
  await page.evaluate((selector) => {
    for (const el of document.querySelectorAll(selector)) el.remove()
  }, all)
  await expect.poll(live, slow).toEqual(removed)
})

test('the loader defines every element at once and loads only the code of the elements in the page; a stand-in becomes its element in place', async ({ page, partner }) => {
  const chunks: string[] = []
  page.on('request', (request) => {
    const m = /\/embed\/v1\/chunks\/([\w.]+?)-[\w-]+\.js$/.exec(request.url())
    if (m) chunks.push(m[1])
  })
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${partner.url}/jackpot-only`)

  // The command queued before the loader (Spanish), the listener and the dark theme set on the stand-in all hold.
  const jackpot = page.locator('lk-jackpot')
  await expect(jackpot.getByText('Bote', { exact: true })).toBeVisible(slow)
  await expect.poll(() => page.evaluate(() => (window as unknown as { __lkEarly: string[] }).__lkEarly)).toEqual(['lk-jackpot'])
  expect(await jackpot.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(11, 19, 36)')
  // Every tag was defined as soon as the loader ran (loaded twice: defined once, no error).
  expect(await page.evaluate(() => (window as unknown as { __lkDefined: string[] }).__lkDefined)).toEqual([
    'lk-games',
    'lk-lobby',
    'lk-promotions',
    'lk-jackpot',
    'lk-winners',
    'lk-register',
    'lk-login',
    'lk-lottery',
  ])
  // Only the jackpot's code came: no React, no game list, no lobby.
  expect(chunks).toContain('jackpot.element')
  expect(chunks.filter((name) => /element$|^react/.test(name) && name !== 'jackpot.element')).toEqual([])

  // An lk-games made before its code is there, with an attribute, a property and a listener, upgrades when added.
  await page.evaluate(() => {
    const games = document.createElement('lk-games') as HTMLElement & { vendor?: string }
    games.setAttribute('page-size', '3')
    games.addEventListener('lk:ready', () => ((window as unknown as { __lkGamesReady: boolean }).__lkGamesReady = true))
    document.body.append(games)
  })
  const games = page.locator('lk-games')
  // In the page's language from the queued config.
  await expect(games.getByRole('list', { name: 'Lista de juegos' }).getByRole('listitem')).toHaveCount(3, slow)
  await expect.poll(() => page.evaluate(() => (window as unknown as { __lkGamesReady?: boolean }).__lkGamesReady)).toBe(true)
  expect(chunks).toContain('games.element')
  expect(chunks).not.toContain('lobby.element')
  // The stand-in observes every attribute the element does, so attribute changes reach it after the upgrade.
  for (const tag of ['lk-jackpot', 'lk-games']) {
    const [stand, own] = await page
      .locator(tag)
      .evaluate((el) => [
        [...(customElements.get(el.localName) as unknown as { observedAttributes: string[] }).observedAttributes].sort(),
        [...(Object.getPrototypeOf(el) as { constructor: { observedAttributes: string[] } }).constructor.observedAttributes].sort(),
      ])
    expect(stand, tag).toEqual(own)
  }
  await games.evaluate((el) => el.setAttribute('page-size', '2'))
  await expect(games.getByRole('list', { name: 'Lista de juegos' }).getByRole('listitem')).toHaveCount(2, slow)
  expect(errors).toEqual([])
})

test("a partner's page loads first: an element's code is asked for after the page's load event, its chunks and its texts all at once", async ({ page, partner }) => {
  await page.goto(`${partner.url}/article-games`)
  await expect(page.locator('lk-games').getByRole('list', { name: 'Game list' }).getByRole('listitem')).toHaveCount(6, slow)
  // The list may show from its first paint (HTML from the brand's server) before any code: wait for the code.
  const chunkNames = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => /\/embed\/v1\/chunks\/([\w.]+)-[\w-]+\.js$/.exec(e.name)?.[1])
        .filter((n) => n === 'games.element' || n === 'react'),
    )
  await expect.poll(async () => (await chunkNames()).sort(), slow).toEqual(['games.element', 'react'])
  const timing = await page.evaluate(() => {
    const loaded = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd
    const chunks = performance
      .getEntriesByType('resource')
      .filter((e) => /\/embed\/v1\/chunks\/(games\.element|react|core|games|catalog|common|lobby)-[\w-]+\.js$/.test(e.name))
      .map((e) => ({ name: e.name.replace(/^.*\/chunks\/([\w.]+)-.*$/, '$1'), start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd }))
    return { loaded, chunks }
  })
  // The texts (the message catalogue, and the English common and lobby messages) come with the code.
  expect(timing.chunks.map((c) => c.name).sort()).toEqual(['catalog', 'common', 'core', 'games', 'games.element', 'lobby', 'react'])
  for (const chunk of timing.chunks) expect(chunk.start, chunk.name).toBeGreaterThanOrEqual(timing.loaded)
  // React, the rest and the texts are asked for before the element's own chunk has arrived (no waterfall).
  const element = timing.chunks.find((c) => c.name === 'games.element')!
  for (const chunk of timing.chunks) expect(chunk.start, chunk.name).toBeLessThan(element.end)
})

test('a player registers in the frame with the affiliate code and opens the brand site signed in, once', async ({ app, page, partner }) => {
  const registered: unknown[] = []
  await page.exposeFunction('lkRegistered', (detail: unknown) => registered.push(detail))
  await page.addInitScript(() =>
    document.addEventListener('lk:registered', (e) => (window as unknown as { lkRegistered: (d: unknown) => void }).lkRegistered((e as CustomEvent).detail)),
  )
  await registrationByUsername(app)
  await page.goto(partner.url)
  const frame = shadow(page, 'lk-register').frameLocator('iframe')
  const username = `p${Date.now().toString(36)}`.slice(0, 12)
  await frame.getByLabel('Username', { exact: true }).fill(username)
  await finishRegistration(app, frame, username)
  // The partner page learns the username, and nothing else.
  await expect.poll(() => registered).toEqual([{ method: 'username', username }])
  // The frame grew to its content: no inner scroll bar.
  const sizes = await page.locator('lk-register iframe').evaluate((f: HTMLIFrameElement) => [f.clientHeight, f.contentDocument?.documentElement.scrollHeight ?? -1])
  expect(sizes[1]).toBe(-1) // cross-origin: the partner cannot read the frame
  expect(sizes[0]).toBeGreaterThan(100)

  let redeemed: { code?: string; verifier?: string } = {}
  page.context().on('request', (request) => {
    if (request.url().endsWith('/wps/embed/handoff/redeem')) redeemed = request.postDataJSON() as { code?: string; verifier?: string }
  })
  const [brand] = await Promise.all([page.waitForEvent('popup'), frame.getByRole('button', { name: 'Play now' }).click()])
  await brand.waitForURL(`${app.url}/`, slow)
  await expect(brand.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible(slow)
  expect(brand.url()).not.toContain('code=')
  const [member] = await app.db.query<{ upline: string }>('SELECT u.username AS upline FROM members m JOIN members u ON u.id = m.upline_id WHERE m.username = $1', [username])
  expect(member?.upline).toBe('agent01')

  // The same code again (an address someone kept) signs no one in.
  expect(redeemed.code).toMatch(/^[\w-]{20,}$/)
  const again = await page.request.post(`${app.url}/wps/embed/handoff/redeem`, {
    data: { code: redeemed.code, verifier: redeemed.verifier },
    headers: { Merchant: 'LOBBYKIT', Device: 'WEB', Language: 'en' },
  })
  expect(again.status()).toBe(401)
  expect(((await again.json()) as { code: string }).code).toBe('handoff_invalid')
})

test('a handoff link minted in another browser signs no one in, and a signed-in tab asks before switching accounts', async ({ app, page }) => {
  // The attacker mints a code for their own account, keeping the verifier, and sends the victim the link.
  const attacker = clientFor(app.url, (await sessionFor(app.url, { username: 'member11', password: 'member1234' })).token)
  const attackerVerifier = newHandoffVerifier()
  const stolen = await attacker.api('embedHandoff', { challenge: await handoffChallenge(attackerVerifier) })
  await signedIn(page, app.url, demo)
  await page.goto(`${app.url}/embed/v1/frame/handoff#code=${stolen.code}`)
  // No frame in this browser holds its verifier: the page gives up and the tab stays demo01's.
  await expect(page.getByText('was not opened from where you signed in')).toBeVisible({ timeout: 40_000 })
  expect(await page.evaluate(() => sessionStorage.getItem('account'))).toBe('"demo01"')

  // A code of agent02's, handed over by a window of the brand origin that holds its verifier (as the
  // embed frame does), opened in a tab already signed in as demo01: it asks, it does not switch.
  const own = clientFor(app.url, (await sessionFor(app.url, { username: 'agent02', password: 'agent1234' })).token)
  const verifier = newHandoffVerifier()
  const { code } = await own.api('embedHandoff', { challenge: await handoffChallenge(verifier) })
  await page.goto(`${app.url}/help`)
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate(
      ({ code, verifier }) => {
        const opened = window.open(`/embed/v1/frame/handoff#code=${code}`, '_blank')
        const offer = setInterval(() => opened?.postMessage({ lobbykit: 1, type: 'handoff', code, verifier, username: 'agent02' }, location.origin), 200)
        setTimeout(() => clearInterval(offer), 20_000)
      },
      { code, verifier },
    ),
  ])
  await expect(tab.getByRole('heading', { name: 'Continue as agent02?' })).toBeVisible(slow)
  expect(await tab.evaluate(() => sessionStorage.getItem('account'))).toBe('"demo01"')
  await tab.getByRole('button', { name: 'Continue as agent02' }).click()
  await tab.waitForURL(`${app.url}/`, slow)
  await expect.poll(() => tab.evaluate(() => sessionStorage.getItem('account')), slow).toBe('"agent02"')
})

interface InboxSms {
  mobileNum: string
  code?: string
  purpose: string
}
let serial = 0
/** A mobile number of `digits` digits no other journey uses. */
const freshMobile = (digits: number): string => `9${String(Date.now() % 1e8).padStart(8, '0')}${serial++}`.slice(0, digits).padEnd(digits, '7')

/** Waits for the newest registration code the dev inbox holds for `mobile`. */
async function registrationCode(app: App, mobile: string): Promise<string> {
  let code = ''
  await expect
    .poll(async () => {
      const sms = ((await app.admin.inbox()) as unknown as { sms: InboxSms[] }).sms
      code = sms.find((m) => m.mobileNum.replace(/\D/g, '').endsWith(mobile) && m.purpose === 'register')?.code ?? ''
      return code
    }, slow)
    .toMatch(/^\d{6}$/)
  return code
}

/** The register frame on the partner's join page, with the `lk:error` and `lk:registered` details it sent. */
async function joinPage(page: Page, partner: PartnerSite) {
  const events: { name: string; detail: { code?: string; message?: string; username?: string } }[] = []
  await page.exposeFunction('lkEvent', (name: string, detail: never) => events.push({ name, detail }))
  await page.addInitScript(() => {
    for (const name of ['lk:error', 'lk:registered'])
      document.addEventListener(name, (e) => (window as unknown as { lkEvent: (n: string, d: unknown) => void }).lkEvent(name, (e as CustomEvent).detail))
  })
  await page.goto(`${partner.url}/join`)
  return { frame: shadow(page, 'lk-register').frameLocator('iframe'), events }
}

/** Mobile number, "Get code" (after the slider), the code from the inbox: the SMS part of a registration. */
async function mobileAndCode(app: App, frame: FrameLocator): Promise<string> {
  const countries = ((await (await fetch(`${app.url}/wps/system/countries`)).json()) as { value: { countryCode: string; mobileDigits: number }[] }).value
  const status = (await (await fetch(`${app.url}/wps/system/status`)).json()) as { value: { location: { countryCode: string } } }
  const country = countries.find((c) => c.countryCode === status.value.location.countryCode) ?? countries[0]
  const mobile = freshMobile(country.mobileDigits)
  await expect(frame.getByRole('combobox', { name: 'Country code' })).toBeVisible(slow)
  await frame.getByLabel('Mobile number', { exact: true }).fill(mobile)
  await frame.getByRole('button', { name: 'Get code' }).click()
  await solveSlider(frame, app)
  await frame.getByLabel('Verification code', { exact: true }).fill(await registrationCode(app, mobile))
  return mobile
}

/**
 * Password twice, the captcha when shown, Register and the slider (`slider` false: a registration
 * with an SMS code, whose send took the flow's one check); then the frame greets `username`.
 */
async function finishRegistration(app: App, frame: FrameLocator, username: string, { slider = true } = {}): Promise<void> {
  await frame.getByLabel('Password', { exact: true }).fill('secret12')
  await frame.getByLabel('Confirm password', { exact: true }).fill('secret12')
  const captcha = frame.getByLabel('Captcha', { exact: true })
  if (await captcha.isVisible()) {
    await expect(frame.getByRole('img', { name: 'Captcha characters' })).toBeVisible()
    await captcha.fill(await captchaAnswer(app))
  }
  await frame.getByRole('button', { name: 'Register', exact: true }).last().click()
  if (slider) await solveSlider(frame, app)
  await expect(frame.getByRole('heading', { name: `Welcome, ${username}!` })).toBeVisible(slow)
}

test('on the default seeded settings a player registers in the frame by mobile with the SMS code, and every refusal reaches the host as lk:error', async ({
  app,
  page,
  partner,
}) => {
  // A slide-to-verify check, an SMS code and a password hash: more than a journey's time on a loaded machine.
  test.slow()
  const { frame, events } = await joinPage(page, partner)
  // The default: mobile first, username beside it, SMS code on, the country picker shown.
  await expect(frame.getByRole('radio', { name: 'By mobile number' })).toBeChecked(slow)
  await expect(frame.getByRole('button', { name: 'Get code' })).toBeVisible()
  // A refusal before any call: the fields say it, and so does lk:error on the partner page.
  await frame.getByRole('button', { name: 'Register', exact: true }).last().click()
  await expect.poll(() => events.filter((e) => e.name === 'lk:error').map((e) => e.detail.code)).toContain('invalid_fields')
  expect(events.find((e) => e.name === 'lk:error')?.detail.message).toMatch(/Mobile number: /)
  // A refusal of the platform (a wrong SMS code) reaches the host with its code.
  const mobile = await mobileAndCode(app, frame)
  await frame.getByLabel('Verification code', { exact: true }).fill('000000')
  await frame.getByLabel('Password', { exact: true }).fill('secret12')
  await frame.getByLabel('Confirm password', { exact: true }).fill('secret12')
  const captcha = frame.getByLabel('Captcha', { exact: true })
  if (await captcha.isVisible()) await captcha.fill(await captchaAnswer(app))
  // One human check per flow: the code's send had the slider, Register asks no second one.
  await frame.getByRole('button', { name: 'Register', exact: true }).last().click()
  await expect.poll(() => events.filter((e) => e.name === 'lk:error').length, slow).toBeGreaterThan(1)
  await expect(frame.getByRole('slider')).toHaveCount(0)
  const refused = events.filter((e) => e.name === 'lk:error').at(-1)!.detail
  expect(refused.code).not.toBe('')
  expect(refused.message).not.toBe('')
  // What the player typed is kept; the right code goes through.
  await expect(frame.getByLabel('Mobile number', { exact: true })).toHaveValue(mobile)
  await frame.getByLabel('Verification code', { exact: true }).fill(await registrationCode(app, mobile))
  await finishRegistration(app, frame, mobile, { slider: false })
  // The partner page learns that a player signed up by mobile, never the number.
  await expect.poll(() => events.filter((e) => e.name === 'lk:registered').map((e) => e.detail)).toEqual([{ method: 'mobile' }])
})

test('on the default seeded settings a player registers in the frame by username with what the rules ask: no mobile number, no SMS code, one visible slider in the system font', async ({
  app,
  page,
  partner,
}) => {
  const { frame, events } = await joinPage(page, partner)
  // The type switch is a radio group of labelled tabs: the player clicks the tab.
  await frame.locator('label', { hasText: 'By username' }).click(slow)
  await expect(frame.getByRole('radio', { name: 'By username' })).toBeChecked()
  // The partner page sets no --lk-font: the form is in the system's UI font, not the browser's serif default.
  expect(await frame.locator('form').evaluate((form) => getComputedStyle(form).fontFamily)).toMatch(/^system-ui/)
  // What the rules only offer (a number with no code to prove it, a birthday…) waits, folded, behind one line.
  await expect(frame.getByText('More about you (optional)')).toBeVisible()
  await expect(frame.getByLabel('Mobile number', { exact: true })).toBeHidden()
  await expect(frame.getByLabel('Birthday', { exact: true })).toBeHidden()
  await expect(frame.getByLabel('Verification code', { exact: true })).toHaveCount(0)
  await expect(frame.getByLabel('Captcha', { exact: true })).toHaveCount(0)
  const username = `q${Date.now().toString(36)}`.slice(0, 12)
  await frame.getByLabel('Username', { exact: true }).fill(username)
  await frame.getByLabel('Password', { exact: true }).fill('secret12')
  await frame.getByLabel('Confirm password', { exact: true }).fill('secret12')
  await frame.getByRole('button', { name: 'Register', exact: true }).last().click()
  // The slider's handle is a round, coloured thing to grab (it was a bare 1000×44 strip): drawn, in the track, with the focus.
  const handle = frame.getByRole('slider', { name: 'Slide to verify' })
  await expect(handle).toBeFocused(slow)
  const look = await handle.evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, width: el.getBoundingClientRect().width, cursor: getComputedStyle(el).cursor }))
  expect(look.background).not.toBe('rgba(0, 0, 0, 0)')
  expect(look).toMatchObject({ width: 40, cursor: 'grab' })
  await solveSlider(frame, app)
  await expect(frame.getByRole('heading', { name: `Welcome, ${username}!` })).toBeVisible(slow)
  await expect.poll(() => events.filter((e) => e.name === 'lk:registered').map((e) => e.detail)).toEqual([{ method: 'username', username }])
  const [member] = await app.db.query<{ upline: string }>('SELECT u.username AS upline FROM members m JOIN members u ON u.id = m.upline_id WHERE m.username = $1', [username])
  expect(member?.upline).toBe('agent01')
})

test('a game picked in an embed opens that game on the brand site once the player has logged in there', async ({ app, page, partner }) => {
  // The brand tab opens as a browser that has seen the notice popup (not what this is about).
  await skipNoticePopup(page.context())
  const picked: string[] = []
  await page.exposeFunction('lkLaunched', (name: string) => picked.push(name))
  await page.addInitScript(() =>
    document.addEventListener('lk:launch', (e) => (window as unknown as { lkLaunched: (n: string) => void }).lkLaunched((e as CustomEvent).detail.gameName)),
  )
  await page.goto(`${partner.url}/article-games`)
  const games = shadow(page, 'lk-games')
  const first = games.getByRole('list', { name: 'Game list' }).getByRole('button').first()
  await first.scrollIntoViewIfNeeded()
  const [tab] = await Promise.all([page.context().waitForEvent('page'), first.click(slow)])
  // A guest: the brand site asks for a login first, naming the game picked, which is not forgotten meanwhile.
  const login = tab.getByRole('dialog', { name: 'Log in' })
  await expect(login).toBeVisible(slow)
  expect(picked).toHaveLength(1)
  await expect(login.getByText(`Log in to play ${picked[0]}`, { exact: true })).toBeVisible(slow)
  await login.getByLabel('Username', { exact: true }).fill('demo01')
  await login.getByLabel('Password', { exact: true }).fill('demo1234')
  await login.getByRole('button', { name: 'Log in', exact: true }).last().click()
  await solveSliderByKeyboard(tab.getByRole('slider', { name: 'Slide to verify' }), async () => gapPercent(await app.admin.inbox()))
  // The game page; its store then takes the launch address (a live game token) out of the address bar.
  await expect(tab).toHaveURL(/\/game\/?(\?url=.*)?$/, slow)
  await expect(tab.frameLocator('iframe[title="Game"]').getByRole('button', { name: 'Spin' })).toBeVisible(slow)
})

test("the partner's page is theirs: its storage untouched, its root font size ignored, its :root tokens applied in the elements and their frames, which fit a phone", async ({
  app,
  page,
  partner,
}) => {
  // The elements' reads of the brand, as the partner's page sends them (the frames' own calls are same-origin).
  const reads: { url: string; headers: Record<string, string> }[] = []
  page.on('request', (request) => {
    if (request.frame() === page.mainFrame() && /^\/(wps|lgw|lotto)\//.test(new URL(request.url()).pathname) && request.url().startsWith(app.url))
      reads.push({ url: request.url(), headers: request.headers() })
  })
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto(`${partner.url}/theirs`)
  const games = shadow(page, 'lk-games')
  const first = games.getByRole('list', { name: 'Game list' }).getByRole('listitem').first()
  await expect(first).toBeVisible(slow)
  const frame = shadow(page, 'lk-register').frameLocator('iframe')
  const submit = frame.getByRole('button', { name: 'Register', exact: true }).last()
  await expect(submit).toBeVisible(slow)
  // Every read is a simple request (no custom header, so no preflight): the values travel in the query.
  // (lk-games and lk-lottery read nothing at first: their first replies come with their first paint;
  // their reads follow once hydrated: the phone's list scrolling on, the lottery's poll.)
  await expect.poll(() => reads.length, slow).toBeGreaterThan(0)
  for (const read of reads) {
    expect(
      Object.keys(read.headers).filter((h) => ['merchant', 'language', 'device', 'authorization'].includes(h)),
      read.url,
    ).toEqual([])
    expect(new URL(read.url).searchParams.get('_merchant'), read.url).toBe('LOBBYKIT')
  }
  // Its storage keeps what it had, and nothing of the brand.
  const storage = await page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage } }))
  expect(storage).toEqual({ local: { lang: 'de-DE' }, session: { cart: '3' } })
  // html { font-size: 62.5% } does not shrink the element: its text keeps the site's sizes.
  const size = await first.locator('.lk-gamecard__name').evaluate((name) => Number.parseFloat(getComputedStyle(name).fontSize))
  expect(size, 'a game name at the site size (0.85 × 16 px)').toBeCloseTo(13.6, 1)
  // --lk-primary on :root reaches the element's own controls, and the frame's form.
  const purple = 'rgb(138, 43, 226)'
  const painted = await page.locator('lk-games').evaluate((host, colour) => {
    const all = [...(host.shadowRoot?.querySelectorAll('*') ?? [])]
    return all.some((el) => getComputedStyle(el).backgroundColor === colour)
  }, purple)
  expect(painted, 'an lk-games control in the partner colour').toBe(true)
  await expect.poll(() => submit.evaluate((b) => getComputedStyle(b).backgroundColor), slow).toBe(purple)
  expect(await submit.evaluate((b) => getComputedStyle(b).borderTopLeftRadius)).toBe('0px')
  expect(await submit.evaluate((b) => getComputedStyle(b).fontFamily)).toMatch(/Georgia/)
  // Phones: the frame is as wide as its element and its form has nothing to scroll sideways.
  for (const width of [390, 360, 320]) {
    await page.setViewportSize({ width, height: 800 })
    const [element, inner] = await Promise.all([
      page.locator('lk-register').evaluate((e) => [e.getBoundingClientRect().width, e.shadowRoot!.querySelector('iframe')!.getBoundingClientRect().width]),
      frame.locator('html').evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]),
    ])
    expect(element[1], `frame width at ${width}`).toBeLessThanOrEqual(element[0])
    await expect.poll(() => frame.locator('html').evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `form fits at ${width}: ${inner}`).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `page width at ${width}`).toBeLessThanOrEqual(width)
  }
  // lk-lottery takes page-size: a first screen of games, more on demand.
  const lottery = shadow(page, 'lk-lottery').getByRole('region', { name: 'Games' }).or(shadow(page, 'lk-lottery').locator('section[aria-labelledby="lk-lot-games"]'))
  await page.locator('lk-lottery').scrollIntoViewIfNeeded()
  await expect(lottery.getByRole('listitem')).toHaveCount(3, slow)
  await shadow(page, 'lk-lottery').getByRole('button', { name: 'Show more games' }).click()
  await expect(lottery.getByRole('listitem')).toHaveCount(6)
})

test('a hostile host: polluted prototypes, bold CSS, the loader twice, two lists with their own filters, live language and theme', async ({ page, partner }) => {
  await page.goto(`${partner.url}/hostile`)
  const [first, second] = [page.locator('#first lk-games'), page.locator('#second lk-games')]
  for (const list of [first, second]) await expect(list.getByRole('list', { name: 'Game list' }).getByRole('listitem')).toHaveCount(4, slow)
  // The host page's own <html> is the host's: no theme (or anything else) written on it.
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBeNull()
  // Loaded twice, defined once (a second define would have thrown into the page).
  expect(await page.evaluate(() => [typeof customElements.get('lk-games'), (window as unknown as { Lobbykit: { version: string } }).Lobbykit.version])).toEqual([
    'function',
    '0.0.0',
  ])

  // Each list keeps its own filters.
  await first.getByRole('searchbox', { name: 'Search by game name' }).fill('Dragon')
  await first.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(first.getByRole('status').filter({ hasText: /games$/ })).not.toHaveText('8,800 games', slow)
  await expect(second.getByRole('status').filter({ hasText: /games$/ })).toHaveText('8,800 games')
  await expect(second.getByRole('searchbox', { name: 'Search by game name' })).toHaveValue('')

  // The page's `* { … !important }`, `button` and `input` rules do not reach inside.
  const look = await first.getByRole('button', { name: 'Search', exact: true }).evaluate((b) => {
    const s = getComputedStyle(b)
    return { font: s.fontFamily, color: s.color, transform: s.textTransform, border: s.borderTopStyle }
  })
  expect(look.font).not.toMatch(/Comic/)
  expect(look.color).not.toBe('rgb(255, 0, 255)')
  expect(look.transform).toBe('none')
  expect(look.border).not.toBe('dashed')

  // Language and theme switch live, per element: each element shows its own language, and a change
  // re-renders that element only.
  const jackpot = page.locator('lk-jackpot')
  await expect(jackpot.getByText('Jackpot', { exact: true })).toBeVisible()
  await jackpot.evaluate((el) => el.setAttribute('lang', 'es'))
  await expect(jackpot.getByText('Bote', { exact: true })).toBeVisible(slow)
  await first.evaluate((el) => el.setAttribute('lang', 'es'))
  await expect(first.getByRole('list', { name: 'Lista de juegos' }).getByRole('listitem')).toHaveCount(4, slow)
  await expect(first.getByRole('searchbox', { name: 'Buscar por nombre de juego' })).toBeVisible()
  await expect(second.getByRole('list', { name: 'Game list' }).getByRole('listitem')).toHaveCount(4)
  await expect(second.getByRole('searchbox', { name: 'Search by game name' })).toBeVisible()
  await expect(jackpot.getByText('Bote', { exact: true })).toBeVisible()
  // Back to English: the first list follows, the jackpot keeps its Spanish.
  await first.evaluate((el) => el.removeAttribute('lang'))
  await expect(first.getByRole('list', { name: 'Game list' }).getByRole('listitem')).toHaveCount(4, slow)
  await expect(jackpot.getByText('Bote', { exact: true })).toBeVisible()
  await jackpot.evaluate((el) => el.setAttribute('lang', 'en'))
  await expect(jackpot.getByText('Jackpot', { exact: true })).toBeVisible(slow)

  const background = (list: typeof first) => () => list.evaluate((el) => getComputedStyle(el).backgroundColor)
  const light = await background(second)()
  await second.evaluate((el) => el.setAttribute('theme', 'dark'))
  await expect.poll(background(second)).not.toBe(light)
  expect(await background(second)()).toBe('rgb(11, 19, 36)')
  expect(await background(first)()).toBe(light)
  // `auto` follows the system's colour scheme as it changes.
  await first.evaluate((el) => el.setAttribute('theme', 'auto'))
  await page.emulateMedia({ colorScheme: 'light' })
  await expect.poll(background(first)).toBe(light)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(background(first)).toBe('rgb(11, 19, 36)')
  await page.emulateMedia({ colorScheme: 'light' })
  await expect.poll(background(first)).toBe(light)
})

test('/partners fits a 390 px phone: its snippet, SRI hash and CSP recipe wrap instead of widening the page', async ({ app, page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`${app.url}/partners`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText(/integrity="sha384-/)).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  // The reference speaks the page's language: Spanish descriptions on /es/partners.
  await page.goto(`${app.url}/es/partners`)
  const games = page.locator('section').filter({ has: page.getByRole('heading', { name: '<lk-games>', exact: true }) })
  await expect(games.getByText('Una lista de juegos con barra de proveedores, búsqueda, filtros y paginación.')).toBeVisible()
  await expect(games.getByText('Juegos por página, de 1 a 100 (por defecto 15).')).toBeVisible()
})

test('/partners is pasteable: this install’s origin in every code block, copy buttons, EMBED_ORIGINS, commands, types and a changelog, no stray backticks', async ({
  app,
  page,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url })
  await dismissNoticePopups(page)
  await page.goto(`${app.url}/partners`)
  const snippet = page.locator('lk-partner-code').first()
  await expect(snippet.locator('code')).toContainText(`<script type="module" src="${app.url}/embed/v1/lobbykit.js" crossorigin></script>`)
  await expect(page.locator('main')).not.toContainText('brand.example')
  await snippet.getByRole('button', { name: 'Copy' }).click()
  await expect(snippet.getByRole('status')).toHaveText('Copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`${app.url}/embed/v1/lobbykit.js`)
  await expect(page.getByRole('heading', { name: 'What the brand configures' })).toBeVisible()
  await expect(page.getByText('EMBED_ORIGINS=https://partner.example')).toBeVisible()
  await expect(page.getByText("Lobbykit.q.push(['config'")).toBeVisible()
  // The reference and the changelog show code as code, never as Markdown backticks.
  const prose = await page.locator('main dd, main li, main p').allInnerTexts()
  expect(prose.filter((text) => text.includes('`'))).toEqual([])
  await expect(page.getByRole('heading', { name: 'Changelog' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Next version' })).toBeVisible()
  // The declarations are served as TypeScript and type window.Lobbykit.
  const dts = await page.request.get(`${app.url}/embed/v1/lobbykit.d.ts`)
  expect(dts.headers()['content-type']).toBe('application/typescript; charset=utf-8')
  expect(await dts.text()).toContain('Lobbykit: LobbykitGlobal')
  const manifest = (await (await page.request.get(`${app.url}/embed/v1/custom-elements.json`)).json()) as { modules: unknown[] }
  expect(manifest.modules).toHaveLength(8)
})

test("an affiliate's placement: the impression, the game click, the registration in the frame and the first deposit show in the agent centre, each once", async ({
  app,
  page,
  partner,
}) => {
  // This one is about the counting (the SMS journeys are above).
  await registrationByUsername(app)
  await page.goto(`${partner.url}/funnel`)
  const first = shadow(page, 'lk-games').getByRole('list', { name: 'Game list' }).getByRole('button').first()
  await expect(first).toBeVisible(slow)
  // A refresh shows the elements again: the same visitor is counted once.
  await page.reload()
  await expect(first).toBeVisible(slow)
  const [tab] = await Promise.all([page.context().waitForEvent('page'), first.click()])
  await tab.close()
  const frame = shadow(page, 'lk-register').frameLocator('iframe')
  const username = `f${Date.now().toString(36)}`.slice(0, 12)
  await frame.getByLabel('Username', { exact: true }).fill(username)
  await finishRegistration(app, frame, username)
  // Two paid deposits, as the gateway's paid callback leaves them (the money journeys pay through the gateway): one first deposit.
  const [member] = await app.db.query<{ id: string }>('SELECT id FROM members WHERE username = $1', [username])
  const now = Date.now()
  for (const n of [1, 2])
    await app.db.query(
      `INSERT INTO deposit_orders (id, member_id, idempotency_key, channel, method, amount, status, reference, created_at, expires_at, settled_at)
       VALUES ($1, $2, $1, 'bank', 'bank', 10000, 'paid', $1, $3, $4, $3)`,
      [`dep_e2e_${n}_${now}`, member.id, now + n, now + 60_000],
    )

  const centre = await page.context().newPage()
  await skipNoticePopup(centre)
  await signedIn(centre, app.url, agent)
  await centre.goto(`${app.url}/agentHome`)
  await centre.getByRole('button', { name: 'Open the agent center' }).click(slow)
  const dialog = centre.getByRole('dialog', { name: 'Agent centre' })
  await dialog.getByRole('navigation', { name: 'Agent centre pages' }).getByRole('button', { name: 'Account registration', exact: true }).click(slow)
  const funnel = dialog.getByRole('region', { name: 'What your embedded widgets bring' })
  await expect(funnel.getByRole('row').filter({ hasText: 'home-top' })).toHaveCount(1, slow)
  const row = funnel.getByRole('row').filter({ hasText: 'home-top' })
  // Date, code, sub-id, then impressions (lk-games and lk-register), clicks, registrations, first deposits.
  await expect(row.getByRole('cell')).toHaveText(['AG01INVITE', 'home-top', '2', '1', '1', '1'])
})
