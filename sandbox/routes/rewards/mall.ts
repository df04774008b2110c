import type { Hono } from 'hono'
import { memberOf, realMemberOf, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { textLangOf } from '../../games/texts.ts'
import { memberBalance } from '../../ledger.ts'
import { checkPaymentPassword } from '../../money/profile.ts'
import { convertPoints, mallRewards, pointsDetails, ratioOf, redeem, redeemsOf } from '../../rewards/mall.ts'
import { pointsOf } from '../../rewards/points.ts'

/**
 * The point mall: rewards, redeem with the payment password, redeem history, points details and the
 * conversion of points to balance.
 * @module
 */

/**
 * Mounts the point mall endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerMallRoutes(app: Hono, deps: Deps): void {
  // The catalogue for everyone: what each reward costs, not who may redeem it.
  handle(app, deps, 'mallCatalogue', async (_input, ctx) => ({ ratio: await ratioOf(ctx.db), rewards: await mallRewards(ctx.db, textLangOf(undefined, ctx.language)) }))

  handle(app, deps, 'mallInfo', async (_input, ctx) => {
    const m = memberOf(ctx)
    const [t] = await ctx.db.query<{ valid_bet: number }>('SELECT valid_bet FROM reward_totals WHERE member_id = $1', [m.id])
    return {
      points: await pointsOf(ctx.db, m.id),
      ratio: await ratioOf(ctx.db),
      validBet: Number(t?.valid_bet ?? 0),
      rewards: await mallRewards(ctx.db, textLangOf(undefined, ctx.language)),
    }
  })

  handle(app, deps, 'mallRedeem', async (input, ctx) => {
    const m = realMemberOf(ctx)
    // Checked on its own, before the redeem's transaction: a wrong password must count as a try.
    await checkPaymentPassword(ctx.db, m.id, input.paymentPassword, ctx.now(), ctx.payHasher)
    return redeem(ctx.db, m.id, input.rewardId, input.idempotencyKey, textLangOf(undefined, ctx.language), ctx.now())
  })

  handle(app, deps, 'mallRedeems', async (_input, ctx) => ({ list: await redeemsOf(ctx.db, memberOf(ctx).id, textLangOf(undefined, ctx.language)) }))
  handle(app, deps, 'pointsDetails', async (_input, ctx) => ({ list: await pointsDetails(ctx.db, memberOf(ctx).id) }))

  handle(app, deps, 'pointsConvert', async (input, ctx) => {
    const m = realMemberOf(ctx)
    await checkPaymentPassword(ctx.db, m.id, input.paymentPassword, ctx.now(), ctx.payHasher)
    const done = await convertPoints(ctx.db, m.id, input.points, input.idempotencyKey, ctx.now())
    return { ...done, balance: await memberBalance(ctx.db, m.id) }
  })
}
