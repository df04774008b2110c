import { allTasks, onMount } from 'nanostores'
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startSandbox } from '../../sandbox/testing.ts'
import { loginAs } from '../../tests/support/sdk-login.ts'
import { configure } from '../runtime/index.ts'
import { createStorage } from '../storage/index.ts'
import { $loginPrompt, invalidateKeys, setSession } from '../stores/index.ts'
import { createLotteryLobby } from './lobby.ts'
import { lotteryApi } from './api.ts'

// Two lottery lobbies (an embed page may hold two) against a real sandbox, counting what reaches it.
const sandbox = await startSandbox()
afterAll(() => sandbox.close())

let asked: string[] = []
beforeEach(async () => {
  // Each test starts as a fresh page. A store an earlier test showed or asked stays mounted for
  // nanostores' unmount delay, and its request may still run: let those requests settle (through the
  // old client), then drop every kept reply (the prize mode, the side lists), which would otherwise
  // answer this test without a request.
  await allTasks()
  asked = []
  configure({
    baseURL: sandbox.url,
    storage: createStorage(),
    fetch: (input, init) => {
      asked.push(new URL(input instanceof Request ? input.url : String(input)).pathname)
      return fetch(input, init)
    },
  })
  invalidateKeys(() => true)
})
const calls = (path: string) => asked.filter((p) => p === path).length

describe('lottery lobby stores', () => {
  it('asks the prize mode once for two lobbies, the side lists after the menus, and the member lists only when signed in', async () => {
    const first = createLotteryLobby({ address: false })
    const second = createLotteryLobby({ address: false })
    const stops = [first, second].flatMap((lobby) => [lobby.$menus, lobby.$popular, lobby.$opened, lobby.$recent, lobby.$missions].map((store) => store.listen(() => {})))
    await vi.waitFor(() => expect(first.$popular.get().data?.length).toBeGreaterThan(0), { timeout: 10_000 })
    await vi.waitFor(() => expect(second.$menus.get().data?.length).toBeGreaterThan(0), { timeout: 10_000 })
    expect(calls('/lgw/games/game_menus')).toBe(1)
    expect(asked.indexOf('/lgw/games/popular')).toBeGreaterThan(asked.indexOf('/lgw/vn/games/game_menu'))
    expect(first.$fetchedAt.get()).toBeGreaterThan(0)
    // Signed out: no member list is asked, and none shows.
    expect(calls('/lgw/vn/games/game_menu/recent')).toBe(0)
    expect(calls('/wps/relay/MCSFE_getMissionSummaryDetails')).toBe(0)
    expect(first.$recent.get()).toEqual({ loading: false })

    const value = await loginAs(sandbox)
    setSession({ token: value.token, account: value.userName, isAgent: value.isAgent })
    // Two requests of their own, answered in either order: both are waited for.
    await vi.waitFor(
      () => {
        expect(first.$missions.get().data).toBeDefined()
        expect(Array.isArray(first.$recent.get().data)).toBe(true)
      },
      { timeout: 10_000 },
    )
    // Both lobbies show the same member lists from one request each.
    expect(calls('/wps/relay/MCSFE_getMissionSummaryDetails')).toBe(1)
    expect(calls('/lgw/vn/games/game_menu/recent')).toBe(1)
    for (const stop of stops) stop()
  })

  it('lists the Southeast Asian (TCG_SEA, prize mode SEA) and classic lotto (LOTT) games beside the site mode’s, and launches each under its own mode', async () => {
    const lobby = createLotteryLobby({ address: false })
    const stop = lobby.$menus.listen(() => {})
    await vi.waitFor(() => expect(lobby.$menus.get().data?.length).toBeGreaterThan(0), { timeout: 10_000 })
    const games = (lobby.$menus.get().data ?? []).flatMap((m) => m.gameMenus)
    const vendors = new Set(games.map((g) => g.vendor))
    for (const vendor of ['TCG_LOTTO_VN', 'TCG_SEA', 'ELOTT', 'LOTT']) expect(vendors, vendor).toContain(vendor)
    // Each game once.
    expect(new Set(games.map((g) => g.gameCode)).size).toBe(games.length)
    const thai = games.find((g) => g.gameCode === 'SEA_TH')
    expect(thai?.vendor).toBe('TCG_SEA')
    expect(await lobby.prizeModeOf('SEA_TH')).toBe('SEA')
    const site = await lobby.prizeMode()
    expect(await lobby.prizeModeOf(games.find((g) => g.vendor === 'TCG_LOTTO_VN')!.gameCode)).toBe(site)

    // The platform opens the Thai lottery under that mode.
    const value = await loginAs(sandbox)
    setSession({ token: value.token, account: value.userName, isAgent: value.isAgent })
    const launch = await lotteryApi('lotteryLaunch', {
      lottoArea: 'VN',
      launchMode: 'LOTT',
      prizeMode: 'SEA',
      gameCode: 'SEA_TH',
      view: 'betting',
      device: 'WEB',
      backUrl: 'http://x.test/lottery',
      language: 'en',
    })
    expect(launch.content).toBeTruthy()
    stop()
  })

  it('stops polling once nothing shows the menus, even when the next round is a second away', async () => {
    // Every game closes in a second: the poll comes back at its floor, as near a draw.
    configure({
      baseURL: sandbox.url,
      storage: createStorage(),
      fetch: async (input, init) => {
        const path = new URL(input instanceof Request ? input.url : String(input)).pathname
        asked.push(path)
        const reply = await fetch(input, init)
        if (!/game_menus?$/.test(path)) return reply
        const body = (await reply.text()).replace(/"remainTime":\d+/g, '"remainTime":1').replace(/"lockTime":\d+/g, '"lockTime":0')
        return new Response(body, { status: reply.status, headers: reply.headers })
      },
    })
    // The poll's waits (its `cycle` on a timer), followed: which are set and not yet run or cleared.
    const waiting = new Set<unknown>()
    let waited = 0
    const [setTimer, clearTimer] = [globalThis.setTimeout, globalThis.clearTimeout]
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((run: () => void, ms?: number) => {
      if (run.name !== 'cycle') return setTimer(run, ms)
      waited++
      const timer = setTimer(() => {
        waiting.delete(timer)
        run()
      }, ms)
      waiting.add(timer)
      return timer
    }) as typeof setTimeout)
    vi.spyOn(globalThis, 'clearTimeout').mockImplementation((timer) => {
      waiting.delete(timer)
      clearTimer(timer)
    })
    try {
      const lobby = createLotteryLobby({ address: false })
      let mounted = false
      onMount(lobby.$menus, () => {
        mounted = true
        return () => {
          mounted = false
        }
      })
      const stop = lobby.$menus.listen(() => {})
      const polls = () => asked.filter((p) => /game_menus?$/.test(p)).length
      await vi.waitFor(() => expect(polls()).toBeGreaterThanOrEqual(4), { timeout: 15_000 })
      await vi.waitFor(() => expect(waiting.size, 'the poll waits for its next round').toBe(1), { timeout: 15_000 })
      stop()
      // Released: the store unmounts after nanostores' delay (a poll's ask holding it would keep it
      // mounted, and polling, for ever) …
      await vi.waitFor(() => expect(mounted).toBe(false), { timeout: 10_000 })
      // … and with it the poll: no wait of it is left to ask again (and so mount the store again).
      expect(waiting.size).toBe(0)
      expect(waited).toBeGreaterThan(0)
      expect(lobby.$menus.lc).toBe(0)
    } finally {
      vi.restoreAllMocks()
    }
  })

  it('opens a game through the launcher behind the login guard, and a linked betting screen once unless the embed opens it elsewhere', async () => {
    vi.stubGlobal('window', { location: { href: 'http://site.test/lottery', search: '' } })
    try {
      setSession({ token: undefined })
      $loginPrompt.set(null)
      const went: string[] = []
      const lobby = createLotteryLobby({ address: false, navigate: (href) => went.push(href) })
      const stop = lobby.$menus.listen(() => {})
      await vi.waitFor(() => expect(lobby.$menus.get().data?.length).toBeGreaterThan(0), { timeout: 10_000 })
      const game = (lobby.$menus.get().data ?? []).flatMap((m) => m.gameMenus)[0]
      // A guest is asked to log in; nothing opens.
      const guestOpen = lobby.open(game.gameCode)
      expect(lobby.$launching.get()).toBe(game.gameCode)
      await guestOpen
      expect($loginPrompt.get()).toBe('required')
      expect(went).toEqual([])
      expect(lobby.$launching.get()).toBe('')
      stop()

      const value = await loginAs(sandbox)
      setSession({ token: value.token, account: value.userName, isAgent: value.isAgent })
      const linked = createLotteryLobby({ address: false, filters: { gameCode: game.gameCode, view: 'betting' }, navigate: (href) => went.push(href) })
      const stopLinked = linked.$filters.listen(() => {})
      await vi.waitFor(() => expect(went).toHaveLength(1), { timeout: 10_000 })
      expect(went[0]).toMatch(/^\/game\?url=/)
      expect(linked.$filters.get()).toMatchObject({ gameCode: game.gameCode, view: '' })
      // Shown again: the link has been followed.
      stopLinked()
      // (An open starts as the filters change: `$launching` names the game from its first step.)
      const again = linked.$filters.listen(() => {})
      linked.setFilters({ view: 'betting' })
      expect(linked.$launching.get()).toBe('')
      expect(went).toHaveLength(1)
      again()

      const embedded = createLotteryLobby({ address: false, filters: { gameCode: game.gameCode, view: 'betting' }, launchHere: false, navigate: (href) => went.push(href) })
      const stopEmbedded = embedded.$filters.listen(() => {})
      expect(embedded.$launching.get()).toBe('')
      expect(went).toHaveLength(1)
      expect(embedded.$filters.get().view).toBe('betting')
      stopEmbedded()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('keeps a first paint’s clock at its reply time until live (reading it mounts it), then ticks; showAt stops it for a server render', async () => {
    // The clock's seconds pass on a fake clock (nothing here asks the sandbox).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] })
    try {
      const repliedAt = Date.now() - 30_000
      const lobby = createLotteryLobby({ address: false, repliedAt })
      expect(lobby.$now.get()).toBe(repliedAt)
      const stop = lobby.$now.listen(() => {})
      vi.advanceTimersByTime(1_100)
      expect(lobby.$now.get(), 'no tick before live').toBe(repliedAt)
      lobby.live()
      expect(lobby.$now.get()).toBe(Date.now())
      vi.advanceTimersByTime(1_000)
      expect(lobby.$now.get(), 'ticks once live').toBe(Date.now())
      lobby.showAt(repliedAt)
      vi.advanceTimersByTime(1_100)
      expect(lobby.$now.get(), 'stopped again').toBe(repliedAt)
      stop()
      // Without a reply time the clock reads now and ticks as soon as it is watched.
      const plain = createLotteryLobby({ address: false })
      const stopPlain = plain.$now.listen(() => {})
      const first = plain.$now.get()
      vi.advanceTimersByTime(1_000)
      expect(plain.$now.get()).toBe(first + 1_000)
      stopPlain()
      vi.runAllTimers()
    } finally {
      vi.useRealTimers()
    }
  })
})
