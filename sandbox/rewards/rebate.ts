/**
 * The manual rebate (MANPLAYREB3): a share of the valid bets since the member's last claim, per game
 * category at the rate of rebate_rates (plus the rank's extra), claimed by hand once per day. The
 * day's claim is a primary key, so two parallel claims pay once; the amount is paid from the REBATE
 * budget through the ledger.
 * @module
 */
import type { Db, Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { grantPaid } from './awards.ts'
import { periodEnd, periodStart } from './missions.ts'

/** The rebate due in one category. */
export interface RebateLine {
  category: string
  validBet: number
  rateBp: number
  amount: number
}

/** What the rebate page shows: due per category since the last claim, and whether today's claim is spent. */
export interface RebateState {
  since: number
  lines: RebateLine[]
  total: number
  claimedToday: boolean
  nextAt: number
  lastClaim: { at: number; amount: number } | null
}

async function lastClaimOf(q: Queryable, memberId: string): Promise<{ until: number; amount: number; period_start: number } | null> {
  const [row] = await q.query<{ until: number; amount: number; period_start: number }>(
    'SELECT until, amount, period_start FROM rebate_claims WHERE member_id = $1 ORDER BY until DESC LIMIT 1',
    [memberId],
  )
  return row ? { until: Number(row.until), amount: Number(row.amount), period_start: Number(row.period_start) } : null
}

/** The rebate due to the member now, from the events after the last claim up to `now`. */
export async function rebateOf(q: Queryable, memberId: string, now: number): Promise<RebateState> {
  const last = await lastClaimOf(q, memberId)
  const since = last?.until ?? 0
  const rows = await q.query<{ category: string; valid_bet: number; rate_bp: number }>(
    `SELECT r.category, coalesce(sum(e.valid_bet), 0)::int8 AS valid_bet,
            (r.rate_bp + coalesce((SELECT v.rebate_bp FROM vip_ranks v JOIN members m ON m.rank_level = v.level WHERE m.id = $1), 0)) AS rate_bp
       FROM rebate_rates r
       LEFT JOIN reward_events e ON e.category = r.category AND e.member_id = $1 AND e.kind IN ('round', 'lottery') AND e.created_at > $2 AND e.created_at <= $3
      GROUP BY r.category, r.rate_bp ORDER BY r.category`,
    [memberId, since, now],
  )
  const lines = rows.map((r) => {
    const validBet = Number(r.valid_bet)
    const rateBp = Number(r.rate_bp)
    return { category: r.category, validBet, rateBp, amount: Math.floor((validBet * rateBp) / 10_000) }
  })
  const today = periodStart('daily', now)
  return {
    since,
    lines,
    total: lines.reduce((s, l) => s + l.amount, 0),
    claimedToday: last?.period_start === today,
    nextAt: periodEnd('daily', now),
    lastClaim: last ? { at: last.until, amount: last.amount } : null,
  }
}

/**
 * Claims the rebate due now, once per day: the day's row is claimed first (a parallel claim waits on
 * it and is refused), then the amount is paid.
 * @throws Fail('conflict') already claimed today (`rewards_err_rebate_claimed`), nothing due
 *   (`rewards_err_rebate_none`) or the budget is spent
 */
export async function claimRebate(db: Db, memberId: string, now: number): Promise<{ amount: number; lines: RebateLine[] }> {
  const day = periodStart('daily', now)
  return db.tx(async (q) => {
    const due = await rebateOf(q, memberId, now)
    if (due.claimedToday) throw new Fail('conflict', 'The rebate was already claimed today.', { fields: { rebate: 'rewards_err_rebate_claimed' } })
    if (due.total <= 0) throw new Fail('conflict', 'There is no rebate to claim.', { fields: { rebate: 'rewards_err_rebate_none' } })
    const key = `rebate:${memberId}:${day}`
    const claimed = await q.query(
      `INSERT INTO rebate_claims (member_id, period_start, since, until, amount, detail, award_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING member_id`,
      [memberId, day, due.since, now, due.total, JSON.stringify(due.lines.filter((l) => l.amount > 0)), key],
    )
    if (claimed.length === 0) throw new Fail('conflict', 'The rebate was already claimed today.', { fields: { rebate: 'rewards_err_rebate_claimed' } })
    await grantPaid(q, { key, memberId, promo: 'REBATE', source: 'rebate', ref: new Date(day).toISOString().slice(0, 10), amount: due.total }, now)
    return { amount: due.total, lines: due.lines }
  })
}
