import type { Hono } from 'hono'
import { memberOf, realMemberOf, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { Fail } from '../../http/fail.ts'
import { textLangOf } from '../../games/texts.ts'
import { TRIAL } from '../../auth/members.ts'
import type { Member } from '../../auth/members.ts'
import { bonusProgress, wageringRemaining } from '../../money/promotion.ts'
import { qrPath } from '../../qr.ts'
import { claimAward, type AwardRow } from '../../rewards/awards.ts'
import { claimableMissions, claimMission, leaderboard, missionsOf } from '../../rewards/missions.ts'
import { pointsOf } from '../../rewards/points.ts'
import { claimRebate, rebateOf } from '../../rewards/rebate.ts'
import { friendsOf, referralCodeOf, referralRules } from '../../rewards/referral.ts'
import { vipLadder, vipOf } from '../../rewards/vip.ts'

/**
 * The member centre's reward pages: reward centre and bonus details, missions and the leaderboard,
 * VIP, referral and the manual rebate, all read from and claimed through the rewards engine.
 * @module
 */

/** Whether the member may invite friends (the header's availablePromo.REFERRAL). */
export const referralEnabled = (m: Member): boolean => m.type !== TRIAL

const awardView = (a: AwardRow) => ({
  id: a.id,
  source: a.source,
  // A referral's ref is the friend's id: the page names the source only.
  ref: a.source === 'referral' ? '' : a.ref,
  amount: Number(a.amount),
  status: a.status,
  createdAt: Number(a.created_at),
  claimedAt: a.claimed_at === null ? null : Number(a.claimed_at),
})

/**
 * Mounts the reward centre, mission, VIP, referral and rebate endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerRewardCentreRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'rewardSummary', async (_input, ctx) => {
    const m = memberOf(ctx)
    const [n] = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM reward_awards WHERE member_id = $1 AND status = 'claimable'", [m.id])
    return { points: await pointsOf(ctx.db, m.id), claimable: Number(n?.n ?? 0), missions: await claimableMissions(ctx.db, m.id, ctx.now()) }
  })

  handle(app, deps, 'rewardAwards', async (_input, ctx) => {
    const m = memberOf(ctx)
    const rows = await ctx.db.query<AwardRow>("SELECT * FROM reward_awards WHERE member_id = $1 ORDER BY (status = 'claimable') DESC, created_at DESC, id LIMIT 200", [m.id])
    return { list: rows.map(awardView) }
  })

  handle(app, deps, 'claimAward', async (input, ctx) => awardView(await claimAward(ctx.db, realMemberOf(ctx).id, input.awardId, ctx.now())))

  handle(app, deps, 'bonusDetails', async (_input, ctx) => {
    const m = memberOf(ctx)
    // Each bonus's progress is the withdrawal rule's own figure (sandbox/money/promotion.ts, stakes
    // shared out oldest first), and the total is that module's sum: the two pages cannot disagree.
    const bonuses = (await bonusProgress(ctx.db, m.id)).reverse().slice(0, 200)
    const awards = await ctx.db.query<{ id: string; source: string; ref: string }>('SELECT id, source, ref FROM reward_awards WHERE member_id = $1 AND id = ANY($2::text[])', [
      m.id,
      bonuses.map((b) => b.orderId),
    ])
    const byId = new Map(awards.map((a) => [a.id, a]))
    return {
      list: bonuses.map((b) => {
        const award = b.promotion.startsWith('AWARD:') ? byId.get(b.orderId) : undefined
        // A forfeited bonus requires nothing more.
        const remaining = b.forfeited ? 0 : b.required - b.wagered
        return {
          id: b.orderId,
          source: award?.source ?? 'deposit',
          ref: award?.source === 'referral' ? '' : (award?.ref ?? b.promotion),
          amount: b.bonus,
          required: b.required,
          wagered: b.wagered,
          remaining,
          receivedAt: b.createdAt,
        }
      }),
      remaining: await wageringRemaining(ctx.db, m.id),
    }
  })

  handle(app, deps, 'rewardMissions', async (_input, ctx) => ({ missions: await missionsOf(ctx.db, memberOf(ctx).id, textLangOf(undefined, ctx.language), ctx.now()) }))
  handle(app, deps, 'claimMission', async (input, ctx) => claimMission(ctx.db, realMemberOf(ctx).id, input.missionId, ctx.now()))
  handle(app, deps, 'rewardBoard', async (_input, ctx) => leaderboard(ctx.db, ctx.now(), 50, memberOf(ctx).id))

  handle(app, deps, 'vipInfo', async (_input, ctx) => vipOf(ctx.db, memberOf(ctx).id))
  handle(app, deps, 'vipLadder', async (_input, ctx) => ({ ranks: await vipLadder(ctx.db) }))

  handle(app, deps, 'referralInfo', async (input, ctx) => {
    const m = realMemberOf(ctx)
    if (!referralEnabled(m)) throw new Fail('not_enabled', 'Referral is not available for this account.')
    const code = await referralCodeOf(ctx.db, m.id)
    const link = `${input.origin}/register?referralCode=${encodeURIComponent(code)}`
    const [rule] = await ctx.db.query<{ points: number }>("SELECT points FROM points_rules WHERE trigger = 'referral'")
    return { code, link, qr: qrPath(link), friends: await friendsOf(ctx.db, m.id), rule: { ...(await referralRules(ctx.db)), joinPoints: Number(rule?.points ?? 0) } }
  })

  handle(app, deps, 'rebateInfo', async (_input, ctx) => {
    const m = memberOf(ctx)
    if (!(await ctx.flags()).MANPLAYREB3) throw new Fail('not_enabled', 'The manual rebate is not enabled.')
    return rebateOf(ctx.db, m.id, ctx.now())
  })
  handle(app, deps, 'claimRebate', async (_input, ctx) => {
    const m = realMemberOf(ctx)
    if (!(await ctx.flags()).MANPLAYREB3) throw new Fail('not_enabled', 'The manual rebate is not enabled.')
    const { amount } = await claimRebate(ctx.db, m.id, ctx.now())
    return { amount }
  })
}
