import type { Hono } from 'hono'
import { memberOf, type Ctx, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { TRIAL } from '../../auth/members.ts'

/**
 * What the header's badges count for the signed-in member: unread messages, promotions still to
 * claim, the VIP level.
 * @module
 */

/** Unread platform messages of a member. */
async function unreadMessages(ctx: Ctx, memberId: string): Promise<number> {
  const rows = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM member_messages WHERE member_id = $1 AND read_at IS NULL', [memberId])
  return Number(rows[0]?.n ?? 0)
}

/**
 * Mounts the header badge endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerBadgeRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'infoIcon', async (_input, ctx) => {
    const m = memberOf(ctx)
    const promos = await ctx.db.query<{ n: number | string }>(
      `SELECT count(*)::int AS n FROM notices n
        WHERE n.type = 'PR' AND n.start_time <= $2
          AND NOT EXISTS (SELECT 1 FROM raffle_claims c WHERE c.member_id = $1 AND c.promotion_id = n.id)`,
      [m.id, ctx.now()],
    )
    return {
      unreadMessage: await unreadMessages(ctx, m.id),
      availablePromoCount: Number(promos[0]?.n ?? 0),
      hasVip: m.rankLevel >= 1,
      vipRankLevel: m.rankLevel,
      availablePromo: { REFERRAL: { enabled: m.type !== TRIAL } },
    }
  })

  handle(app, deps, 'unreadCount', async (_input, ctx) => unreadMessages(ctx, memberOf(ctx).id))
}
