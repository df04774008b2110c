/**
 * Where the limits bite: a deposit or a stake is checked against every limit in force, after locking
 * the member's protection row, inside the database transaction that records it. Two concurrent stakes
 * therefore run one after the other, the second counting the first, and cannot pass a limit together.
 * @module
 */
import type { LimitKind, LimitPeriod, LimitReached } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { brandZone, periodWindow } from './periods.ts'
import { type Usage, usageIn } from './usage.ts'

/** A member's protection row as stored. */
export interface ProtectRow {
  member_id: string
  reality_minutes: number
  session_minutes: number | null
  session_pending: number | null
  session_pending_remove: boolean
  session_pending_at: number | null
  break_kind: 'timeout' | 'self_exclusion' | null
  break_until: number | null
  prompted_at: number | null
  reviewed_at: number | null
}

/**
 * The member's protection row, created on first use and locked until the caller's transaction ends.
 * Call it first in a transaction, before the ledger's own locks, so every path takes them in one order.
 */
export async function lockMember(q: Queryable, memberId: string): Promise<ProtectRow> {
  await q.query('INSERT INTO protect_members (member_id) VALUES ($1) ON CONFLICT (member_id) DO NOTHING', [memberId])
  const [row] = await q.query<ProtectRow>('SELECT * FROM protect_members WHERE member_id = $1 FOR UPDATE', [memberId])
  return row
}

/** The member's protection row without locking it (defaults when there is none). */
export async function readMember(q: Queryable, memberId: string): Promise<ProtectRow> {
  const [row] = await q.query<ProtectRow>('SELECT * FROM protect_members WHERE member_id = $1', [memberId])
  return (
    row ?? {
      member_id: memberId,
      reality_minutes: 60,
      session_minutes: null,
      session_pending: null,
      session_pending_remove: false,
      session_pending_at: null,
      break_kind: null,
      break_until: null,
      prompted_at: null,
      reviewed_at: null,
    }
  )
}

/** Refuses while a time-out or self-exclusion runs: `account_excluded` with its kind and end. */
export function refuseOnBreak(row: ProtectRow, now: number): void {
  if (row.break_kind && row.break_until !== null && Number(row.break_until) > now) {
    const until = Number(row.break_until)
    const what = row.break_kind === 'timeout' ? 'time-out' : 'self-exclusion'
    throw new Fail('account_excluded', `Your ${what} runs until ${new Date(until).toISOString()}.`, { value: { kind: row.break_kind, until } })
  }
}

/** How much of one limit is used and left in its current period. */
export interface Room extends LimitReached {
  used: number
}

/**
 * Amount counted against a limit of `kind` from the period's usage. A loss limit counts the net loss,
 * never below 0: a win offsets earlier losses but buys no room beyond the limit (and is never shown
 * as negative usage).
 */
export const usedBy = (kind: LimitKind, u: Usage): number => (kind === 'deposit' ? u.deposits : kind === 'wager' ? u.stakes : Math.max(0, u.stakes - u.returns))

/** Every limit of the given kinds in force, with what is used and left in its current period. */
export async function roomsOf(q: Queryable, memberId: string, kinds: readonly LimitKind[], now: number): Promise<Room[]> {
  const limits = await q.query<{ kind: LimitKind; period: LimitPeriod; amount: number }>(
    'SELECT kind, period, amount FROM protect_limits WHERE member_id = $1 AND amount IS NOT NULL AND kind IN (SELECT json_array_elements_text($2::json))',
    [memberId, JSON.stringify(kinds)],
  )
  const byPeriod = new Map<LimitPeriod, Promise<Usage>>()
  const rooms: Room[] = []
  const zone = limits.length > 0 ? await brandZone(q) : 'UTC'
  for (const l of limits) {
    const w = periodWindow(l.period, now, zone)
    if (!byPeriod.has(l.period)) byPeriod.set(l.period, usageIn(q, memberId, w, now))
    const used = usedBy(l.kind, await byPeriod.get(l.period)!)
    const limit = Number(l.amount)
    rooms.push({ kind: l.kind, period: l.period, limit, used, left: Math.max(0, limit - used), resetsAt: w.end })
  }
  return rooms.sort((a, b) => a.left - b.left)
}

const periodName = { day: 'daily', week: 'weekly', month: 'monthly' } as const

function refuse(room: Room, what: string): never {
  throw new Fail(
    'limit_reached',
    `This ${what} would pass your ${periodName[room.period]} ${room.kind} limit: ${(room.left / 100).toFixed(2)} left until ${new Date(room.resetsAt).toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    {
      value: { kind: room.kind, period: room.period, limit: room.limit, left: room.left, resetsAt: room.resetsAt },
    },
  )
}

/**
 * Checks a stake inside the transaction that records it: refused while on a break, and when it would
 * take the wagered amount or the net loss of any period past its limit (exactly at the limit passes).
 * @throws Fail('account_excluded' | 'limit_reached')
 */
export async function checkStake(q: Queryable, memberId: string, stake: number, now: number): Promise<void> {
  refuseOnBreak(await lockMember(q, memberId), now)
  // The loss limit counts the stake as lost: the player cannot lose more than the limit whatever the outcome.
  const over = (await roomsOf(q, memberId, ['loss', 'wager'], now)).find((r) => r.limit - r.used < stake)
  if (over) refuse(over, 'stake')
}

/**
 * Checks a deposit order inside the transaction that creates it.
 * @throws Fail('account_excluded' | 'limit_reached')
 */
export async function checkDeposit(q: Queryable, memberId: string, amount: number, now: number): Promise<void> {
  refuseOnBreak(await lockMember(q, memberId), now)
  const over = (await roomsOf(q, memberId, ['deposit'], now)).find((r) => r.limit - r.used < amount)
  if (over) refuse(over, 'deposit')
}
