import { atom, type ReadableAtom } from 'nanostores'
import { toApiError } from '../client/index.ts'
import type { Game, GameType } from '../contract/index.ts'
import { createFetcherStore, invalidateKeys } from '../stores/query.ts'
import { hasMore, pageSize, targetPage, type PageTarget } from './paging.ts'
import { type Answer, type Cached, type GameListQuery, type GameListSources, type GameListState, type ListMode } from './list-state.ts'

export { listModes, type ListMode, type GameListState, type GameListQuery, type FetchGamePage, type GameListSources, type Cached, type Answer } from './list-state.ts'

/** The list's store and the actions of SPEC §4. */
export interface GameList {
  $state: ReadableAtom<GameListState>
  /** Games per page of this list. */
  pageSize: number
  /** Starts a list for `gameType` (and vendor tab), with paging and filters reset. */
  open(gameType: GameType, vendor?: string): Promise<void>
  /** Switches vendor tab: the classification is per vendor, so it resets with the paging. */
  setVendor(vendor: string): Promise<void>
  setClassify(classify: string): Promise<void>
  /** Searches by name; resolves `false` without a request when the trimmed term did not change. */
  searchName(term: string): Promise<boolean>
  /** Filters by minimum bet; resolves `false` without a request when the value did not change. */
  searchMinBet(minBet: number | undefined): Promise<boolean>
  /** Picks a list mode; paging and filters (classification, name, min bet) reset. */
  setMode(mode: ListMode): Promise<void>
  /** Goes to a page within 1..totalPages; no request when already there. */
  goTo(target: PageTarget): Promise<void>
  /** Appends the next page (infinite scroll); does nothing when no more pages or busy. */
  loadMore(): Promise<void>
  /** Asks again for the current query (retry after an error, or after favourites changed). */
  reload(): Promise<void>
  /** Forgets cached pages (language change, favourites or recent games changed). */
  invalidate(): void
}

/** How long a normal page or hot list is reused (flipping back to a filter is instant). */
const cacheTtlMs = 60_000
let lists = 0

/**
 * Items after an infinite-scroll page: the list may have changed between pages (a favourite removed
 * elsewhere shifts the next page by one), so a game already shown is not shown twice.
 */
function appended(shown: readonly Game[], next: readonly Game[]): Game[] {
  const ids = new Set(shown.map((g) => g.nodeId))
  return [...shown, ...next.filter((g) => !ids.has(g.nodeId))]
}

const emptyState = (gameType: GameType): GameListState => ({
  gameType,
  mode: 'normal',
  vendor: '',
  classify: '',
  name: '',
  page: 1,
  total: 0,
  totalPages: 0,
  items: [],
  loading: false,
  appending: false,
  ready: false,
})

/**
 * Creates a game list over `sources`. Only the newest query's answer is applied (older requests are
 * aborted). Normal pages and hot lists are kept briefly so flipping back to a filter is instant;
 * favourites and recent games are asked fresh every time, since a toggle or a round changes them.
 * @example
 * const list = createGameList(gameListSources)
 * await list.open('RNG'); await list.setMode('fav'); await list.searchName('dragon')
 * @param size - games per page (SPEC §9's 15 unless an embed asks for another)
 */
export function createGameList(sources: GameListSources, size: number = pageSize): GameList {
  const $state = atom<GameListState>(emptyState('RNG'))
  // Each list has its own keys: an embed page may hold two lists over different sources.
  const prefix = `gameList#${++lists}|`
  const startedBy = new Map<string, AbortSignal>()
  let controller: AbortController | undefined
  let sequence = 0

  /** The list's cache (a query-cache entry per query, {@link cacheTtlMs}), for a run whose requests `signal` aborts. */
  const cachedFor =
    (signal: AbortSignal): Cached =>
    async <T>(key: string, load: () => Promise<T>): Promise<T> => {
      const entry = prefix + key
      for (let attempt = 0; ; attempt++) {
        const store = createFetcherStore<T>([entry], () => (startedBy.set(entry, signal), load()), { freshMs: cacheTtlMs, lifetimeMs: cacheTtlMs })
        const result = await store.fetch()
        if ('data' in result) return result.data
        // A failure is not kept: the next ask (a retry) goes to the platform.
        invalidateKeys(entry)
        // This run joined a request that an earlier run of the same query aborted: ask once more.
        if (attempt === 0 && !signal.aborted && startedBy.get(entry)?.aborted) continue
        throw result.error
      }
    }

  const queryOf = (s: GameListState, page: number): GameListQuery => ({
    gameType: s.gameType,
    vassalage: s.vendor || undefined,
    gameClassify: s.classify || undefined,
    gameName: s.name || undefined,
    minBet: s.minBet,
    page,
    pageSize: size,
  })

  async function normalPage(s: GameListState, page: number, signal: AbortSignal): Promise<Answer> {
    const cached = cachedFor(signal)
    const ask = (p: number) => {
      const query = queryOf(s, p)
      return cached(`normal|${JSON.stringify(query)}`, () => sources.page(query, signal))
    }
    let reply = await ask(page)
    // The list shrank below the page shown (a reload after games left it): show its last page.
    if (reply.list.length === 0 && reply.totalPages > 0 && page > reply.totalPages) reply = await ask(reply.totalPages)
    return { list: reply.list, total: reply.total, totalPages: reply.totalPages, page: reply.totalPages === 0 ? 1 : Math.min(page, reply.totalPages) }
  }

  async function answer(s: GameListState, page: number, signal: AbortSignal): Promise<Answer> {
    if (s.mode === 'normal') return normalPage(s, page, signal)
    // The other modes load on the first tab picked: the page's first load carries only the normal list.
    const { modeAnswer } = await import('./modes.ts')
    return modeAnswer(sources, cachedFor(signal), s, s.mode, page, signal, size)
  }

  async function run(next: GameListState, page: number, append: boolean): Promise<void> {
    controller?.abort()
    const mine = (controller = new AbortController())
    const id = ++sequence
    $state.set({ ...next, loading: !append, appending: append, error: undefined })
    try {
      const reply = await answer(next, page, mine.signal)
      if (id !== sequence) return
      const current = $state.get()
      $state.set({
        ...current,
        page: reply.page,
        total: reply.total,
        totalPages: reply.totalPages,
        items: append ? appended(current.items, reply.list) : reply.list,
        loading: false,
        appending: false,
        ready: true,
      })
    } catch (error) {
      if (id !== sequence) return
      $state.set({ ...$state.get(), loading: false, appending: false, error: toApiError(error), ready: true })
    }
  }

  const reset = (s: GameListState, changes: Partial<GameListState>): GameListState => ({ ...s, ...changes, page: 1 })

  return {
    $state,
    pageSize: size,
    open(gameType, vendor = '') {
      const fresh = emptyState(gameType)
      return run({ ...fresh, vendor, ready: $state.get().gameType === gameType && $state.get().ready }, 1, false)
    },
    setVendor(vendor) {
      const s = $state.get()
      if (vendor === s.vendor && !s.error) return Promise.resolve()
      return run(reset(s, { vendor, classify: '' }), 1, false)
    },
    setClassify(classify) {
      const s = $state.get()
      if (classify === s.classify && !s.error) return Promise.resolve()
      return run(reset(s, { classify }), 1, false)
    },
    async searchName(term) {
      const name = term.trim()
      const s = $state.get()
      if (name === s.name) return false
      await run(reset(s, { name }), 1, false)
      return true
    },
    async searchMinBet(minBet) {
      const s = $state.get()
      if (minBet === s.minBet) return false
      await run(reset(s, { minBet }), 1, false)
      return true
    },
    setMode(mode) {
      return run(reset($state.get(), { mode, classify: '', name: '', minBet: undefined }), 1, false)
    },
    goTo(target) {
      const s = $state.get()
      const page = targetPage(s.page, target, s.totalPages)
      if (page === s.page && !s.error) return Promise.resolve()
      return run(s, page, false)
    },
    loadMore() {
      const s = $state.get()
      if (s.loading || s.appending || s.error || !hasMore(s.page, s.totalPages)) return Promise.resolve()
      return run(s, s.page + 1, true)
    },
    reload() {
      const s = $state.get()
      // After appends, asking again for the last page alone would drop the earlier ones.
      return run(s.items.length > size ? { ...s, page: 1 } : s, s.items.length > size ? 1 : s.page, false)
    },
    invalidate() {
      invalidateKeys((key) => key.startsWith(prefix))
    },
  }
}
