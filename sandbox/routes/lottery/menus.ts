import type { Hono } from 'hono'
import type { Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { nameLanguage } from '../../games/catalogue.ts'
import { settleDue } from '../../lottery/settle.ts'
import { lotteries, menuGame, type MenuGame } from './games.ts'

/**
 * The lottery lobby's menus: every game by tag with its open draw, the caller's recent games, the
 * popular ones.
 * @module
 */

/**
 * Mounts the lottery menu endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerLotteryMenuRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'lotteryMenu', async (input, ctx) => {
    // The lobby polls the menus by the poll rule: draws that have happened settle here too.
    await settleDue(ctx.db, ctx.now())
    const { list } = await lotteries(ctx)
    const lang = nameLanguage(ctx.language)
    const now = ctx.now()
    const tags = new Map<string, MenuGame[]>()
    for (const l of list.filter((x) => x.modes.includes(input.prizeMode))) {
      const games = tags.get(l.row.tag) ?? []
      games.push(menuGame(l, lang, now))
      tags.set(l.row.tag, games)
    }
    return [...tags].map(([tag, gameMenus]) => ({ tag, gameMenus }))
  })

  handle(app, deps, 'lotteryRecent', async (input, ctx) => {
    if (!ctx.member) return []
    const { list } = await lotteries(ctx)
    const byNode = new Map(list.filter((l) => l.modes.includes(input.prizeMode)).map((l) => [l.rec.nodeId, l]))
    const rows = await ctx.db.query<{ node_id: string }>(
      `SELECT r.node_id FROM rounds r JOIN lottery_games l ON l.node_id = r.node_id WHERE r.member_id = $1 AND r.status = 'settled'
       GROUP BY r.node_id ORDER BY max(r.created_at) DESC LIMIT 100`,
      [ctx.member.id],
    )
    const lang = nameLanguage(ctx.language)
    const now = ctx.now()
    return rows
      .flatMap((r) => {
        const l = byNode.get(r.node_id)
        return l ? [menuGame(l, lang, now)] : []
      })
      .slice(0, input.recentCount ?? 100)
  })

  handle(app, deps, 'lotteryPopular', async (input, ctx) => {
    const { list } = await lotteries(ctx)
    const lang = nameLanguage(input.language ?? ctx.language)
    const now = ctx.now()
    return list
      .filter((l) => l.modes.includes(input.prizeMode))
      .sort((a, b) => b.rec.popularity - a.rec.popularity || a.row.game_code.localeCompare(b.row.game_code))
      .slice(0, input.count)
      .map((l) => menuGame(l, lang, now))
  })
}
