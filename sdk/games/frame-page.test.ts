import { beforeAll, describe, expect, it, vi } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { signInCounting } from '../../tests/support/sdk-login.ts'
import { createFramePage, type FrameWindow } from './frame-page.ts'

// The iframe game page's store against the reference platform: the launch address read once and
// taken out of the address bar, and only the framed game's round reports refreshing the balance.

const { sb } = sandboxForFile()
let asked: string[] = []
beforeAll(async () => {
  asked = await signInCounting(sb, 'demo01', 'demo1234')
})

/** A window at `search` on the sandbox's origin: its address bar and its message listeners. */
function fakeWindow(search: string) {
  const target = new EventTarget()
  const origin = new URL(sb.url).origin
  const replaced: string[] = []
  const win: FrameWindow = {
    location: { search, pathname: '/game', hash: '#top', origin },
    history: { state: null, replaceState: (_state: unknown, _title: string, url?: string | URL | null) => void replaced.push(String(url)) },
    addEventListener: target.addEventListener.bind(target) as FrameWindow['addEventListener'],
    removeEventListener: target.removeEventListener.bind(target) as FrameWindow['removeEventListener'],
  }
  const post = (data: unknown, from: { origin?: string; source?: unknown } = {}) =>
    target.dispatchEvent(Object.assign(new Event('message'), { data, origin: from.origin ?? origin, source: from.source ?? null }))
  return { win, replaced, post, origin }
}

const balanceAsks = () => asked.filter((a) => a.startsWith('/wps/v2/wallets/balance')).length

describe('createFramePage', () => {
  it('frames the launch address of this origin and takes it out of the address bar, once', async () => {
    const { win, replaced, origin } = fakeWindow('?url=%2Fsandbox%2Fgames%2Fdemo%3Ft%3Dsecret&lang=es')
    const page = createFramePage('url', win)
    const stop = page.$address.listen(() => {})
    await vi.waitFor(() => expect(page.$address.get()).toEqual({ ok: true, url: `${origin}/sandbox/games/demo?t=secret` }))
    expect(replaced).toEqual(['/game?lang=es#top'])
    page.retry()
    await vi.waitFor(() => expect(page.$address.get()?.ok).toBe(true))
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
    const stopFirst = first.$address.listen(() => {})
    await vi.waitFor(() => expect(first.$address.get()).toEqual({ ok: true, url: `${origin}/sandbox/games/demo?t=again` }))
    expect(win.location.search).toBe('')
    stopFirst()
    const again = createFramePage('url', win)
    const stop = again.$address.listen(() => {})
    await vi.waitFor(() => expect(again.$address.get()).toEqual({ ok: true, url: `${origin}/sandbox/games/demo?t=again` }))
    stop()
  })

  it('refuses an address of another origin and a seamless page without a game', async () => {
    const other = createFramePage('url', fakeWindow('?url=https%3A%2F%2Fevil.example%2Fgame').win)
    const stop = other.$address.listen(() => {})
    await vi.waitFor(() => expect(other.$address.get()).toEqual({ ok: false, reason: 'missing' }))
    stop()
    const seamless = createFramePage('seamless', fakeWindow('').win)
    const stop2 = seamless.$address.listen(() => {})
    await vi.waitFor(() => expect(seamless.$address.get()).toEqual({ ok: false, reason: 'missing' }))
    stop2()
  })

  it('refreshes the balance on a round from the framed game only, while watched', async () => {
    const { win, post } = fakeWindow('?url=%2Fsandbox%2Fgames%2Fdemo')
    const page = createFramePage('url', win)
    const game = {} as Window
    page.watchFrame(() => game)
    const stop = page.$address.listen(() => {})
    const before = balanceAsks()
    post({ type: 'lk:round' }, { source: {} })
    post({ type: 'lk:round' }, { source: game, origin: 'https://evil.example' })
    post({ type: 'other' }, { source: game })
    await new Promise((r) => setTimeout(r, 300))
    expect(balanceAsks()).toBe(before)
    post({ type: 'lk:round' }, { source: game })
    await vi.waitFor(() => expect(balanceAsks()).toBeGreaterThan(before))
    stop()
    // nanostores unmounts a store one second after its last listener left.
    await new Promise((r) => setTimeout(r, 1_500))
    const unmounted = balanceAsks()
    post({ type: 'lk:round' }, { source: game })
    await new Promise((r) => setTimeout(r, 300))
    expect(balanceAsks()).toBe(unmounted)
  })
})
