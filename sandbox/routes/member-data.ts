import type { RegisterRule, ResponseOf } from '../../sdk/contract/index.ts'
import type { Ctx } from '../http.ts'

/**
 * Data the member routes read from configuration kept by the core seed: register rules, the
 * consolidated config, and the member's unread messages.
 * @module
 */

/** The register field rules as `/wps/system/setting/register` serves them. */
export async function loadRegisterRules(ctx: Ctx): Promise<RegisterRule[]> {
  const rows = await ctx.db.query<{ value: unknown }>("SELECT value FROM settings WHERE key = 'registerRules'")
  const v = typeof rows[0]?.value === 'string' ? (JSON.parse(rows[0].value) as unknown) : rows[0]?.value
  return Array.isArray(v) ? (v as RegisterRule[]) : []
}

const CONSOLIDATED_DEFAULTS: ResponseOf<'consolidated'> = {
  dailysalreqtype: 0, divtypereq: 0, contracthoursalreqtype: 0, contracthoursalreq: 0, realtimesalreqtype: 0,
  contractmrdailysalinfotype: 0, contracthoursalinfo: 0, dailysalinfotype: 0, realtimesalinfotype: 0, divtypeinfo: 0,
}

/** The consolidated config (salary and dividend switches). */
export async function loadConsolidated(ctx: Ctx): Promise<ResponseOf<'consolidated'>> {
  const rows = await ctx.db.query<{ value: unknown }>("SELECT value FROM settings WHERE key = 'consolidated'")
  const v = typeof rows[0]?.value === 'string' ? (JSON.parse(rows[0].value) as unknown) : rows[0]?.value
  return { ...CONSOLIDATED_DEFAULTS, ...(v && typeof v === 'object' ? (v as Partial<ResponseOf<'consolidated'>>) : {}) }
}

/** Unread platform messages of a member. */
export async function unreadMessages(ctx: Ctx, memberId: string): Promise<number> {
  void ctx
  void memberId
  return 0
}
