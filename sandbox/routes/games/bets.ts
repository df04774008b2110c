import type { Hono } from 'hono'
import { memberOf, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { catalogueOf, nameLanguage } from '../../games/catalogue.ts'
import { limitOffset, pageFrom } from '../../db/page.ts'

/**
 * A member's settled rounds, newest first, a page at a time.
 * @module
 */

/**
 * Mounts the bet-history endpoint.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerBetHistoryRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'betHistory', async (input, ctx) => {
    const member = memberOf(ctx)
    const c = await catalogueOf(ctx.db)
    const lang = nameLanguage(ctx.language)
    const [{ total }] = await ctx.db.query<{ total: string | number }>(`SELECT count(*) AS total FROM rounds WHERE member_id = $1 AND status = 'settled'`, [member.id])
    const rows = await ctx.db.query<{ id: string; node_id: string; stake: string | number; payout: string | number; created_at: string | number }>(
      `SELECT id, node_id, stake, payout, created_at FROM rounds WHERE member_id = $1 AND status = 'settled'
       ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
      [member.id, ...limitOffset(input)],
    )
    const list = rows.map((r) => {
      const g = c.byId.get(r.node_id)
      return {
        roundId: r.id,
        nodeId: r.node_id,
        gameName: g?.name[lang] ?? r.node_id,
        gameType: g?.gameType ?? 'RNG',
        stake: Number(r.stake),
        payout: Number(r.payout),
        time: new Date(Number(r.created_at)).toISOString(),
      }
    })
    return pageFrom(list, total, input)
  })
}
