/**
 * Dev-only routes (absent in production): the dev inbox and the admin switches that tests and
 * people use to flip whitelabel flags, maintenance and region restriction, or reseed.
 * @module
 */
import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import { whitelabelFlags } from '../../sdk/contract/index.ts'
import { Fail, failResponse, invalid, parseJson, readBody, type Deps } from '../http.ts'
import { loadFlags, setFlag, setStatus } from '../settings.ts'

const FlagRequest = v.object({ flag: v.picklist(whitelabelFlags), enabled: v.boolean() })
const StatusRequest = v.object({
  maintenance: v.optional(v.boolean()),
  regionRestriction: v.optional(v.boolean()),
  loginOnly: v.optional(v.boolean()),
})

/** Reseeds the database; supplied by the app (it owns the seed). */
export type ResetFn = () => Promise<void>

async function body<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const text = await readBody(c.req.raw)
  const parsed = v.safeParse(schema, text.trim() ? parseJson(text) : {})
  if (!parsed.success) throw invalid(parsed.issues)
  return parsed.output
}

const ok = (c: Context, value: unknown) => c.json({ success: true, code: 'ok', message: '', value })

const wrap = (fn: (c: Context) => Promise<Response>) => async (c: Context) => {
  try {
    return await fn(c)
  } catch (err) {
    if (err instanceof Fail) return failResponse(c, err)
    console.error('[sandbox] admin route failed:', err)
    return failResponse(c, new Fail('server_error'))
  }
}

/** Registers `/sandbox/inbox` and `/sandbox/admin/*`. */
export function registerAdminRoutes(app: Hono, deps: Deps, reset: ResetFn): void {
  app.get('/sandbox/inbox', (c) => c.json(deps.inbox.list()))

  app.post(
    '/sandbox/admin/flags',
    wrap(async (c) => {
      const { flag, enabled } = await body(c, FlagRequest)
      await setFlag(deps.db, flag, enabled)
      return ok(c, await loadFlags(deps.db))
    }),
  )

  app.post(
    '/sandbox/admin/status',
    wrap(async (c) => {
      const change = await body(c, StatusRequest)
      const status = await setStatus(deps.db, change)
      if (change.loginOnly !== undefined) await setFlag(deps.db, 'LOGINONLY3', change.loginOnly)
      const flags = await loadFlags(deps.db)
      return ok(c, { maintenance: status.maintenance.enabled, regionRestriction: status.regionRestriction.enabled, loginOnly: flags.LOGINONLY3 })
    }),
  )

  app.post(
    '/sandbox/admin/reset',
    wrap(async (c) => {
      await reset()
      return ok(c, {})
    }),
  )
}
