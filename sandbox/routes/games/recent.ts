import type { Hono } from 'hono'
import type { GameType } from '../../../sdk/contract/all.ts'
import { memberOf, type Ctx, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { catalogueOf, gamesOf, nameLanguage, toGame } from '../../games/catalogue.ts'

/**
 * A member's recently played games, newest first.
 * @module
 */

/** Games a recent list holds (newest first, one entry per game). */
export const RECENT_LIMIT = 20

/**
 * The member's recently played games, newest first, one entry per game, of one type when `gameType`
 * is given. The type is filtered before the limit, so a member who played other types since still
 * gets a full list of this one.
 */
async function recentIds(ctx: Ctx, memberId: string, gameType: GameType | undefined, limit: number): Promise<string[]> {
  const rows = await ctx.db.query<{ node_id: string }>(
    `SELECT r.node_id FROM rounds r JOIN games g ON g.node_id = r.node_id
     WHERE r.member_id = $1 AND r.status = 'settled' AND ($2::text IS NULL OR g.game_type = $2)
     GROUP BY r.node_id ORDER BY max(r.created_at) DESC, r.node_id LIMIT $3`,
    [memberId, gameType ?? null, limit],
  )
  return rows.map((r) => r.node_id)
}

/**
 * Mounts the recent-games endpoint.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerRecentGameRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'recentGames', async (input, ctx) => {
    const member = memberOf(ctx)
    const c = await catalogueOf(ctx.db)
    const lang = nameLanguage(ctx.language)
    const games = gamesOf(c, await recentIds(ctx, member.id, input.gameType, RECENT_LIMIT))
    return { list: games.map((g) => toGame(g, lang)), totalPages: games.length > 0 ? 1 : 0 }
  })
}
