/**
 * Points: a balance per member that never goes below zero (a conditional update and a CHECK), and
 * every change with its reason. Points never expire. The points a deposit earned are held, not
 * spendable (converted or redeemed), until the member has staked that deposit through: a deposit
 * walked out untouched takes no cash with it.
 * @module
 */
import type { Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { allocateTurnover } from '../money/turnover.ts'
import { getSetting } from '../settings.ts'

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

/** The refusal of a spend that only the points still held for unplayed deposits could cover. */
export const pointsHeld = (field = 'points') =>
  new Fail('conflict', 'Points from a deposit unlock once you have played that deposit through.', { fields: { [field]: 'rewards_err_points_held' } })

/** Settings key of how many times a deposit is staked before its points unlock (operator setting). */
export const DEPOSIT_POINTS_TURNOVER_KEY = 'depositPointsTurnover'
/** Default: a deposit's points unlock once valid bets equal to the deposit were placed after it. */
export const DEFAULT_DEPOSIT_POINTS_TURNOVER = 1

/**
 * Points the member earned from deposits not yet played through: each deposit needs valid bets (rounds
 * that were not a push, lottery bets) of the turnover setting times its amount, placed after it; a bet
 * counts towards one deposit at a time, oldest first (../money/turnover.ts).
 */
export async function heldPoints(q: Queryable, memberId: string): Promise<number> {
  const turnover = Math.max(0, Number(await getSetting(q, DEPOSIT_POINTS_TURNOVER_KEY, DEFAULT_DEPOSIT_POINTS_TURNOVER)) || 0)
  const rows = await q.query<{ amount: string | number; points: string | number; staked: string | number }>(
    `WITH d AS (
       SELECT e.key, e.amount, e.created_at, COALESCE(p.delta, 0) AS points,
              LEAD(e.created_at) OVER (ORDER BY e.created_at, e.key) AS next_at
         FROM reward_events e LEFT JOIN points_entries p ON p.key = 'earn:' || e.key
        WHERE e.member_id = $1 AND e.kind = 'deposit')
     SELECT d.amount, d.points, COALESCE((
              SELECT SUM(v.valid_bet) FROM reward_events v
               WHERE v.member_id = $1 AND v.kind IN ('round', 'lottery') AND v.created_at >= d.created_at
                 AND (d.next_at IS NULL OR v.created_at < d.next_at)), 0)::int8 AS staked
       FROM d ORDER BY d.created_at, d.key`,
    [memberId],
  )
  if (rows.length === 0 || turnover === 0) return 0
  const steps = rows.map((r) => ({ required: Number(r.amount) * turnover, staked: Number(r.staked) }))
  const met = allocateTurnover(steps)
  return rows.reduce((held, r, i) => held + (met[i] < steps[i].required ? Number(r.points) : 0), 0)
}

/**
 * Applies a points change in the caller's transaction. A spend the balance cannot cover changes
 * nothing, nor one that would dip into the points held for deposits not yet played through.
 * @returns false when the key was applied before (nothing changed this time)
 * @throws Fail('conflict') `rewards_err_points_short` for a spend above the balance,
 *   `rewards_err_points_held` for one only the held points could cover
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
  // The row locked first: a deposit's points (credited under this lock) are counted in the held figure
  // read after it (READ COMMITTED), so a spend racing the deposit's settlement cannot take them.
  await q.query('SELECT balance FROM points_accounts WHERE member_id = $1 FOR UPDATE', [c.memberId])
  const held = await heldPoints(q, c.memberId)
  const spent = await q.query('UPDATE points_accounts SET balance = balance + $2 WHERE member_id = $1 AND balance + $2 >= $3 RETURNING balance', [c.memberId, c.delta, held])
  if (spent.length === 0) throw (await pointsOf(q, c.memberId)) + c.delta >= 0 ? pointsHeld() : pointsShort()
  return true
}

/** A member's points balance. */
export async function pointsOf(q: Queryable, memberId: string): Promise<number> {
  const [row] = await q.query<{ balance: number }>('SELECT balance FROM points_accounts WHERE member_id = $1', [memberId])
  return Number(row?.balance ?? 0)
}
