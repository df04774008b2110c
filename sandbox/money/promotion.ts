/**
 * The deposit promotion: a percentage bonus on a paid deposit, once per member, credited from the
 * house promotion account through the ledger in the same database transaction as the deposit. The
 * bonus carries a wagering requirement (a multiple of the bonus); until settled rounds have staked
 * that much since the bonus (each stake counted towards one bonus, oldest first), the balance less what is still required is all that may be withdrawn.
 * @module
 */
import { welcomePromotion } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { memberAccount, postTransactionIn } from '../ledger.ts'
import { allocateTurnover } from './turnover.ts'

/** The promotion the sandbox offers on deposits: the contract's welcome promotion (one source with its notices and article). */
export const depositPromotion = welcomePromotion

/** The bonus a deposit of `amount` earns. */
export const bonusFor = (amount: number): number => Math.min(Math.floor((amount * depositPromotion.percent) / 100), depositPromotion.maxBonus)

/** The promotion the member may still claim, or null once it has been granted. */
export async function promotionFor(q: Queryable, memberId: string): Promise<typeof depositPromotion | null> {
  const rows = await q.query('SELECT 1 FROM deposit_bonuses WHERE member_id = $1 AND promotion = $2', [memberId, depositPromotion.code])
  return rows.length ? null : depositPromotion
}

/** Refuses a deposit that claims a promotion the member cannot have. */
export async function checkClaim(q: Queryable, memberId: string, code: string | undefined): Promise<void> {
  if (!code) return
  if (code !== depositPromotion.code || !(await promotionFor(q, memberId))) {
    throw new Fail('validation_failed', 'This promotion is not available.', { fields: { promotion: 'money_err_promo_unavailable' } })
  }
}

/**
 * Grants the bonus of a paid order that claimed the promotion (inside the settling transaction). A
 * second paid order claiming it gets nothing: the first grant holds the member's one row.
 */
export async function grantDepositBonus(q: Queryable, memberId: string, orderId: string, amount: number, now: number): Promise<void> {
  const bonus = bonusFor(amount)
  if (bonus <= 0) return
  const claimed = await q.query(
    'INSERT INTO deposit_bonuses (member_id, promotion, order_id, bonus, required, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING order_id',
    [memberId, depositPromotion.code, orderId, bonus, bonus * depositPromotion.turnover, now],
  )
  if (claimed.length === 0) return
  await postTransactionIn(q, {
    idempotencyKey: `deposit-bonus:${orderId}`,
    kind: 'bonus',
    memo: `${depositPromotion.code} ${orderId}`,
    legs: [
      { account: 'house:promo', amount: -bonus },
      { account: memberAccount(memberId), amount: bonus },
    ],
  })
}

/** One bonus with its wagering: what it requires and what the stakes since it met (shared out oldest first). */
export interface BonusProgress {
  promotion: string
  orderId: string
  bonus: number
  required: number
  wagered: number
  createdAt: number
  forfeited: boolean
}

/**
 * Every bonus of the member with its wagering progress. A valid stake (a settled round that was not a
 * push) counts towards one bonus at a time: the oldest open one granted before it, then the part not
 * needed to the next (./turnover.ts). A forfeited bonus takes no stakes and shows none.
 */
export async function bonusProgress(q: Queryable, memberId: string): Promise<BonusProgress[]> {
  const rows = await q.query<{
    promotion: string
    order_id: string
    bonus: string | number
    required: string | number
    created_at: string | number
    forfeited: boolean
    staked: string | number
  }>(
    `WITH b AS (
       SELECT promotion, order_id, bonus, required, created_at, forfeited_at IS NOT NULL AS forfeited,
              LEAD(created_at) OVER (PARTITION BY forfeited_at IS NULL ORDER BY created_at, promotion) AS next_at
         FROM deposit_bonuses WHERE member_id = $1)
     SELECT b.promotion, b.order_id, b.bonus, b.required, b.created_at, b.forfeited,
            CASE WHEN b.forfeited THEN 0 ELSE COALESCE((
              SELECT SUM(r.stake) FROM rounds r
               WHERE r.member_id = $1 AND r.status = 'settled' AND r.payout <> r.stake
                 AND r.created_at >= b.created_at AND (b.next_at IS NULL OR r.created_at < b.next_at)), 0) END::int8 AS staked
       FROM b ORDER BY b.created_at, b.promotion`,
    [memberId],
  )
  const open = rows.filter((r) => !r.forfeited)
  const met = allocateTurnover(open.map((r) => ({ required: Number(r.required), staked: Number(r.staked) })))
  const wagered = new Map(open.map((r, i) => [r.promotion, met[i]]))
  return rows.map((r) => ({
    promotion: r.promotion,
    orderId: r.order_id,
    bonus: Number(r.bonus),
    required: Number(r.required),
    wagered: wagered.get(r.promotion) ?? 0,
    createdAt: Number(r.created_at),
    forfeited: r.forfeited,
  }))
}

/** Wagering still required by the member's bonuses (not forfeited): each requirement less the stakes shared out to it. */
export async function wageringRemaining(q: Queryable, memberId: string): Promise<number> {
  const bonuses = await bonusProgress(q, memberId)
  return bonuses.reduce((sum, b) => sum + (b.forfeited ? 0 : b.required - b.wagered), 0)
}
