import { atom, map, onMount, type ReadableAtom } from 'nanostores'
import type { ResponseOf } from '../contract/index.ts'
import { toApiError } from '../client/index.ts'
import { prizeModeOf, regroupMenus, type PrizeMode } from '../games/menus.ts'
import { $locale } from '../i18n/index.ts'
import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core.ts'
import { $loggedIn, type Loadable } from '../stores/index.ts'
import { loadInto } from '../stores/loadable.ts'
import { filtersFromQuery, noFilters, queryOfFilters, type LotteryFilters, type LotteryMenus } from './filters.ts'
import { lotteryPollFallbackMs, pollDelayMs } from './poll.ts'
import { lotteryApi } from './api.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core.ts).
const api = roomApi({ gameMenus: core.gameMenus })

/**
 * One lottery lobby's state: the prize mode, the menus polled by the poll rule (SPEC §4), popular
 * games, the member's recent menus, the last opened numbers, a one-second clock for the countdowns,
 * and the filters kept in the page address. Created per island (an embed page may hold two).
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
}

/** What {@link createLotteryLobby} returns. */
export interface LotteryLobby {
  $prizeMode: ReadableAtom<Loadable<PrizeMode>>
  /** Menus, refreshed by the poll rule while watched, paused in a hidden tab. */
  $menus: ReadableAtom<Loadable<LotteryMenus>>
  /** Epoch ms when the shown menus arrived (countdowns count from here). */
  $fetchedAt: ReadableAtom<number>
  /** Epoch ms, ticking every second while watched. */
  $now: ReadableAtom<number>
  $popular: ReadableAtom<Loadable<ResponseOf<'lotteryPopular'>>>
  $recent: ReadableAtom<Loadable<ResponseOf<'lotteryRecent'>>>
  $opened: ReadableAtom<Loadable<ResponseOf<'lotteryOpened'>>>
  /** The member's missions and the leaderboard (SPEC §7), loaded with the side lists. */
  $missions: ReadableAtom<Loadable<ResponseOf<'missionSummary'>>>
  $leaderboard: ReadableAtom<Loadable<ResponseOf<'missionLeaderboard'>>>
  $filters: ReadableAtom<LotteryFilters>
  /** Changes filters; `push` adds a history entry (back restores the previous list). */
  setFilters(patch: Partial<LotteryFilters>, push?: boolean): void
  /** Reloads the menus now (retry). */
  refresh(): Promise<void>
  /** Reloads popular, recent and opened (retry). */
  loadSides(): Promise<void>
  /** The prize mode every lottery call carries, loading the game menus it derives from. */
  prizeMode(): Promise<PrizeMode>
}

/** Creates a lottery lobby. @example const lobby = createLotteryLobby(); lobby.$menus.subscribe(render) */
export function createLotteryLobby(opts: LotteryLobbyOptions = {}): LotteryLobby {
  const inBrowser = typeof window !== 'undefined'
  const useAddress = opts.address ?? inBrowser
  const $prizeMode = atom<Loadable<PrizeMode>>({ loading: false })
  const $menus = atom<Loadable<LotteryMenus>>({ loading: false })
  const $fetchedAt = atom(0)
  const $now = atom(Date.now())
  const $popular = atom<Loadable<ResponseOf<'lotteryPopular'>>>({ loading: false })
  const $recent = atom<Loadable<ResponseOf<'lotteryRecent'>>>({ loading: false })
  const $opened = atom<Loadable<ResponseOf<'lotteryOpened'>>>({ loading: false })
  const $missions = atom<Loadable<ResponseOf<'missionSummary'>>>({ loading: false })
  const $leaderboard = atom<Loadable<ResponseOf<'missionLeaderboard'>>>({ loading: false })
  const $filters = map<LotteryFilters>(useAddress ? filtersFromQuery(window.location.search) : { ...noFilters, ...opts.filters })
  let roundTripMs = 0

  // SPEC §4: electronic lottery mode when an ELOTT category has TCG_LOTTO_VN or LOTT cards. One
  // request per lobby, shared by every call that needs the mode; a failure is retried on the next call.
  let mode: Promise<PrizeMode> | undefined
  function prizeMode(): Promise<PrizeMode> {
    mode ??= api('gameMenus', { language: $locale.get() }).then((menus) => prizeModeOf(regroupMenus(menus)))
    const asked = mode
    asked.then(
      (data) => $prizeMode.set({ data, loading: false }),
      (error: unknown) => {
        if (mode === asked) mode = undefined
        $prizeMode.set({ error: toApiError(error), loading: false })
      },
    )
    return asked
  }

  async function refresh(): Promise<void> {
    const started = Date.now()
    await loadInto($menus, async () => lotteryApi('lotteryMenu', { prizeMode: await prizeMode() }))
    roundTripMs = Date.now() - started
    if (!$menus.get().error) $fetchedAt.set(Date.now())
  }

  // The side lists wait for the first menus: on a busy platform the game list is what a player came for.
  let firstMenus: Promise<void> | undefined
  const firstLoad = (): Promise<void> => (firstMenus ??= refresh())
  async function loadSides(): Promise<void> {
    await firstLoad()
    const mode = await prizeMode().catch(() => undefined)
    if (!mode) return
    const language = $locale.get()
    await Promise.all([
      loadInto($popular, () => lotteryApi('lotteryPopular', { prizeMode: mode, count: popularCount, language })),
      $loggedIn.get() ? loadInto($recent, () => lotteryApi('lotteryRecent', { prizeMode: mode, recentCount })) : Promise.resolve($recent.set({ loading: false, data: [] })),
      loadInto($opened, () => lotteryApi(opts.vn ? 'lotteryOpenedVN' : 'lotteryOpened', { count: openedCount })),
      $loggedIn.get() ? loadInto($missions, () => lotteryApi('missionSummary', {})) : Promise.resolve($missions.set({ loading: false })),
      loadInto($leaderboard, () => lotteryApi('missionLeaderboard', {})),
    ])
  }

  // The poll rule drives the refreshes (no fixed interval); a hidden tab stops them and catches up when shown.
  onMount($menus, () => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let live = true
    let started = false
    const hidden = () => typeof document !== 'undefined' && document.hidden
    const cycle = async () => {
      clearTimeout(timer)
      await (started ? refresh() : firstLoad())
      started = true
      if (!live || hidden()) return
      const { data, error } = $menus.get()
      timer = setTimeout(
        cycle,
        error
          ? lotteryPollFallbackMs
          : pollDelayMs(
              (data ?? []).flatMap((m) => m.gameMenus),
              roundTripMs,
            ),
      )
    }
    const onVisibility = () => {
      if (hidden()) clearTimeout(timer)
      else void cycle().then(loadSides)
    }
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility)
    void cycle()
    return () => {
      live = false
      firstMenus = undefined
      clearTimeout(timer)
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility)
    }
  })

  onMount($now, () => {
    $now.set(Date.now())
    const tick = setInterval(() => $now.set(Date.now()), 1000)
    return () => clearInterval(tick)
  })

  onMount($popular, () => {
    void loadSides()
    return $loggedIn.listen(() => void loadSides())
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

  return { $prizeMode, $menus, $fetchedAt, $now, $popular, $recent, $opened, $missions, $leaderboard, $filters, setFilters, refresh, loadSides, prizeMode }
}

/**
 * Seconds left of a countdown the platform sent `remainTime` seconds before `fetchedAt`.
 * @example secondsLeft(30, fetchedAt, fetchedAt + 12_400) // 18
 */
export const secondsLeft = (remainTime: number, fetchedAt: number, now: number): number => Math.max(0, remainTime - Math.floor((now - fetchedAt) / 1000))
