import { atom, computed, map, onMount, onNotify, type ReadableAtom } from 'nanostores'
import type { ResponseOf } from '../contract/index.ts'
import { prizeModeOf, regroupMenus, type PrizeMode } from '../games/menus.ts'
import { $locale } from '../i18n/index.ts'
import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core/site.ts'
import { ask, createFetcherStore, createSessionStore, type RemoteValue } from '../stores/query.ts'
import { filtersFromQuery, noFilters, queryOfFilters, type LotteryFilters, type LotteryMenus } from './filters.ts'
import { lotteryPollFallbackMs, lotteryPollFloorMs, pollDelayMs } from './poll.ts'
import { lotteryApi } from './api.ts'
import { warn } from '../ui/index.ts'

// The launcher loads when a player first opens a game.
const loadLauncher = () => import('./launch.ts')

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core/site.ts).
const api = roomApi({ gameMenus: core.gameMenus })

/**
 * One lottery lobby's state: the prize mode, the menus polled by the poll rule (SPEC §4), popular
 * games, the member's recent menus, the last opened numbers, a one-second clock for the countdowns,
 * and the filters kept in the page address. Created per island (an embed page may hold two, which
 * share their requests: the remote state is keyed by what it asks, not by the lobby).
 * @module
 */

/** Popular games asked for (SPEC §9). */
export const popularCount = 20
/** Recent lottery menus asked for (SPEC §9). */
export const recentCount = 100
/** Last opened numbers asked for (SPEC §9). */
export const openedCount = 100

/** Options of {@link createLotteryLobby}. */
export interface LotteryLobbyOptions {
  /** `/vnlottery`: the Vietnamese lottery's opened-numbers call. */
  vn?: boolean
  /** Reads and writes the page address (default: on in a browser). */
  address?: boolean
  /** The filters to start from when the address is not used (an embedded `lk-lottery`'s attributes). */
  filters?: Partial<LotteryFilters>
  /**
   * Opens a game's betting screen itself (default true); off when an embed opens the brand site
   * instead, where a new tab may only open on the player's click.
   */
  launchHere?: boolean
  /** Goes to a launched game's address (default: this window). */
  navigate?: (href: string) => void
  /**
   * The menus' first reply is an embed's first paint's, made at this moment (epoch ms, the server's
   * `repliedAt`): its countdowns count from it, not from when the browser read it, and the clock reads
   * it until {@link LotteryLobby.live}, so the hydrating render shows the server's seconds.
   */
  repliedAt?: number
}

/** What {@link createLotteryLobby} returns. */
export interface LotteryLobby {
  $prizeMode: ReadableAtom<RemoteValue<PrizeMode>>
  /** Menus, refreshed by the poll rule while watched, paused in a hidden tab. */
  $menus: ReadableAtom<RemoteValue<LotteryMenus>>
  /** Epoch ms when the shown menus arrived (countdowns count from here). */
  $fetchedAt: ReadableAtom<number>
  /** Epoch ms, ticking every second while watched. */
  $now: ReadableAtom<number>
  /**
   * Stops the clock at `at` (epoch ms) until {@link LotteryLobby.live}: a first paint's server
   * render shows the countdowns as of its replies (`showAt($fetchedAt.get())`).
   */
  showAt(at: number): void
  /**
   * Starts the clock stopped by `repliedAt` or {@link LotteryLobby.showAt} (the lobby's view calls it
   * once it has rendered, hydrated): from then the countdowns tick. Without a stopped clock nothing.
   */
  live(): void
  /** The side lists, asked once the first menus are in (the game list is what a player came for). */
  $popular: ReadableAtom<RemoteValue<ResponseOf<'lotteryPopular'>>>
  /** The member's recent menus: empty while signed out. */
  $recent: ReadableAtom<RemoteValue<ResponseOf<'lotteryRecent'>>>
  $opened: ReadableAtom<RemoteValue<ResponseOf<'lotteryOpened'>>>
  /** The member's missions (empty while signed out) and the leaderboard (SPEC §7), asked with the side lists. */
  $missions: ReadableAtom<RemoteValue<ResponseOf<'missionSummary'>>>
  $leaderboard: ReadableAtom<RemoteValue<ResponseOf<'missionLeaderboard'>>>
  $filters: ReadableAtom<LotteryFilters>
  /** Changes filters; `push` adds a history entry (back restores the previous list). */
  setFilters(patch: Partial<LotteryFilters>, push?: boolean): void
  /** Reloads the menus now (retry). */
  refresh(): Promise<void>
  /** Asks for the side lists again (retry). */
  loadSides(): Promise<void>
  /** The prize mode every lottery call carries, loading the game menus it derives from. */
  prizeMode(): Promise<PrizeMode>
  /** The prize mode a game is listed under (its launch carries it): the site's, else the mode whose menu lists it. */
  prizeModeOf(gameCode: string): Promise<PrizeMode>
  /** The game being opened (its code), `''` when none. */
  $launching: ReadableAtom<string>
  /**
   * Opens a game's betting screen (or its lobby) through the lottery launcher, behind the login and
   * real-account guards; a refusal is shown as a warning. While the lobby is shown, an address with
   * `view=betting` and a game opens that game once (a shared link to it).
   */
  open(gameCode: string, view?: 'betting' | 'lobby'): Promise<void>
}

/**
 * The prize modes whose menus the lobby lists, the site's first (SPEC §3 and §9: Lott, ZY, Elott, SEA):
 * the platform lists the Thai and Lao games (vendor TCG_SEA) under SEA only, the classic lotto (LOTT)
 * under Lott only and some fast draws under ZY only, yet the vendor bar offers them all. ZY comes after
 * both lottery modes, so a game also listed under one of them launches under that one. `/vnlottery`
 * lists the site's mode only.
 */
export function menuModes(site: PrizeMode, vn = false): PrizeMode[] {
  if (vn) return [site]
  return [...new Set<PrizeMode>([site, site === 'Elott' ? 'Lott' : 'Elott', 'ZY', 'SEA'])]
}

/**
 * Joins the menus of several prize modes: tags in the order they first appear, a game once (under the
 * first mode that lists it), and which mode each game came from.
 */
export function mergeMenus(lists: readonly { mode: PrizeMode; menus: LotteryMenus }[]): { menus: LotteryMenus; modes: Map<string, PrizeMode> } {
  const modes = new Map<string, PrizeMode>()
  const byTag = new Map<string, LotteryMenus[number]['gameMenus']>()
  for (const { mode, menus } of lists) {
    for (const menu of menus) {
      const games = byTag.get(menu.tag) ?? []
      for (const game of menu.gameMenus) {
        if (modes.has(game.gameCode)) continue
        modes.set(game.gameCode, mode)
        games.push(game)
      }
      byTag.set(menu.tag, games)
    }
  }
  return { menus: [...byTag].filter(([, games]) => games.length > 0).map(([tag, gameMenus]) => ({ tag, gameMenus })), modes }
}

/**
 * The site's prize mode (SPEC §4): electronic lottery mode when an ELOTT category has TCG_LOTTO_VN or
 * LOTT cards. One request a page, shared by every lobby and every call that needs the mode.
 */
const $prizeMode = createFetcherStore<PrizeMode>(['lotteryPrizeMode', '|', $locale], () =>
  api('gameMenus', { language: $locale.get() }).then((menus) => prizeModeOf(regroupMenus(menus))),
)
/** The prize mode as a key part: what depends on it waits for it. */
const $mode = computed($prizeMode, (state) => state.data ?? null)

/** The prize mode every lottery call carries; a failure is asked again on the next call. */
async function prizeMode(): Promise<PrizeMode> {
  let state = await ask($prizeMode, false)
  if (state.error) state = await ask($prizeMode)
  if (state.data === undefined) throw state.error
  return state.data
}

// Which prize mode each listed game came under, for its launch: one per page, like the menus, whose
// requests every lobby of the page shares (a game's mode is the same in each).
const gameModes = new Map<string, PrizeMode>()

/** Creates a lottery lobby. @example const lobby = createLotteryLobby(); lobby.$menus.subscribe(render) */
export function createLotteryLobby(opts: LotteryLobbyOptions = {}): LotteryLobby {
  const inBrowser = typeof window !== 'undefined'
  const useAddress = opts.address ?? inBrowser
  // Countdown data is never reused without asking: each ask is a request, unless one is running. A
  // failed prize mode is the menus' error (their retry asks it again).
  const $menus = createFetcherStore<LotteryMenus>(
    ['lotteryMenu', '|', $locale, '|', opts.vn ? 'vn' : 'all'],
    async () => {
      const site = await prizeMode()
      const lists = await Promise.all(menuModes(site, opts.vn).map(async (mode) => ({ mode, menus: await lotteryApi('lotteryMenu', { prizeMode: mode }) })))
      const merged = mergeMenus(lists)
      for (const [code, mode] of merged.modes) gameModes.set(code, mode)
      return merged.menus
    },
    { freshMs: 0 },
  )
  const $fetchedAt = atom(0)
  const $now = atom(opts.repliedAt ?? Date.now())
  // A first paint's reply time, for its first menus only (each later reply is the browser's own).
  let repliedAt = opts.repliedAt
  // The side lists are asked once the first menus have arrived.
  const $sides = atom<'on' | false>(false)
  const more = (...parts: (ReadableAtom<string | null | false> | string)[]) => ['|', $sides, '|', $mode, ...parts.flatMap((part) => ['|', part])]
  const $popular = createFetcherStore<ResponseOf<'lotteryPopular'>>(['lotteryPopular', ...more($locale)], () =>
    lotteryApi('lotteryPopular', { prizeMode: $mode.get() as PrizeMode, count: popularCount, language: $locale.get() }),
  )
  const $recent = createSessionStore<ResponseOf<'lotteryRecent'>>('lotteryRecent', () => lotteryApi('lotteryRecent', { prizeMode: $mode.get() as PrizeMode, recentCount }), {
    more: more(),
  })
  const opened = opts.vn ? 'lotteryOpenedVN' : 'lotteryOpened'
  const $opened = createFetcherStore<ResponseOf<'lotteryOpened'>>([opened, ...more()], () => lotteryApi(opened, { count: openedCount }))
  const $missions = createSessionStore<ResponseOf<'missionSummary'>>('lotteryMissions', () => lotteryApi('missionSummary', {}), { more: more() })
  const $leaderboard = createFetcherStore<ResponseOf<'missionLeaderboard'>>(['missionLeaderboard', ...more()], () => lotteryApi('missionLeaderboard', {}))
  const $filters = map<LotteryFilters>(useAddress ? filtersFromQuery(window.location.search) : { ...noFilters, ...opts.filters })
  let roundTripMs = 0

  // `force`: a retry asks even while a request runs; the poll takes a running one (it is recent).
  async function refreshMenus(force: boolean, release: 'later' | 'now' = 'later'): Promise<void> {
    const started = Date.now()
    const state = await ask($menus, force, release)
    roundTripMs = Date.now() - started
    if (state.data && !state.error) {
      $fetchedAt.set(repliedAt ?? Date.now())
      repliedAt = undefined
    }
    // The side lists follow the first menus, whatever they brought.
    $sides.set('on')
  }
  const refresh = () => refreshMenus(true)

  async function loadSides(): Promise<void> {
    $sides.set('on')
    await Promise.all([ask($popular), ask($recent), ask($opened), ask($missions), ask($leaderboard)])
  }

  // The poll rule drives the refreshes (no fixed interval); a hidden tab stops them and catches up when shown.
  onMount($menus, () => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let live = true
    const hidden = () => typeof document !== 'undefined' && document.hidden
    // The poll's own asking releases the store as soon as each reply is in: held for nanostores' unmount
    // delay, it kept the store mounted, and so polling, after its last view had gone (an element removed).
    const cycle = async () => {
      clearTimeout(timer)
      await refreshMenus(false, 'now')
      if (!live || hidden()) return
      const { data, error } = $menus.get()
      // Counted from when the shown reply was made: a first paint's may be seconds old already.
      const age = Math.max(0, Date.now() - $fetchedAt.get())
      timer = setTimeout(
        cycle,
        error
          ? lotteryPollFallbackMs
          : Math.max(
              lotteryPollFloorMs,
              pollDelayMs(
                (data ?? []).flatMap((m) => m.gameMenus),
                roundTripMs,
              ) - age,
            ),
      )
    }
    const onVisibility = () => {
      if (hidden()) clearTimeout(timer)
      else void cycle()
    }
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility)
    void cycle()
    return () => {
      live = false
      clearTimeout(timer)
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility)
    }
  })

  // Stopped (a first paint's clock) until `live()`: reading the clock mounts it, so mounting must not start it.
  let stopped = opts.repliedAt !== undefined
  let startClock: (() => void) | undefined
  let tick: ReturnType<typeof setInterval> | undefined
  onMount($now, () => {
    startClock = () => {
      clearInterval(tick)
      $now.set(Date.now())
      tick = setInterval(() => $now.set(Date.now()), 1000)
    }
    if (!stopped) startClock()
    return () => {
      clearInterval(tick)
      startClock = undefined
    }
  })

  onMount($filters, () => {
    if (!useAddress) return
    const onPop = () => $filters.set(filtersFromQuery(window.location.search))
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  })

  function setFilters(patch: Partial<LotteryFilters>, push = false): void {
    const next = { ...$filters.get(), ...patch }
    $filters.set(next)
    if (!useAddress) return
    const url = `${window.location.pathname}${queryOfFilters(next)}`
    if (push) window.history.pushState(null, '', url)
    else window.history.replaceState(window.history.state, '', url)
  }

  async function prizeModeOfGame(gameCode: string): Promise<PrizeMode> {
    const site = await prizeMode()
    if (!gameModes.has(gameCode)) await ask($menus, false)
    return gameModes.get(gameCode) ?? site
  }

  const $launching = atom('')
  const navigate = opts.navigate ?? ((href: string) => window.location.assign(href))
  async function open(gameCode: string, view: 'betting' | 'lobby' = 'betting'): Promise<void> {
    $launching.set(gameCode)
    try {
      const [launcher, prizeMode] = await Promise.all([loadLauncher(), prizeModeOfGame(gameCode)])
      const next = await launcher.launchLottery({ gameCode, prizeMode, view, backUrl: window.location.href })
      if (next.kind === 'navigate') navigate(next.href)
      else if (next.kind === 'error') await warn(next.error.messageKey)
    } catch {
      await warn('err_network_error')
    } finally {
      $launching.set('')
    }
  }

  // A shared link to a game's betting screen opens it once, the address keeping the game selected.
  let linkOpened = false
  const openLinked = (filters: LotteryFilters) => {
    if (linkOpened || opts.launchHere === false || filters.view !== 'betting' || !filters.gameCode) return
    linkOpened = true
    setFilters({ view: '' })
    void open(filters.gameCode)
  }
  onMount($filters, () => {
    openLinked($filters.get())
    return onNotify($filters, () => openLinked($filters.get()))
  })

  return {
    $prizeMode,
    $menus,
    $fetchedAt,
    $now,
    showAt: (at: number) => {
      stopped = true
      clearInterval(tick)
      $now.set(at)
    },
    live: () => {
      if (!stopped) return
      stopped = false
      startClock?.()
    },
    $popular,
    $recent,
    $opened,
    $missions,
    $leaderboard,
    $filters,
    setFilters,
    refresh,
    loadSides,
    prizeMode,
    prizeModeOf: prizeModeOfGame,
    $launching,
    open,
  }
}

/**
 * Seconds left of a countdown the platform sent `remainTime` seconds before `fetchedAt`.
 * @example secondsLeft(30, fetchedAt, fetchedAt + 12_400) // 18
 */
export const secondsLeft = (remainTime: number, fetchedAt: number, now: number): number => Math.max(0, remainTime - Math.floor((now - fetchedAt) / 1000))
