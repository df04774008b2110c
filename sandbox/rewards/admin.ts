/**
 * Dev-only admin routes of the rewards engine (absent in production): list and decide point-mall
 * redeems and activity applications, set a promotion's budget, the referral rule and the deposit
 * points' turnover. Documented in the README.
 * @module
 */
import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import { Fail } from '../http/fail.ts'
import { adminBody, adminRoute } from '../http/admin.ts'
import type { Deps } from '../http/context.ts'
import { applicationsInProcess, decideApplication } from './activities.ts'
import { decideRedeem, redeemsInProcess } from './mall.ts'
import { DEPOSIT_POINTS_TURNOVER_KEY } from './points.ts'
import { referralRules, setReferralRules } from './referral.ts'
import { putSetting } from '../settings.ts'

const RemarkRequest = v.strictObject({ remark: v.optional(v.pipe(v.string(), v.maxLength(500)), '') })
const BudgetRequest = v.strictObject({ code: v.pipe(v.string(), v.maxLength(32)), budget: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1e12)) })

const amount = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1e10))
const ReferralRulesRequest = v.strictObject({
  minDeposit: v.optional(v.pipe(amount, v.minValue(1))),
  minStake: v.optional(v.pipe(amount, v.minValue(1))),
  bonus: v.optional(amount),
  perMonth: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000))),
})
const DepositPointsRequest = v.strictObject({ turnover: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)) })

const wrap = (fn: (c: Context) => Promise<unknown>) => adminRoute('rewards admin route', fn)

/** Registers `/sandbox/admin/rewards/…`. */
export function registerRewardAdminRoutes(app: Hono, deps: Deps): void {
  app.get(
    '/sandbox/admin/rewards/redeems',
    wrap(async () => ({ redeems: await redeemsInProcess(deps.db) })),
  )
  for (const [verb, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/sandbox/admin/rewards/redeems/:id/${verb}`,
      wrap(async (c) => {
        const { remark } = await adminBody(c, RemarkRequest)
        await decideRedeem(deps.db, (c.req.param('id') ?? '').slice(0, 64), decision, remark, deps.now())
        return {}
      }),
    )
    app.post(
      `/sandbox/admin/rewards/applications/:member/:promotion/${verb}`,
      wrap(async (c) => {
        const { remark } = await adminBody(c, RemarkRequest)
        await decideApplication(deps.db, (c.req.param('member') ?? '').slice(0, 64), (c.req.param('promotion') ?? '').slice(0, 64), decision, remark, deps.now())
        return {}
      }),
    )
  }
  app.get(
    '/sandbox/admin/rewards/applications',
    wrap(async () => ({ applications: await applicationsInProcess(deps.db) })),
  )
  // The referral rule: qualifying deposit and stake (each at least 0.01), bonus each side, monthly cap.
  app.get(
    '/sandbox/admin/rewards/referral',
    wrap(async () => referralRules(deps.db)),
  )
  app.post(
    '/sandbox/admin/rewards/referral',
    wrap(async (c) => setReferralRules(deps.db, await adminBody(c, ReferralRulesRequest))),
  )
  // How many times a deposit is staked before the points it earned may be spent (0: at once).
  app.post(
    '/sandbox/admin/rewards/deposit-points',
    wrap(async (c) => {
      const { turnover } = await adminBody(c, DepositPointsRequest)
      await putSetting(deps.db, DEPOSIT_POINTS_TURNOVER_KEY, turnover)
      return { turnover }
    }),
  )
  app.post(
    '/sandbox/admin/rewards/budget',
    wrap(async (c) => {
      const { code, budget } = await adminBody(c, BudgetRequest)
      const rows = await deps.db.query<{ spent: number }>('UPDATE reward_promotions SET budget = GREATEST($2, spent) WHERE code = $1 RETURNING spent', [code, budget])
      if (!rows[0]) throw new Fail('not_found', `No promotion ${code}.`)
      return { code, budget: Math.max(budget, Number(rows[0].spent)), spent: Number(rows[0].spent) }
    }),
  )
}
