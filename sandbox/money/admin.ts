/**
 * Dev-only admin routes of the money simulator (absent in production): approve, reject and disburse
 * withdrawals, set the minutes after which an unconfirmed disbursal counts as received, and list the
 * withdrawals waiting. Documented in the README.
 * @module
 */
import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import { adminBody, adminRoute } from '../http/admin.ts'
import type { Deps } from '../http/context.ts'
import { autoConfirm, confirmMinutes, decideWithdrawal, setConfirmMinutes, type Decision } from './withdraw.ts'

const MinutesRequest = v.strictObject({ minutes: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(7 * 24 * 60)) })

const wrap = (fn: (c: Context) => Promise<unknown>) => adminRoute('money admin route', fn)

/** Registers `/sandbox/admin/withdrawals…`. */
export function registerMoneyAdminRoutes(app: Hono, deps: Deps): void {
  app.get(
    '/sandbox/admin/withdrawals',
    wrap(async (c) => {
      await autoConfirm(deps.db, deps.now())
      const status = c.req.query('status') ?? null
      const rows = await deps.db.query<{ id: string; member_id: string; amount: string | number; status: string; created_at: string | number }>(
        `SELECT w.id, m.username AS member, w.amount, w.status, w.created_at FROM withdrawals w JOIN members m ON m.id = w.member_id
       WHERE ($1::text IS NULL OR w.status = $1) ORDER BY w.created_at DESC LIMIT 200`,
        [status],
      )
      return { confirmMinutes: await confirmMinutes(deps.db), withdrawals: rows.map((r) => ({ ...r, amount: Number(r.amount), created_at: Number(r.created_at) })) }
    }),
  )

  for (const decision of ['approve', 'reject', 'disburse'] as const satisfies readonly Decision[]) {
    app.post(
      `/sandbox/admin/withdrawals/:id/${decision}`,
      wrap((c) => decideWithdrawal(deps.db, (c.req.param('id') ?? '').slice(0, 64), decision, deps.now())),
    )
  }

  app.post(
    '/sandbox/admin/withdrawals/minutes',
    wrap(async (c) => {
      const { minutes } = await adminBody(c, MinutesRequest, 'Expected { "minutes": an integer from 1 to 10080 }.')
      await setConfirmMinutes(deps.db, minutes)
      return { confirmMinutes: minutes }
    }),
  )
}
