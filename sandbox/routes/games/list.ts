import type { Hono } from 'hono'
import type { ParsedRequestOf } from '../../../sdk/contract/all.ts'
import { Fail } from '../../http/fail.ts'
import type { Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { type ListFilter, catalogueOf, listGames, pageOf, toGame, toVendor } from '../../games/catalogue.ts'
import { langOf } from './language.ts'

/**
 * The catalogue's games: the filtered and paged game list (one shared reply per query), one game by
 * its id, and the hot games with the footer vendors.
 * @module
 */

const HOT_LIMIT = 30

/** The list filters of a game-list query, normalized (trimmed name, minimum bet in minor units). */
function listFilter(input: ParsedRequestOf<'gameList'>): ListFilter {
  return {
    vassalage: input.vassalage || undefined,
    gameClassify: input.gameClassify || undefined,
    gameName: input.gameName?.trim() || undefined,
    // 0 is the "all" option; other values select games with exactly that minimum bet.
    minBet: input.minBet ? Math.round(input.minBet * 100) : undefined,
  }
}

/**
 * Mounts the game list, one-game and hot-games endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerGameListRoutes(app: Hono, deps: Deps): void {
  // Favourites, recent and hot games have calls of their own (favouriteList, recentGames, hotGames).
  handle(
    app,
    deps,
    'gameList',
    async (input, ctx) => {
      const c = await catalogueOf(ctx.db)
      const lang = langOf(input.language, ctx)
      return pageOf(listGames(c, input.gameType, listFilter(input), lang), input.page, input.pageSize, (g) => toGame(g, lang))
    },
    {
      // The list is the same for every caller: one serialized reply per query and loaded catalogue
      // (a reseed loads a new one).
      share: async (input, ctx) => {
        const f = listFilter(input)
        return {
          scope: await catalogueOf(ctx.db),
          key: JSON.stringify([langOf(input.language, ctx), input.gameType, f.vassalage, f.gameClassify, f.gameName, f.minBet, input.page, input.pageSize]),
        }
      },
    },
  )

  handle(app, deps, 'gameInfo', async (input, ctx) => {
    const g = (await catalogueOf(ctx.db)).byId.get(input.nodeId)
    if (!g) throw new Fail('not_found', `No game ${input.nodeId}`)
    return toGame(g, langOf(input.language, ctx))
  })

  handle(app, deps, 'hotGames', async (input, ctx) => {
    const c = await catalogueOf(ctx.db)
    const lang = langOf(input.language, ctx)
    const list = c.games
      .filter((g) => g.isHot === 1 && g.isGame === 'GAME' && (!input.gameType || g.gameType === input.gameType))
      .sort((a, b) => b.popularity - a.popularity || a.nodeId.localeCompare(b.nodeId))
      .slice(0, HOT_LIMIT)
    return { list: list.map((g) => toGame(g, lang)), footer: c.vendors.map(toVendor) }
  })
}
