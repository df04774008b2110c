/**
 * Dev-only routes (absent in production): the dev inbox and the admin switches that tests and
 * people use to flip whitelabel flags, maintenance and region restriction, or reseed.
 * @module
 */
import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import { languages, whitelabelFlags } from '../../sdk/contract/all.ts'
import { Fail, failResponse } from '../http/fail.ts'
import { adminBody } from '../http/admin.ts'
import type { Deps } from '../http/context.ts'
import { loadFlags, setFlag, setRegisterPolicy, setStatus } from '../settings.ts'

const FlagRequest = v.object({ flag: v.picklist(whitelabelFlags), enabled: v.boolean() })
// Texts per language, within the contract's limits (title 200, info 2000 characters); a blank text
// would leave the page without a heading, so it is refused.
const texts = (max: number) => {
  const text = v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be blank'), v.maxLength(max, `must be at most ${max} characters`)))
  const byLanguage: v.ObjectEntries = Object.fromEntries(languages.map((lang) => [lang, text]))
  return v.nullable(v.strictObject(byLanguage, `expected texts by language (${languages.join(', ')}), or null for the defaults`))
}
const isoDateTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/
// Date.parse rolls 31 February over into March; the written fields must be a real calendar date and time.
function isRealDate(text: string): boolean {
  const m = isoDateTime.exec(text)
  // A string of the wrong shape is reported by the pattern alone.
  if (!m) return true
  const [, y, mo, d, h, mi, sec = '0'] = m
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)))
  return day.getUTCMonth() === Number(mo) - 1 && day.getUTCDate() === Number(d) && Number(h) < 24 && Number(mi) < 60 && Number(sec) < 60
}
const endTime = v.nullable(
  v.pipe(v.string(), v.regex(isoDateTime, 'must be an ISO 8601 date-time with a time zone, e.g. 2030-01-01T10:00:00Z'), v.check(isRealDate, 'is not a real date and time')),
)
// Strict: a misspelt field (`endtime`) is refused rather than silently ignored.
const StatusRequest = v.strictObject(
  {
    maintenance: v.optional(v.boolean()),
    regionRestriction: v.optional(v.boolean()),
    loginOnly: v.optional(v.boolean()),
    title: v.optional(texts(200)),
    info: v.optional(texts(2000)),
    endTime: v.optional(endTime),
  },
  'expected an object with maintenance, regionRestriction, loginOnly, title, info or endTime',
)

// Strict, like the status: a misspelt field is refused.
const RegistrationRequest = v.strictObject(
  {
    minimumAge: v.optional(v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(0, 'must be 0 or more'), v.maxValue(99, 'must be at most 99'))),
    termsDefault: v.optional(v.boolean()),
  },
  'expected an object with minimumAge or termsDefault',
)

/** Reseeds the database; supplied by the app (it owns the seed). */
export type ResetFn = () => Promise<void>

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

/** Registers `/sandbox/inbox` and `/sandbox/admin/*` (JSON only: sandbox/http/json-only.ts guards them all). */
export function registerAdminRoutes(app: Hono, deps: Deps, reset: ResetFn): void {
  app.get('/sandbox/inbox', (c) => c.json(deps.inbox.list()))

  app.post(
    '/sandbox/admin/flags',
    wrap(async (c) => {
      const { flag, enabled } = await adminBody(c, FlagRequest)
      await setFlag(deps.db, flag, enabled)
      return ok(c, await loadFlags(deps.db))
    }),
  )

  app.post(
    '/sandbox/admin/status',
    wrap(async (c) => {
      const change = await adminBody(c, StatusRequest)
      const status = await setStatus(deps.db, change)
      if (change.loginOnly !== undefined) await setFlag(deps.db, 'LOGINONLY3', change.loginOnly)
      const flags = await loadFlags(deps.db)
      const { title, info, endTime } = status.maintenance
      return ok(c, { maintenance: status.maintenance.enabled, regionRestriction: status.regionRestriction.enabled, loginOnly: flags.LOGINONLY3, title, info, endTime })
    }),
  )

  app.post(
    '/sandbox/admin/registration',
    wrap(async (c) => ok(c, await setRegisterPolicy(deps.db, await adminBody(c, RegistrationRequest)))),
  )

  app.post(
    '/sandbox/admin/reset',
    wrap(async (c) => {
      await reset()
      return ok(c, {})
    }),
  )
}
