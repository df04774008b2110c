/**
 * Dev-only admin route of the agent centre (absent in production): run a pay run now, for tests and
 * demos. Documented in the README.
 * @module
 */
import type { Hono } from 'hono'
import * as v from 'valibot'
import { ContractKindSchema } from '../../sdk/contract/all.ts'
import { adminBody, adminRoute } from '../http/admin.ts'
import type { Deps } from '../http/context.ts'
import { payRun } from './payruns.ts'
import { setPayCeilings } from '../settings.ts'

const PayRunRequest = v.strictObject({
  kind: v.optional(ContractKindSchema),
  /** Run as if at this instant (epoch ms): each contract pays its last complete period before it. */
  at: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
})

const Bp = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000))
const Ceiling = v.strictObject({ rateBp: v.optional(Bp), winRateBp: v.optional(Bp), lossRateBp: v.optional(Bp) })
const CeilingsRequest = v.strictObject({
  dividend: v.optional(Ceiling),
  daily_salary: v.optional(Ceiling),
  hourly_salary: v.optional(Ceiling),
  realtime_salary: v.optional(Ceiling),
})

/**
 * Registers `POST /sandbox/admin/agent/payrun` (`{ kind?, at? }` → the payouts of the run) and
 * `POST /sandbox/admin/agent/ceilings` (`{ [kind]: { rateBp?, winRateBp?, lossRateBp? } }` → every
 * kind's ceiling: the most a top-level agent may offer).
 */
export function registerAgentAdminRoutes(app: Hono, deps: Deps): void {
  registerPayRun(app, deps)
  app.post(
    '/sandbox/admin/agent/ceilings',
    adminRoute('agent ceilings', async (c) => {
      const ceilings = await adminBody(c, CeilingsRequest, 'Expected { [kind]: { rateBp?, winRateBp?, lossRateBp? } } in basis points.')
      return { ceilings: await setPayCeilings(deps.db, ceilings) }
    }),
  )
}

/** Registers `POST /sandbox/admin/agent/payrun` (`{ kind?, at? }` → the payouts of the run). */
function registerPayRun(app: Hono, deps: Deps): void {
  app.post(
    '/sandbox/admin/agent/payrun',
    adminRoute('agent pay run', async (c) => {
      const { kind, at } = await adminBody(c, PayRunRequest, 'Expected { "kind"?: a contract kind, "at"?: epoch ms }.')
      return { paid: await payRun(deps.db, at ?? deps.now(), kind) }
    }),
  )
}
