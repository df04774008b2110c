import type { Hono } from 'hono'
import { Fail } from '../../http/fail.ts'
import { realMemberOf, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { raffleClaimed } from '../rewards/activities.ts'

/**
 * Raffle claims: a real account claims a running promotion once.
 * @module
 */

/**
 * Mounts the raffle claim endpoint.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerRaffleRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'raffleClaim', async (input, ctx) => {
    const m = realMemberOf(ctx)
    const promo = await ctx.db.query<{ id: string }>(`SELECT id FROM notices WHERE id = $1 AND type = 'PR' AND start_time <= $2`, [input.promotionId, ctx.now()])
    if (!promo[0]) throw new Fail('not_found', 'There is no such promotion')
    // A promotion with a raffle activity is claimed through the rewards engine (paid once, from its budget).
    if (await raffleClaimed(ctx.db, m.id, promo[0].id, ctx.now())) return {}
    const claimed = await ctx.db.query('INSERT INTO raffle_claims (member_id, promotion_id, claimed_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING promotion_id', [
      m.id,
      promo[0].id,
      ctx.now(),
    ])
    if (!claimed.length) throw new Fail('conflict', 'This promotion was already claimed')
    return {}
  })
}
