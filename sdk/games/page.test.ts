import { atom } from 'nanostores'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/testing.ts'
import type { GameType } from '../contract/index.ts'
import { configure } from '../runtime/index.ts'
import { createStorage } from '../storage/index.ts'
import { $loginPrompt, setSession } from '../stores/index.ts'
import { loginAs } from '../../tests/support/sdk-login.ts'
import { gameList } from './index.ts'
import { createLauncher } from './launcher.ts'
import type { GameList } from './list.ts'
import { createGamesPage, vendorFromAddress } from './page.ts'

// The games page's decisions against the reference platform's menus, with the page's address in a
// stand-in window: which tab the list opens on, the search an address brought, the tab kept in the
// address, and the launch link taken out of it once.

let sb: Sandbox
beforeAll(async () => {
  sb = await startSandbox()
  configure({ baseURL: sb.url, storage: createStorage() })
})
afterAll(() => sb?.close())

let address: URL
function openAt(search: string): void {
  address = new URL(`http://site.test/rng${search}`)
  vi.stubGlobal('window', {
    get location() {
      return { href: address.href, search: address.search }
    },
    history: { state: null, replaceState: (_: unknown, __: string, url: URL | string) => void (address = new URL(String(url))) },
  })
  // nanoquery listens for focus and reconnection once a window exists.
  vi.stubGlobal('addEventListener', () => {})
  vi.stubGlobal('removeEventListener', () => {})
}
afterEach(() => {
  vi.unstubAllGlobals()
  setSession({ gameVendor: undefined, token: undefined })
  $loginPrompt.set(null)
})

/** A list that records what the page asks of it. */
function recordingList() {
  const calls: string[] = []
  const list = {
    $state: atom({ name: '', vendor: '' }),
    open: async (type: GameType, vendor = '') => void calls.push(`open ${type} ${vendor}`),
    searchName: async (term: string) => (calls.push(`search ${term}`), true),
    setVendor: async (vendor: string) => void calls.push(`vendor ${vendor}`),
  } as unknown as GameList
  return { list, calls }
}

/** Shows the page (as its island does) until it has opened the list; answers what it did and how to leave. */
async function show(page: ReturnType<typeof createGamesPage>, calls: string[]) {
  const stop = page.$opened.listen(() => {})
  await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0), { timeout: 10_000 })
  await new Promise((resolve) => setTimeout(resolve, 0))
  return stop
}

describe('games page', () => {
  it('reads the vendor tab of an address: vassalage, else a vendor code or a tab number', () => {
    const vendors = [{ vassalage: 'PG' }, { vassalage: 'JILI' }]
    expect(vendorFromAddress('?vassalage=FG', vendors)).toBe('FG')
    expect(vendorFromAddress('?page=jili', vendors)).toBe('JILI')
    expect(vendorFromAddress('?page=2', vendors)).toBe('JILI')
    expect(vendorFromAddress('?page=3', vendors)).toBeUndefined()
    expect(vendorFromAddress('?page=0', vendors)).toBeUndefined()
    expect(vendorFromAddress('', vendors)).toBeUndefined()
  })

  it("opens the list once, on the address's tab number once the menus name the vendors, with the address's search", async () => {
    openAt('?page=2&gameName=dragon')
    const { list, calls } = recordingList()
    const page = createGamesPage({ list, gameType: 'RNG', syncAddress: true })
    expect(page.$vendorsLoading.get(), 'the vendor bar keeps room while the menus load').toBe(true)
    const stop = await show(page, calls)
    expect(page.$vendorsLoading.get()).toBe(false)
    const second = page.$vendors.get()[1]?.vassalage
    expect(second).toBeTruthy()
    expect(calls).toEqual([`open RNG ${second}`, 'search dragon'])
    expect(page.$opened.get()).toEqual({ name: 'dragon' })
    // Shown again after it unmounted (a remount: nanostores' unmount delays run on a fake clock): once
    // its menus are in, when it would open, it has not opened a second time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      stop()
      vi.runAllTimers()
    } finally {
      vi.useRealTimers()
    }
    const again = page.$opened.listen(() => {})
    await vi.waitFor(() => expect(page.$vendorsLoading.get()).toBe(false), { timeout: 10_000 })
    expect(calls).toHaveLength(2)
    again()
  })

  it('opens on the provider a launch remembered when this page lists it, else on every vendor', async () => {
    openAt('')
    const { list, calls } = recordingList()
    const probe = createGamesPage({ list, gameType: 'RNG', syncAddress: true })
    const stopProbe = await show(probe, calls)
    // With nothing to check against them, the list opens before the menus are in: wait for them here
    // (an earlier test may have loaded them already, or not).
    await vi.waitFor(() => expect(probe.$vendorsLoading.get()).toBe(false), { timeout: 10_000 })
    const vendor = probe.$vendors.get()[0]?.vassalage
    expect(vendor).toBeTruthy()
    stopProbe()

    setSession({ gameVendor: vendor })
    const remembered = recordingList()
    const stop = await show(createGamesPage({ list: remembered.list, gameType: 'RNG', syncAddress: true }), remembered.calls)
    expect(remembered.calls).toEqual([`open RNG ${vendor}`])
    stop()

    setSession({ gameVendor: 'NOT-ON-THIS-PAGE' })
    const other = recordingList()
    const stopOther = await show(createGamesPage({ list: other.list, gameType: 'RNG', syncAddress: true }), other.calls)
    expect(other.calls).toEqual(['open RNG '])
    stopOther()
  })

  it('keeps the tab in the address and takes the launch link out of it once; an embed leaves the address alone', async () => {
    openAt('?page=1&nodeId=PG-0001')
    const { list, calls } = recordingList()
    const page = createGamesPage({ list, gameType: 'RNG', syncAddress: true })
    expect(page.takeLaunchId()).toBe('PG-0001')
    expect(address.searchParams.has('nodeId')).toBe(false)
    expect(page.takeLaunchId()).toBeUndefined()
    await page.selectVendor('JILI')
    expect(address.search).toBe('?vassalage=JILI')
    await page.selectVendor('')
    expect(address.search).toBe('')
    expect(calls).toEqual(['vendor JILI', 'vendor '])

    openAt('?nodeId=PG-0001&vassalage=PG')
    const embed = recordingList()
    const embedded = createGamesPage({ list: embed.list, gameType: 'FISH', syncAddress: false, vendor: 'FG' })
    expect(embedded.takeLaunchId()).toBeUndefined()
    const stop = await show(embedded, embed.calls)
    expect(embed.calls).toEqual(['open FISH FG'])
    await embedded.selectVendor('JILI')
    expect(address.search).toBe('?nodeId=PG-0001&vassalage=PG')
    stop()
  })

  it('offers the hot list only when the type has hot games and favourites only to a member; recent games ask a guest to log in', async () => {
    openAt('')
    const { list, calls } = recordingList()
    const page = createGamesPage({ list, gameType: 'RNG', syncAddress: true })
    const stopModes = page.$modes.listen(() => {})
    const stop = await show(page, calls)
    await vi.waitFor(() => expect(page.$modes.get()).toContain('hot'), { timeout: 10_000 })
    expect(page.$modes.get()).toEqual(['normal', 'hot', 'recent'])
    expect(page.mayOpenMode('hot')).toBe(true)
    expect(page.mayOpenMode('recent')).toBe(false)
    expect($loginPrompt.get()).toBe('required')

    const value = await loginAs(sb)
    setSession({ token: value.token, account: value.userName, isAgent: value.isAgent })
    expect(page.$modes.get()).toEqual(['normal', 'hot', 'fav', 'recent'])
    expect(page.mayOpenMode('fav')).toBe(true)
    stop()
    stopModes()

    // An embed offers only what it was given.
    const embedded = createGamesPage({ list, gameType: 'RNG', syncAddress: false, modes: ['normal', 'fav'] })
    const stopEmbedded = embedded.$modes.listen(() => {})
    expect(embedded.$modes.get()).toEqual(['normal', 'fav'])
    stopEmbedded()
  })

  it('shows the classifications of the open vendor tab, following it', async () => {
    openAt('')
    const page = createGamesPage({ list: gameList, gameType: 'RNG', syncAddress: true })
    const stops = [page.$opened.listen(() => {}), page.$classes.listen(() => {})]
    await vi.waitFor(() => expect(page.$classes.get()?.length).toBeGreaterThan(0), { timeout: 10_000 })
    const every = page.$classes.get() ?? []
    await vi.waitFor(() => expect(gameList.$state.get().ready).toBe(true), { timeout: 10_000 })
    const vendor = page.$vendors.get()[0].vassalage
    await page.selectVendor(vendor)
    await vi.waitFor(() => expect(page.$classes.get()).not.toEqual(every), { timeout: 10_000 })
    const counted = (classes: readonly { count: number }[] | undefined) => (classes ?? []).reduce((sum, c) => sum + c.count, 0)
    expect(counted(page.$classes.get())).toBeLessThan(counted(every))
    for (const stop of stops) stop()
  })

  it("launches a banner's game when the page opens, by the launch rules: a guest is asked to log in, a member goes to the game", async () => {
    openAt('?nodeId=PG-0001')
    const guest = recordingList()
    const guestPage = createGamesPage({ list: guest.list, gameType: 'RNG', syncAddress: true, launcher: createLauncher(() => {}) })
    const stopGuest = await show(guestPage, guest.calls)
    await vi.waitFor(() => expect($loginPrompt.get()).toBe('required'), { timeout: 10_000 })
    expect(address.searchParams.has('nodeId')).toBe(false)
    stopGuest()

    const value = await loginAs(sb)
    setSession({ token: value.token, account: value.userName, isAgent: value.isAgent })
    openAt('?nodeId=PG-0001')
    const went: string[] = []
    const member = recordingList()
    const memberPage = createGamesPage({ list: member.list, gameType: 'RNG', syncAddress: true, launcher: createLauncher((href) => went.push(href)) })
    expect(memberPage.launcher?.$launching.get()).toBeNull()
    const stopMember = await show(memberPage, member.calls)
    await vi.waitFor(() => expect(went).toHaveLength(1), { timeout: 20_000 })
    expect(went[0]).toMatch(/^\/game\?url=/)
    expect(memberPage.launcher?.$launching.get()).toBeNull()
    stopMember()
  })

  it("searches only for a new name, and follows an embed's vendor attribute before and after the list opens", async () => {
    openAt('')
    const embed = recordingList()
    const page = createGamesPage({ list: embed.list, gameType: 'FISH', syncAddress: false, vendor: 'FG' })
    page.followVendor('JILI')
    const stop = await show(page, embed.calls)
    expect(embed.calls).toEqual(['open FISH JILI'])
    page.followVendor('JILI')
    page.followVendor('FG')
    expect(embed.calls).toEqual(['open FISH JILI', 'vendor FG'])
    ;(embed.list.$state as unknown as ReturnType<typeof atom<{ name: string }>>).set({ name: 'dragon' })
    expect(page.search(' dragon ')).toBeUndefined()
    await page.search('tiger')
    expect(embed.calls).toEqual(['open FISH JILI', 'vendor FG', 'search tiger'])
    stop()
  })
})
