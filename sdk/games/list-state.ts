/**
 * The game list's state and sources, apart from the list itself, so the list modes' answers
 * (./modes.ts, loaded on the first tab picked) and the list (./list.ts) both import them and not each other.
 * @module
 */
import type { ApiError } from '../client/index.ts'
import type { Game, GameType, RequestOf, ResponseOf } from '../contract/index.ts'

/** List modes of SPEC §4: fav and recent need a session. */
export const listModes = ['normal', 'hot', 'fav', 'recent'] as const
export type ListMode = (typeof listModes)[number]

/** The electronic game list: its query and what the last answer held. */
export interface GameListState {
  gameType: GameType
  mode: ListMode
  /** Vendor tab (`''` = every vendor). */
  vendor: string
  /** Classification filter (`''` = all). */
  classify: string
  /** Name search, trimmed. */
  name: string
  /** Minimum-bet filter in major units; `undefined` = all. */
  minBet?: number
  page: number
  total: number
  totalPages: number
  /** Games shown: one page, or every page so far after infinite-scroll appends. */
  items: Game[]
  /** A request for a new query is running (the items are of the previous query). */
  loading: boolean
  /** An infinite-scroll page is being appended. */
  appending: boolean
  error?: ApiError
  /** At least one answer arrived for this game type. */
  ready: boolean
}

/** A normal-mode page request as the list sends it (paging and filters, no transport details). */
export type GameListQuery = Pick<RequestOf<'gameList'>, 'gameType' | 'vassalage' | 'gameClassify' | 'gameName' | 'minBet' | 'page' | 'pageSize'>
/** Fetches one page of the normal list; `signal` aborts it when a newer query replaces it. */
export type FetchGamePage = (query: GameListQuery, signal: AbortSignal) => Promise<ResponseOf<'gameList'>>

/**
 * Where each list mode's games come from (SPEC §7): the normal list is filtered and paged by the
 * platform; favourites, recent and hot games have calls of their own, which know nothing of the
 * list's filters, so the list filters and pages them itself. `signal` aborts a call that a newer
 * query replaced.
 */
export interface GameListSources {
  /** normal: one page of the game list (`gameList`). */
  page: FetchGamePage
  /** fav: one page of the member's favourites of a type (`favouriteList`). */
  favourites(query: { gameType: GameType; page: number; pageSize: number }, signal: AbortSignal): Promise<ResponseOf<'favouriteList'>>
  /** recent: the member's recently played games of a type (`recentGames`). */
  recent(gameType: GameType, signal: AbortSignal): Promise<Pick<ResponseOf<'recentGames'>, 'list'>>
  /** hot: the hot games of a type (`hotGames`). */
  hot(gameType: GameType, signal: AbortSignal): Promise<Pick<ResponseOf<'hotGames'>, 'list'>>
}

/** Caches a load under a key for a short while (the list's own cache). */
export type Cached = <T>(key: string, load: () => Promise<T>) => Promise<T>

/** What one query shows: a page of games, the totals, and the page it really is. */
export interface Answer {
  list: Game[]
  total: number
  totalPages: number
  page: number
}
