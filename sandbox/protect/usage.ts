/**
 * What a member's play and deposits add up to over a window: deposits (paid, and pending orders not yet
 * expired), stakes and returns of game rounds and lottery bets. Settled lottery bets are also copied
 * into `rounds` (id `lot-…`) for the records; they are counted once, from `lottery_bets`.
 * @module
 */
import type { Queryable } from '../db/index.ts'
import type { Window } from './periods.ts'

/** Sums over one window, minor units. */
export interface Usage {
  deposits: number
  stakes: number
  returns: number
}

/**
 * The member's deposits, stakes and returns in `w`. Deposits count from when the order was made, paid or
 * still payable at `now`, so orders opened one after another cannot pass a limit before they are paid.
 */
export async function usageIn(q: Queryable, memberId: string, w: Window, now: number): Promise<Usage> {
  const [row] = await q.query<{ deposits: number | null; stakes: number | null; returns: number | null }>(
    `SELECT
       (SELECT COALESCE(SUM(amount), 0) FROM deposit_orders
         WHERE member_id = $1 AND created_at >= $2 AND created_at < $3
           AND (status = 'paid' OR (status = 'pending' AND expires_at > $4)))::int8 AS deposits,
       ((SELECT COALESCE(SUM(stake), 0) FROM rounds WHERE member_id = $1 AND id NOT LIKE 'lot-%' AND created_at >= $2 AND created_at < $3)
        + (SELECT COALESCE(SUM(stake), 0) FROM lottery_bets WHERE member_id = $1 AND created_at >= $2 AND created_at < $3))::int8 AS stakes,
       ((SELECT COALESCE(SUM(payout), 0) FROM rounds WHERE member_id = $1 AND id NOT LIKE 'lot-%' AND created_at >= $2 AND created_at < $3)
        + (SELECT COALESCE(SUM(payout), 0) FROM lottery_bets WHERE member_id = $1 AND status = 'settled' AND settled_at >= $2 AND settled_at < $3))::int8 AS returns`,
    [memberId, w.start, w.end, now],
  )
  return { deposits: Number(row?.deposits ?? 0), stakes: Number(row?.stakes ?? 0), returns: Number(row?.returns ?? 0) }
}
