import { headerNames, type ResponseOf } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import type { Ctx } from '../http/context.ts'
import { limits, reserve, seconds, type Charge } from './ratelimit.ts'
import { isWeakPassword } from './password.ts'
import { knownIpsOf, type MemberRow } from './members.ts'
import { createSession } from './sessions.ts'
import { applySessionLimit, refuseLoginOnBreak } from '../protect/state.ts'

/**
 * The last step shared by every way in (password, SMS, third party, registration, free play):
 * open a session, record the login and build the reply.
 * @module
 */

/** Passwords older than this are expired when PWDEXPIRY3 is on. */
export const PASSWORD_MAX_AGE_MS = 90 * 24 * 60 * 60_000
const KNOWN_IPS_KEPT = 20

type LoginValue = ResponseOf<'login'>

/**
 * Whether the member must change the password now: a temporary (emailed) password, or an old
 * one while password expiry is switched on.
 */
export function passwordExpired(row: MemberRow, expiryOn: boolean, now: number): boolean {
  if (row.password_hash === null) return false
  if (row.password_temporary) return true
  return expiryOn && row.password_changed_ms !== null && now - Number(row.password_changed_ms) > PASSWORD_MAX_AGE_MS
}

/** The device id the browser sent (`Device-Id`), when it is one the client makes; else none. */
export function deviceIdOf(ctx: Pick<Ctx, 'headers'>): string | null {
  const id = ctx.headers.get(headerNames.deviceId) ?? ''
  return /^[A-Za-z0-9_-]{16,64}$/.test(id) ? id : null
}

/** Remembers the address a member logged in from (second-step verification trusts it afterwards). */
export async function rememberIp(q: Queryable, row: MemberRow, ip: string): Promise<void> {
  const ips = [ip, ...knownIpsOf(row).filter((x) => x !== ip)].slice(0, KNOWN_IPS_KEPT)
  await q.query('UPDATE members SET known_ips = $2::jsonb WHERE id = $1', [row.id, JSON.stringify(ips)])
}

/**
 * Opens a new session for `row` and answers with the login value.
 * @param password the password just verified, when the login used one (flags a weak password)
 * @param opts `withdrawOnly`: open a withdrawal-only session, allowed during a break
 */
export async function completeLogin(ctx: Ctx, row: MemberRow, password?: string, opts: { withdrawOnly?: boolean } = {}): Promise<LoginValue> {
  const now = ctx.now()
  const flags = await ctx.flags()
  const expired = passwordExpired(row, flags.PWDEXPIRY3, now)
  const weak = password !== undefined && isWeakPassword(password)
  const withdrawOnly = opts.withdrawOnly === true
  // A time-out or self-exclusion refuses every way in until it ends, except a withdrawal-only session
  // (withdrawals stay possible throughout); a session time limit shortens the session.
  if (!withdrawOnly) await refuseLoginOnBreak(ctx.db, row.id, now)
  // An account an operator locked opens no session of any kind, withdrawal-only included. A member of
  // an agent's line is sent to the agent, who opened and funds the account (SPEC §7 "contact your agent").
  const [lock] = await ctx.db.query<{ locked: boolean; under_agent: boolean }>(
    `SELECT m.locked_at IS NOT NULL AS locked, COALESCE(u.is_agent IN (1, 2, 41, 42), false) AS under_agent
       FROM members m LEFT JOIN members u ON u.id = m.upline_id WHERE m.id = $1`,
    [row.id],
  )
  if (lock?.locked && lock.under_agent) throw new Fail('contact_agent', 'This account is locked: contact your agent.')
  if (lock?.locked) throw new Fail('account_suspended', 'This account is locked: contact customer service.')
  const token = await createSession(ctx.db, row.id, now, ctx.ip, { mustChangePassword: expired || weak, withdrawOnly, deviceId: deviceIdOf(ctx) })
  await applySessionLimit(ctx.db, row.id, now)
  await ctx.db.query('UPDATE members SET last_login_at = to_timestamp($2::float8 / 1000) WHERE id = $1', [row.id, now])
  await rememberIp(ctx.db, row, ctx.ip)
  return {
    token,
    firstTimeLogin: row.last_login_ms === null,
    passwordExpired: expired,
    weakPassword: weak,
    userName: row.username,
    captcha: false,
    isAgent: Number(row.is_agent),
    ...(withdrawOnly ? { withdrawOnly } : {}),
  }
}

/**
 * The failure counters one guess at an account's secret is charged to.
 * @param captchaAfter - failures (of the account or the address) from which the guess needs a captcha it lacks
 */
export const attemptCharges = (ctx: Pick<Ctx, 'ip'>, key: string, captchaAfter?: number): Charge[] => [
  { limit: limits.loginAccount, key, cap: captchaAfter },
  { limit: limits.loginIp, key: ctx.ip, cap: captchaAfter },
]

/**
 * Counts a guess at an account's secret as a failure BEFORE it is checked, atomically in the
 * database: N parallel guesses count as N, and the ones past the limit are refused unchecked.
 * A right guess takes its reservation back (`release`); a wrong one leaves it counted.
 * @param captchaAfter - for a guess without a solved captcha: the failures from which one is due,
 *   read in the same atomic step (parallel guesses cannot all read "not due yet")
 * @throws Fail('rate_limited' | 'account_locked') when the address or the account is at its limit,
 *   Fail('captcha_required') when a captcha is due and the guess has none
 * @returns the charges reserved (release them when the guess proves right)
 */
export async function reserveAttempt(ctx: Ctx, key: string, now: number, captchaAfter?: number): Promise<Charge[]> {
  const charges = attemptCharges(ctx, key, captchaAfter)
  const full = await reserve(ctx.db, charges, now)
  if (full?.capped) throw new Fail('captcha_required', 'Enter the characters in the picture', { value: { captcha: true } })
  if (full) throw attemptRefusal(full.charge.limit === limits.loginIp, full.wait)
  return charges
}

/** The answer to an attempt over a limit: `rate_limited` for the address, `account_locked` for the account. */
export function attemptRefusal(byAddress: boolean, wait: number): Fail {
  return byAddress
    ? new Fail('rate_limited', `Too many attempts from this address: try again in ${seconds(wait)} s`, { value: { retryAfter: seconds(wait) } })
    : new Fail('account_locked', `Too many failed attempts: the account is locked for ${Math.ceil(wait / 60_000)} min`, { value: { retryAfter: seconds(wait) } })
}
