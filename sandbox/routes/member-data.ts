import type { RegisterRule, ResponseOf } from '../../sdk/contract/all.ts'
import type { Ctx } from '../http/context.ts'
import { getSetting } from '../settings.ts'

/**
 * Data the member routes read: the register rules and consolidated config the core seed keeps in
 * `settings`, and the member's unread platform messages.
 * @module
 */

/** The register field rules, as `/wps/system/setting/register` serves them. */
export async function loadRegisterRules(ctx: Ctx): Promise<RegisterRule[]> {
  const rules = await getSetting<unknown>(ctx.db, 'registerRules', [])
  return Array.isArray(rules) ? (rules as RegisterRule[]) : []
}

const CONSOLIDATED_OFF: ResponseOf<'consolidated'> = {
  dailysalreqtype: 0,
  divtypereq: 0,
  contracthoursalreqtype: 0,
  contracthoursalreq: 0,
  realtimesalreqtype: 0,
  contractmrdailysalinfotype: 0,
  contracthoursalinfo: 0,
  dailysalinfotype: 0,
  realtimesalinfotype: 0,
  divtypeinfo: 0,
}

/** The consolidated config (salary and dividend switches); a key missing from settings is off. */
export async function loadConsolidated(ctx: Ctx): Promise<ResponseOf<'consolidated'>> {
  const v = await getSetting<unknown>(ctx.db, 'consolidated', {})
  const out = { ...CONSOLIDATED_OFF }
  if (v && typeof v === 'object') {
    for (const k of Object.keys(out) as (keyof typeof out)[]) {
      const n = (v as Record<string, unknown>)[k]
      if (Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 9) out[k] = n as number
    }
  }
  return out
}

/** Unread platform messages of a member. */
export async function unreadMessages(ctx: Ctx, memberId: string): Promise<number> {
  const rows = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM member_messages WHERE member_id = $1 AND read_at IS NULL', [memberId])
  return Number(rows[0]?.n ?? 0)
}
