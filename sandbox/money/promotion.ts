/**
 * The deposit promotion: a percentage bonus on a paid deposit, once per member, credited from the
 * house promotion account through the ledger in the same database transaction as the deposit. The
 * bonus carries a wagering requirement (a multiple of the bonus); until settled rounds have staked
 * that much since the bonus, the balance less what is still required is all that may be withdrawn.
 * @module
 */
import { welcomePromotion } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { memberAccount, postTransactionIn } from '../ledger.ts'

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

/** Wagering still required by the member's bonuses (not forfeited): each requirement less the valid stakes since it. */
export async function wageringRemaining(q: Queryable, memberId: string): Promise<number> {
  const [row] = await q.query<{ left: string | number | null }>(
    `SELECT SUM(GREATEST(0, b.required - COALESCE((
        SELECT SUM(r.stake) FROM rounds r
         WHERE r.member_id = b.member_id AND r.status = 'settled' AND r.created_at >= b.created_at AND r.payout <> r.stake), 0)))::int8 AS left
       FROM deposit_bonuses b WHERE b.member_id = $1 AND b.forfeited_at IS NULL`,
    [memberId],
  )
  return Number(row?.left ?? 0)
}
