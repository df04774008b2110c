/**
 * The lottery: the poll rule, filters and address, the lobby stores (menus polled by the rule,
 * popular, recent, opened numbers), favourites per username (LOTTFAV), draw history, verification
 * and trend. The launcher is its own entry (`./launch.ts`), loaded when a game is opened.
 * @module
 */
export { pollDelayMs, lotteryPollFallbackMs, lotteryPollCapMs, lotteryPollFloorMs, type PollGame } from './poll.ts'
export {
  filterGames,
  filtersFromQuery,
  queryOfFilters,
  tagsOf,
  drawsOn,
  weekDayOf,
  displayNumber,
  noFilters,
  type LotteryFilters,
  type LotteryGame,
  type LotteryMenus,
} from './filters.ts'
export { createLotteryLobby, secondsLeft, popularCount, recentCount, openedCount, type LotteryLobby, type LotteryLobbyOptions } from './lobby.ts'
export { $lotteryFavourites, toggleLotteryFavourite } from './favourites.ts'
export { closingSoon, closingSoonCount } from './closing.ts'
export { prizeModeOf, lotteryVendors, type PrizeMode } from '../games/menus.ts'
export type { LotteryLaunch } from './launch.ts'
