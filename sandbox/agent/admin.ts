/**
 * Dev-only admin route of the agent centre (absent in production): run a pay run now, for tests and
 * demos. Documented in the README.
 * @module
 */
import type { Hono } from 'hono'
import * as v from 'valibot'
import { ContractKindSchema } from '../../sdk/contract/all.ts'
import { Fail, failResponse, invalid } from '../http/fail.ts'
import { parseJson, readBody } from '../http/body.ts'
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
  app.post('/sandbox/admin/agent/ceilings', async (c) => {
    try {
      const text = await readBody(c.req.raw)
      const parsed = v.safeParse(CeilingsRequest, text.trim() ? parseJson(text) : {})
      if (!parsed.success)
        throw new Fail('validation_failed', 'Expected { [kind]: { rateBp?, winRateBp?, lossRateBp? } } in basis points.', { fields: invalid(parsed.issues).fields })
      return c.json({ success: true, code: 'ok', message: '', value: { ceilings: await setPayCeilings(deps.db, parsed.output) } })
    } catch (err) {
      if (err instanceof Fail) return failResponse(c, err)
      console.error('[sandbox] agent ceilings failed:', err)
      return failResponse(c, new Fail('server_error'))
    }
  })
}

/** Registers `POST /sandbox/admin/agent/payrun` (`{ kind?, at? }` → the payouts of the run). */
function registerPayRun(app: Hono, deps: Deps): void {
  app.post('/sandbox/admin/agent/payrun', async (c) => {
    try {
      const text = await readBody(c.req.raw)
      const parsed = v.safeParse(PayRunRequest, text.trim() ? parseJson(text) : {})
      if (!parsed.success) throw new Fail('validation_failed', 'Expected { "kind"?: a contract kind, "at"?: epoch ms }.', { fields: invalid(parsed.issues).fields })
      const paid = await payRun(deps.db, parsed.output.at ?? deps.now(), parsed.output.kind)
      return c.json({ success: true, code: 'ok', message: '', value: { paid } })
    } catch (err) {
      if (err instanceof Fail) return failResponse(c, err)
      console.error('[sandbox] agent pay run failed:', err)
      return failResponse(c, new Fail('server_error'))
    }
  })
}
