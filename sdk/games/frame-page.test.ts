import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { putSetting } from '../../sandbox/settings.ts'
import { signInCounting } from '../../tests/support/sdk-login.ts'
import { $balance, refreshBalance } from '../stores/index.ts'
import { createFramePage, frameProblem, type FrameWindow } from './frame-page.ts'

// The iframe game page's store against the reference platform: the launch address read once and
// taken out of the address bar, only the framed game's round reports (from the origin it was framed
// from) refreshing the balance, the balance asked again when the game closes, and no listener left.

const { sb } = sandboxForFile()
let asked: string[] = []
/** The game CDN: the sandbox's own, named by its full address, so a page on another origin frames it. */
let cdn = ''
beforeAll(async () => {
  asked = await signInCounting(sb, 'demo01', 'demo1234')
  cdn = `${sb.url}/sandbox/cdn1`
  await putSetting(sb.db, 'cdn', { imageCDNs: [cdn], launchGameCDNs: [cdn] })
})

/** A window at `search` on `origin` (the sandbox's by default): its address bar, history and message listeners, counted. */
function fakeWindow(search: string, { origin = new URL(sb.url).origin, referrer = '', length = 2 } = {}) {
  const target = new EventTarget()
  const replaced: string[] = []
  const listening = { message: 0 }
  opened.push(listening)
  let backs = 0
  const win: FrameWindow = {
    location: { search, pathname: '/game', hash: '#top', origin },
    history: {
      state: null,
      length,
      back: () => void backs++,
      replaceState: (_state: unknown, _title: string, url?: string | URL | null) => void replaced.push(String(url)),
    },
    document: { referrer },
    addEventListener: (type: string, listener: EventListenerOrEventListenerObject) => {
      if (type === 'message') listening.message++
      target.addEventListener(type, listener)
    },
    removeEventListener: (type: string, listener: EventListenerOrEventListenerObject) => {
      if (type === 'message') listening.message--
      target.removeEventListener(type, listener)
    },
  }
  const post = (data: unknown, from: { origin?: string; source?: unknown } = {}) =>
    target.dispatchEvent(Object.assign(new Event('message'), { data, origin: from.origin ?? origin, source: from.source ?? null }))
  return { win, replaced, post, origin, listening, backs: () => backs }
}

const balanceAsks = () => asked.filter((a) => a.startsWith('/wps/v2/wallets/balance')).length
/**
 * How many asks of the balance are under way: a round report the page takes asks at once (its ask
 * listens to the balance as it starts), so a report it refuses is seen refused as it is posted.
 */
const asking = () => $balance.lc
/** The message listeners of every window a test made (see {@link fakeWindow}). */
const opened: { message: number }[] = []

/**
 * Shows `page` as its island does; the function returned closes it as an island's removal does, and
 * runs nanostores' unmount delay on a fake clock, so the store closes (and asks for the balance) now.
 */
function show(page: ReturnType<typeof createFramePage>): () => void {
  const stop = page.$address.listen(() => {})
  return () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      stop()
      vi.runAllTimers()
    } finally {
      vi.useRealTimers()
    }
  }
}

describe('createFramePage', () => {
  // A page's store closes as its test ends (see show): its balance ask must land before the next test
  // counts. Waited for: every window left without a listener, then an ask of our own, which ends after
  // any ask under way.
  afterEach(async () => {
    try {
      await vi.waitFor(() => expect(opened.every((l) => l.message === 0)).toBe(true), { timeout: 10_000 })
    } finally {
      opened.length = 0
    }
    await refreshBalance()
  })

  it('frames the launch address of this origin and takes it out of the address bar, once', async () => {
    const { win, replaced, origin } = fakeWindow('?url=%2Fsandbox%2Fgames%2Fdemo%3Ft%3Dsecret&lang=es')
    const page = createFramePage('url', win)
    const stop = show(page)
    await vi.waitFor(() => expect(page.$address.get()).toEqual({ ok: true, url: `${origin}/sandbox/games/demo?t=secret` }), { timeout: 30_000 })
    expect(replaced).toEqual(['/game?lang=es#top'])
    page.retry()
    await vi.waitFor(() => expect(page.$address.get()?.ok).toBe(true), { timeout: 30_000 })
    expect(replaced).toHaveLength(1)
    stop()
  })

  it('frames the same game in a store made again for the page (a re-rendered view), whose address no longer has it', async () => {
    const { win, origin } = fakeWindow('?url=%2Fsandbox%2Fgames%2Fdemo%3Ft%3Dagain')
    // This window's address bar follows replaceState, as a browser's does.
    win.history.replaceState = (_state: unknown, _title: string, url?: string | URL | null) => {
      win.location.search = new URL(String(url), origin).search
    }
    const first = createFramePage('url', win)
    // Left to nanostores' delay, as a re-rendered view leaves it: both stores are open for a moment.
    const stopFirst = first.$address.listen(() => {})
    await vi.waitFor(() => expect(first.$address.get()).toEqual({ ok: true, url: `${origin}/sandbox/games/demo?t=again` }), { timeout: 30_000 })
    expect(win.location.search).toBe('')
    stopFirst()
    const again = createFramePage('url', win)
    const stop = show(again)
    await vi.waitFor(() => expect(again.$address.get()).toEqual({ ok: true, url: `${origin}/sandbox/games/demo?t=again` }), { timeout: 30_000 })
    stop()
  })

  it('refuses an address of another origin and a seamless page without a game, with no retry offered', async () => {
    const other = createFramePage('url', fakeWindow('?url=https%3A%2F%2Fevil.example%2Fgame').win)
    const stop = show(other)
    await vi.waitFor(() => expect(other.$address.get()).toEqual({ ok: false, reason: 'missing' }), { timeout: 30_000 })
    stop()
    const seamless = createFramePage('seamless', fakeWindow('').win)
    const stop2 = show(seamless)
    await vi.waitFor(() => expect(seamless.$address.get()).toEqual({ ok: false, reason: 'missing' }), { timeout: 30_000 })
    expect(frameProblem({ ok: false, reason: 'missing' })).toEqual({ messageKey: 'lobby_frame_missing', retry: false })
    stop2()
  })

  it("shows a launch refusal with the platform's message and a retry that asks again", async () => {
    // PG-0008 is seeded under maintenance.
    const page = createFramePage('seamless', fakeWindow('?nodeId=PG-0008').win)
    const stop = show(page)
    await vi.waitFor(() => expect(page.$address.get()?.ok).toBe(false), { timeout: 10_000 })
    const refused = page.$address.get()
    if (refused?.ok !== false || refused.reason !== 'error') throw new Error(`expected a refusal, got ${JSON.stringify(refused)}`)
    expect(frameProblem(refused)).toEqual({ messageKey: refused.error.messageKey, retry: true })
    const launches = asked.filter((a) => a.includes('launchGame')).length
    page.retry()
    expect(page.$address.get()).toBeUndefined()
    await vi.waitFor(() => expect(page.$address.get()?.ok).toBe(false), { timeout: 30_000 })
    expect(asked.filter((a) => a.includes('launchGame')).length).toBe(launches + 1)
    stop()
  })

  it('refreshes the balance on a round from the framed game only, while watched', async () => {
    const { win, post, listening } = fakeWindow('?url=%2Fsandbox%2Fgames%2Fdemo')
    const page = createFramePage('url', win)
    const game = {} as Window
    page.watchFrame(() => game)
    const stop = show(page)
    await vi.waitFor(() => expect(page.$address.get()?.ok).toBe(true), { timeout: 30_000 })
    const before = balanceAsks()
    const idle = asking()
    post({ type: 'lk:round' }, { source: {} })
    post({ type: 'lk:round' }, { source: game, origin: 'https://evil.example' })
    post({ type: 'other' }, { source: game })
    expect(asking()).toBe(idle)
    expect(balanceAsks()).toBe(before)
    post({ type: 'lk:round' }, { source: game })
    expect(asking()).toBe(idle + 1)
    await vi.waitFor(() => expect(balanceAsks()).toBeGreaterThan(before), { timeout: 30_000 })
    const rounds = balanceAsks()
    stop()
    // An ask as the game closes, then none for a round: nothing listens any more.
    await vi.waitFor(() => expect(balanceAsks()).toBeGreaterThan(rounds), { timeout: 10_000 })
    expect(listening.message).toBe(0)
    const closed = asking()
    post({ type: 'lk:round' }, { source: game })
    expect(asking()).toBe(closed)
  })

  it('trusts no round report while it frames no game window', async () => {
    const { win, post } = fakeWindow('?url=%2Fsandbox%2Fgames%2Fdemo')
    const page = createFramePage('url', win)
    const stop = show(page)
    await vi.waitFor(() => expect(page.$address.get()?.ok).toBe(true), { timeout: 30_000 })
    const before = balanceAsks()
    // Another window of the same origin (a tab this page opened, a frame of an ad) posting a round.
    const idle = asking()
    post({ type: 'lk:round' }, { source: {} })
    expect(asking()).toBe(idle)
    expect(balanceAsks()).toBe(before)
    stop()
  })

  it('takes the rounds of a game on a launch CDN of another origin from exactly that origin', async () => {
    const game = {} as Window
    const { win, post, origin } = fakeWindow(`?url=${encodeURIComponent(`${cdn}/play/abc`)}`, { origin: 'http://lobby.test' })
    const page = createFramePage('url', win)
    page.watchFrame(() => game)
    const stop = show(page)
    await vi.waitFor(() => expect(page.$address.get()).toEqual({ ok: true, url: `${cdn}/play/abc` }), { timeout: 30_000 })
    const before = balanceAsks()
    // The page's own origin is not the game's.
    const idle = asking()
    post({ type: 'lk:round' }, { source: game, origin })
    expect(asking()).toBe(idle)
    expect(balanceAsks()).toBe(before)
    post({ type: 'lk:round' }, { source: game, origin: new URL(cdn).origin })
    await vi.waitFor(() => expect(balanceAsks()).toBeGreaterThan(before), { timeout: 30_000 })
    stop()
  })

  it('asks for the balance again when the game closes, and leaves no listener however often it is shown', async () => {
    const { win, listening } = fakeWindow('?url=%2Fsandbox%2Fgames%2Fdemo')
    const page = createFramePage('url', win)
    for (let shown = 0; shown < 3; shown++) {
      const stop = show(page)
      expect(listening.message).toBe(1)
      await vi.waitFor(() => expect(page.$address.get()?.ok).toBe(true), { timeout: 30_000 })
      const before = balanceAsks()
      stop()
      await vi.waitFor(() => expect(listening.message).toBe(0), { timeout: 3_000 })
      await vi.waitFor(() => expect(balanceAsks()).toBeGreaterThan(before), { timeout: 3_000 })
    }
  })

  it('goes back only to a page of this site', () => {
    const origin = new URL(sb.url).origin
    const here = fakeWindow('', { referrer: `${origin}/rng` })
    expect(createFramePage('url', here.win).back()).toBe(true)
    expect(here.backs()).toBe(1)
    // A site whose name begins like this one's is another site.
    const lookalike = fakeWindow('', { referrer: `${origin}.evil.example/rng` })
    expect(createFramePage('url', lookalike.win).back()).toBe(false)
    const fresh = fakeWindow('', { referrer: `${origin}/rng`, length: 1 })
    expect(createFramePage('url', fresh.win).back()).toBe(false)
    expect(lookalike.backs() + fresh.backs()).toBe(0)
  })
})
