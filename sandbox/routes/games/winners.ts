import type { Hono } from 'hono'
import type { Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { catalogueOf, nameLanguage } from '../../games/catalogue.ts'

/**
 * The winner board: the latest wins, of all games or one category, with masked accounts.
 * @module
 */

/**
 * Mounts the winner-board endpoint.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerWinnerRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'rankList', async (input, ctx) => {
    const c = await catalogueOf(ctx.db)
    const lang = nameLanguage(ctx.language)
    const rows = await ctx.db.query<{ account: string; node_id: string; win_amount: string | number; created_at: string | number }>(
      `SELECT w.account, w.node_id, w.win_amount, w.created_at FROM winners w JOIN games g ON g.node_id = w.node_id
       WHERE ($1 = 'ALL' OR g.game_type = $1) ORDER BY w.created_at DESC, w.id DESC LIMIT $2`,
      [input.gameCategory, input.limitNum],
    )
    return rows.flatMap((r) => {
      const g = c.byId.get(r.node_id)
      return g
        ? [{ vo: { account: r.account, gameName: g.name[lang], gameType: g.gameType, winAmount: Number(r.win_amount), time: new Date(Number(r.created_at)).toISOString() } }]
        : []
    })
  })
}
