/**
 * A break binds the person, not only the account it was taken on: every account that shares the
 * email, the mobile number (with its dialing code), a third-party sign-in identity or a payout
 * account number with an account on a running break is held by that break. Registration and a first
 * third-party sign-in are refused with one plain answer (`person_on_break`, whichever detail matched,
 * so the answer never says which); a login of an existing account bound to it is refused like the
 * account's own break (and may open a withdrawal-only session, as that allows).
 * @module
 */
import type { BreakKind } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'

/** What identifies a person who has no account yet (a registration, a first sign-in). */
export interface PersonKeys {
  email?: string
  /** Dialing code and number, any punctuation (digits are compared). */
  phone?: string
  identity?: { provider: string; sub: string }
  /** A payout account number. */
  accountNo?: string
}

/** The break that holds a person. */
export interface PersonBreak {
  kind: BreakKind
  until: number
}

const digits = (s: string | undefined): string => (s ?? '').replace(/\D/g, '')
/** The SQL of a member row's phone as digits (dialing code and number), for the row named `alias`. */
const phoneOf = (alias: string) => `regexp_replace(${alias}.country_dialing_code, '\\D', '', 'g') || regexp_replace(${alias}.mobile_num, '\\D', '', 'g')`
const PHONE = phoneOf('m')

/** The one answer to a sign-up by a person on a break: it does not say which detail matched. */
export const personOnBreak = (): Fail => new Fail('person_on_break', 'A break you took is still running: this is not possible until it ends.')

/**
 * The running break (the longest) of an account sharing any of these details, or null.
 * @param except an account left out (the member's own, for a detail it adds)
 */
export async function breakOfPerson(q: Queryable, keys: PersonKeys, now: number, except?: string): Promise<PersonBreak | null> {
  const email = (keys.email ?? '').trim().toLowerCase()
  const phone = digits(keys.phone)
  const accountNo = (keys.accountNo ?? '').trim()
  if (!email && phone.length < 6 && !keys.identity && !accountNo) return null
  const rows = await q.query<{ break_kind: BreakKind; break_until: string | number }>(
    `SELECT p.break_kind, p.break_until FROM protect_members p JOIN members m ON m.id = p.member_id
      WHERE p.break_kind IS NOT NULL AND p.break_until > $1 AND ($6::text IS NULL OR m.id <> $6)
        AND (($2 <> '' AND m.email <> '' AND lower(trim(m.email)) = $2)
          OR (length($3) >= 6 AND m.mobile_num <> '' AND ${PHONE} = $3)
          OR EXISTS (SELECT 1 FROM member_identities i WHERE i.member_id = m.id AND i.provider = $4 AND i.sub = $5)
          OR ($7 <> '' AND EXISTS (SELECT 1 FROM payout_accounts a WHERE a.member_id = m.id AND a.account_no = $7)))
      ORDER BY p.break_until DESC LIMIT 1`,
    [now, email, phone, keys.identity?.provider ?? '', keys.identity?.sub ?? '', except ?? null, accountNo],
  )
  return rows[0] ? { kind: rows[0].break_kind, until: Number(rows[0].break_until) } : null
}

/** The member's details that identify the person: email, phone, sign-in identities, payout accounts. */
async function keysOf(q: Queryable, memberId: string): Promise<PersonKeys[]> {
  const [m] = await q.query<{ email: string; phone: string }>(`SELECT m.email, ${PHONE} AS phone FROM members m WHERE m.id = $1`, [memberId])
  if (!m) return []
  const ids = await q.query<{ provider: string; sub: string }>('SELECT provider, sub FROM member_identities WHERE member_id = $1', [memberId])
  const accounts = await q.query<{ account_no: string }>('SELECT account_no FROM payout_accounts WHERE member_id = $1', [memberId])
  return [{ email: m.email, phone: m.phone }, ...ids.map((identity) => ({ identity })), ...accounts.map((a) => ({ accountNo: a.account_no }))]
}

/** The running break of another account of the same person as `memberId` (sharing a detail), or null. */
export async function breakOfOtherAccounts(q: Queryable, memberId: string, now: number): Promise<PersonBreak | null> {
  let longest: PersonBreak | null = null
  for (const keys of await keysOf(q, memberId)) {
    const found = await breakOfPerson(q, keys, now, memberId)
    if (found && (!longest || found.until > longest.until)) longest = found
  }
  return longest
}

/** The other accounts of the person behind `memberId` (sharing a detail with it). */
export async function otherAccounts(q: Queryable, memberId: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT DISTINCT o.id FROM members me, members o
      WHERE me.id = $1 AND o.id <> me.id AND (
        (me.email <> '' AND lower(trim(o.email)) = lower(trim(me.email)))
        OR (me.mobile_num <> '' AND o.mobile_num <> '' AND ${phoneOf('o')} = ${phoneOf('me')})
        OR EXISTS (SELECT 1 FROM payout_accounts a JOIN payout_accounts b ON b.account_no = a.account_no WHERE a.member_id = me.id AND b.member_id = o.id))`,
    [memberId],
  )
  return rows.map((r) => r.id)
}
