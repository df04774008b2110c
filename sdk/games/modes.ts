/**
 * The favourite, recent and hot lists of the games page (SPEC §4 list modes). Their platform calls
 * know nothing of the list's filters, so the whole list is read and filtered and paged here. Loaded
 * on the first of those tabs picked (`list.ts` imports it on demand).
 * @module
 */
import { searchKey, type Game, type GameType } from '../contract/index.ts'
import type { Answer, Cached, GameListSources, GameListState } from './list-state.ts'
import { pageSize } from './paging.ts'

/** Favourites are read whole in pages of the contract's largest size. */
const favouritesPageSize = 100
// A platform that kept saying "more pages" would otherwise be asked forever.
const favouritesMaxPages = 50

/** Whether a game passes the list's filters, as the platform's game list applies them. */
function passes(g: Game, s: GameListState, term: string): boolean {
  return (
    g.gameType === s.gameType &&
    (!s.vendor || g.vassalage === s.vendor) &&
    (!s.classify || g.gameClassify === s.classify) &&
    // 0 is the "all" option, as on the platform; amounts compare in minor units (0.1 + 0.2 ≠ 0.3).
    (!s.minBet || Math.round(g.minBet * 100) === Math.round(s.minBet * 100)) &&
    (!term || searchKey(g.displayName).includes(term))
  )
}

/** The page of `games` that `page` shows, clamped to 1..totalPages. */
function pageOfList(games: readonly Game[], page: number, size: number): Answer {
  const totalPages = Math.ceil(games.length / size)
  const shown = Math.min(Math.max(1, page), Math.max(1, totalPages))
  return {
    list: games.slice((shown - 1) * size, shown * size),
    total: games.length,
    totalPages,
    page: shown,
  }
}

async function allFavourites(sources: GameListSources, gameType: GameType, signal: AbortSignal): Promise<Game[]> {
  const games: Game[] = []
  for (let page = 1; page <= favouritesMaxPages; page++) {
    const reply = await sources.favourites({ gameType, page, pageSize: favouritesPageSize }, signal)
    games.push(...reply.list)
    if (page >= reply.totalPages || reply.list.length === 0) break
  }
  return games
}

/** The whole member list of a mode other than normal, before the filters (hot lists are cached). */
function wholeList(sources: GameListSources, cached: Cached, mode: Exclude<GameListState['mode'], 'normal'>, gameType: GameType, signal: AbortSignal): Promise<readonly Game[]> {
  if (mode === 'fav') return allFavourites(sources, gameType, signal)
  if (mode === 'recent') return sources.recent(gameType, signal).then((reply) => reply.list)
  return cached(`hot|${gameType}`, () => sources.hot(gameType, signal).then((reply) => reply.list))
}

/**
 * The page `page` of the fav, recent or hot list (`mode`) of `s`, with the list's filters applied.
 * @param cached - the list's short-lived cache (hot lists are shared; fav and recent are always fresh)
 * @param size - games per page (the list's page size)
 */
export async function modeAnswer(
  sources: GameListSources,
  cached: Cached,
  s: GameListState,
  mode: Exclude<GameListState['mode'], 'normal'>,
  page: number,
  signal: AbortSignal,
  size = pageSize,
): Promise<Answer> {
  const term = searchKey(s.name)
  // One card per game even if the platform lists one twice: React keys and paging count on it.
  const byId = new Map<string, Game>()
  for (const g of await wholeList(sources, cached, mode, s.gameType, signal)) if (!byId.has(g.nodeId) && passes(g, s, term)) byId.set(g.nodeId, g)
  return pageOfList([...byId.values()], page, size)
}
