import type { Hono } from 'hono'
import { Fail } from '../../http/fail.ts'
import { memberOf, type Ctx, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { catalogueOf, gamesOf, nameLanguage, pageOf, toGame } from '../../games/catalogue.ts'

/**
 * A member's favourite games: their ids, a page of them, adding and removing one.
 * @module
 */

async function favouriteIds(ctx: Ctx, memberId: string): Promise<string[]> {
  const rows = await ctx.db.query<{ node_id: string }>('SELECT node_id FROM favourites WHERE member_id = $1 ORDER BY created_at DESC, node_id', [memberId])
  return rows.map((r) => r.node_id)
}

/**
 * Mounts the favourite endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerFavouriteRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'favouriteIds', async (input, ctx) => {
    const member = memberOf(ctx)
    const ids = await favouriteIds(ctx, member.id)
    if (!input.gameType) return ids
    const c = await catalogueOf(ctx.db)
    return ids.filter((id) => c.byId.get(id)?.gameType === input.gameType)
  })

  handle(app, deps, 'favouriteList', async (input, ctx) => {
    const member = memberOf(ctx)
    const c = await catalogueOf(ctx.db)
    const lang = nameLanguage(ctx.language)
    const games = gamesOf(c, await favouriteIds(ctx, member.id)).filter((g) => !input.gameType || g.gameType === input.gameType)
    return pageOf(games, input.page, input.pageSize, (g) => toGame(g, lang))
  })

  handle(app, deps, 'favouriteAdd', async (input, ctx) => {
    const member = memberOf(ctx)
    const c = await catalogueOf(ctx.db)
    if (!c.byId.has(input.nodeId)) throw new Fail('not_found', `No game ${input.nodeId}`)
    await ctx.db.query('INSERT INTO favourites (member_id, node_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (member_id, node_id) DO NOTHING', [
      member.id,
      input.nodeId,
      ctx.now(),
    ])
    return favouriteIds(ctx, member.id)
  })

  handle(app, deps, 'favouriteRemove', async (input, ctx) => {
    const member = memberOf(ctx)
    const c = await catalogueOf(ctx.db)
    if (!c.byId.has(input.nodeId)) throw new Fail('not_found', `No game ${input.nodeId}`)
    await ctx.db.query('DELETE FROM favourites WHERE member_id = $1 AND node_id = $2', [member.id, input.nodeId])
    return favouriteIds(ctx, member.id)
  })
}
