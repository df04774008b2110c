/**
 * Lobby and games: menus and vendor lanes, hot games, winner board, the electronic game list with
 * its filters and paging, favourites, recent games, PvP rooms and lazy images. The launch rules are
 * their own entry (`./launch.ts`, only its types here): pages load them when a card is opened.
 * @module
 */
import { onMount } from 'nanostores'
import { $locale } from '../i18n/index.ts'
import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core/site.ts'
import { minBetOptions } from '../contract/games.ts'
import { $loggedIn } from '../stores/session.ts'
import { onFavouritesChanged } from './favourites.ts'
import { createGameList, type GameList, type GameListSources } from './list.ts'
import { loadRecentGames } from './recent.ts'

export {
  regroupMenus,
  prizeModeOf,
  vendorsOf,
  gameMenus,
  cockfightVendors,
  lotteryVendors,
  electronicTypes,
  categoryTypes,
  type ElectronicType,
  type CategoryType,
  type PrizeMode,
} from './menus.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core/site.ts).
const api = roomApi({ gameList: core.gameList, favouriteList: core.favouriteList, recentGames: core.recentGames, hotGames: core.hotGames })
export { hotGames, classifications } from './lobby.ts'
// The category pages' own stores (lanes, winner board, PvP rooms) are imported from ./category.ts, not
// through here: this barrel's modules load with every games page.
export { createGameList, listModes, type GameList, type GameListState, type GameListSources, type ListMode, type FetchGamePage, type GameListQuery } from './list.ts'
export { pageSize, targetPage, hasMore, pageItems, type PageTarget, type PageItem } from './paging.ts'
export { $favouriteIds, $favouriteError, loadFavourites, toggleFavourite, isFavourite, onFavouritesChanged } from './favourites.ts'
export { $recentGames, loadRecentGames } from './recent.ts'
// Types only: a value exported here would bring the launch rules into every page that lists games.
export type { LaunchDecision, LaunchTarget, LaunchGame, FrameSource, FrameAddress } from './launch.ts'
export { LoadedCache, loadWithRetry, browserLoad, inLoadRange, createLazyWatcher, lazyImageDefaults, type LazyWatcher, type LoadOnce } from './images.ts'
export { watchGamePicture, type PictureResult } from './pictures.ts'
export { throttle, scrollThrottleMs, type Throttled } from './throttle.ts'
// The game frame's address and message checks (./frame.ts) are imported from there by the launch rules and
// the game frame: re-exported here, they would join the lobby's first-load chunk with this module.

/** Minimum-bet options of the filter (SPEC §9); `undefined` is "all". */
export const minBetChoices: readonly (number | undefined)[] = [undefined, ...minBetOptions]

/**
 * The platform calls behind each list mode (SPEC §7): game list, favourite list, recent games and hot
 * games, in the page language.
 * @example const popupList = createGameList(gameListSources)
 */
export const gameListSources: GameListSources = {
  page: (query, signal) => api('gameList', { ...query, language: $locale.get() }, { signal }),
  favourites: ({ gameType, page, pageSize }, signal) => api('favouriteList', { gameType, page: String(page), pageSize: String(pageSize) }, { signal }),
  recent: (gameType, signal) => api('recentGames', { gameType }, { signal }),
  hot: (gameType, signal) => api('hotGames', { gameType, language: $locale.get() }, { signal }),
}

/**
 * The electronic game list of the page (one per page: the games page shows one list).
 * @example await gameList.open('RNG'); await gameList.searchName('dragon')
 */
export const gameList = createGameList(gameListSources)

/**
 * Keeps a list in step with the member's actions and the language: favourite and recent lists follow
 * the member, every mode follows the language, and signing out leaves fav and recent for the normal
 * list. Returns the function that stops it (an embedded list stops when its element is removed).
 * @example const stop = followSession(createGameList(gameListSources))
 */
export function followSession(list: GameList): () => void {
  const reloadModes = (modes: readonly string[]) => {
    list.invalidate()
    const state = list.$state.get()
    if (state.ready && modes.includes(state.mode)) void list.reload()
  }
  const stops = [
    onFavouritesChanged(() => reloadModes(['fav'])),
    $locale.listen(() => reloadModes(['normal', 'hot', 'fav', 'recent'])),
    $loggedIn.listen((loggedIn) => {
      const state = list.$state.get()
      // fav and recent belong to the member: signing out leaves them for the normal list.
      if (!loggedIn && (state.mode === 'fav' || state.mode === 'recent')) void list.setMode('normal')
      else reloadModes(['fav', 'recent'])
    }),
  ]
  return () => {
    for (const stop of stops) stop()
  }
}

// The page's list follows the session while something shows it (importing this module starts nothing).
onMount(gameList.$state, () => followSession(gameList))

/** Call after a round was played (the game frame does, on `lk:round`): recent games change. */
export function afterRound(): void {
  void loadRecentGames()
  gameList.invalidate()
}
export { $vendorPopup, openVendorPopup, closeVendorPopup } from './popup.ts'
export { createGamesPage, vendorFromAddress, type GamesPage, type GamesPageOptions } from './page.ts'
