/**
 * The account history a player reads themselves: twelve months of deposits, withdrawals, stakes and
 * returns, one line per month of the platform's time zone, also as CSV.
 * @module
 */
import type { Queryable } from '../db/index.ts'
import { brandZone, monthOf, periodWindow } from './periods.ts'

/** One month's totals, minor units. */
export interface MonthTotals {
  month: string
  deposits: number
  withdrawals: number
  stakes: number
  returns: number
  net: number
}

/** The last `months` months (the current one first), each with its totals. */
export async function history(q: Queryable, memberId: string, months: number, now: number): Promise<MonthTotals[]> {
  const out: MonthTotals[] = []
  const zone = await brandZone(q)
  let at = now
  for (let i = 0; i < months; i++) {
    const w = periodWindow('month', at, zone)
    const [r] = await q.query<{ deposits: number; withdrawals: number; stakes: number; returns: number }>(
      `SELECT
         (SELECT COALESCE(SUM(amount), 0) FROM deposit_orders WHERE member_id = $1 AND status = 'paid' AND created_at >= $2 AND created_at < $3)::int8 AS deposits,
         (SELECT COALESCE(SUM(amount), 0) FROM withdrawals WHERE member_id = $1 AND status <> 'rejected' AND created_at >= $2 AND created_at < $3)::int8 AS withdrawals,
         ((SELECT COALESCE(SUM(stake), 0) FROM rounds WHERE member_id = $1 AND id NOT LIKE 'lot-%' AND created_at >= $2 AND created_at < $3)
          + (SELECT COALESCE(SUM(stake), 0) FROM lottery_bets WHERE member_id = $1 AND created_at >= $2 AND created_at < $3))::int8 AS stakes,
         ((SELECT COALESCE(SUM(payout), 0) FROM rounds WHERE member_id = $1 AND id NOT LIKE 'lot-%' AND created_at >= $2 AND created_at < $3)
          + (SELECT COALESCE(SUM(payout), 0) FROM lottery_bets WHERE member_id = $1 AND status = 'settled' AND settled_at >= $2 AND settled_at < $3))::int8 AS returns`,
      [memberId, w.start, w.end],
    )
    const stakes = Number(r.stakes)
    const returns = Number(r.returns)
    out.push({ month: monthOf(w.start, zone), deposits: Number(r.deposits), withdrawals: Number(r.withdrawals), stakes, returns, net: returns - stakes })
    at = w.start - 1
  }
  return out
}

const major = (minor: number) => (minor / 100).toFixed(2)

/** The history as CSV (amounts in major units, CRLF lines). */
export function historyCsv(rows: readonly MonthTotals[]): string {
  const lines = [
    'month,deposits,withdrawals,stakes,returns,net',
    ...rows.map((r) => [r.month, major(r.deposits), major(r.withdrawals), major(r.stakes), major(r.returns), major(r.net)].join(',')),
  ]
  return `${lines.join('\r\n')}\r\n`
}
