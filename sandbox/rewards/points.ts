/**
 * Points: a balance per member that never goes below zero (a conditional update and a CHECK), and
 * every change with its reason. Points never expire.
 * @module
 */
import type { Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'

/** A points change to apply. */
export interface PointsChange {
  /** Same key → applied once. */
  key: string
  memberId: string
  /** Positive earns, negative spends. */
  delta: number
  /** Why: round, lottery, deposit, referral, mission, redeem, refund, convert. */
  reason: string
  ref?: string
  at: number
}

/** The refusal of a spend the balance cannot cover, at the field the member typed. */
export const pointsShort = (field = 'points') => new Fail('conflict', 'Not enough points.', { fields: { [field]: 'rewards_err_points_short' } })

/**
 * Applies a points change in the caller's transaction. A spend the balance cannot cover changes nothing.
 * @returns false when the key was applied before (nothing changed this time)
 * @throws Fail('conflict') `rewards_err_points_short` for a spend above the balance
 */
export async function addPoints(q: Queryable, c: PointsChange): Promise<boolean> {
  const fresh = await q.query(
    'INSERT INTO points_entries (key, member_id, delta, reason, ref, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (key) DO NOTHING RETURNING id',
    [c.key, c.memberId, c.delta, c.reason, c.ref ?? '', c.at],
  )
  if (fresh.length === 0) return false
  if (c.delta >= 0) {
    await q.query('INSERT INTO points_accounts (member_id, balance) VALUES ($1, $2) ON CONFLICT (member_id) DO UPDATE SET balance = points_accounts.balance + $2', [
      c.memberId,
      c.delta,
    ])
    return true
  }
  const spent = await q.query('UPDATE points_accounts SET balance = balance + $2 WHERE member_id = $1 AND balance + $2 >= 0 RETURNING balance', [c.memberId, c.delta])
  if (spent.length === 0) throw pointsShort()
  return true
}

/** A member's points balance. */
export async function pointsOf(q: Queryable, memberId: string): Promise<number> {
  const [row] = await q.query<{ balance: number }>('SELECT balance FROM points_accounts WHERE member_id = $1', [memberId])
  return Number(row?.balance ?? 0)
}
