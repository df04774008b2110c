/**
 * The one rule for money leaving a member (withdrawal, transfer to the upline, an agent's transfer
 * to a downline): a bonus's wagering still required stays in play. Checked and held in one atomic
 * step: the member's wallet row is locked (`FOR UPDATE`) inside the transaction that then debits it,
 * so parallel requests are decided one after another on the balance each left behind.
 * @module
 */
import type { Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { memberAccount, postTransactionIn } from '../ledger.ts'
import { bonusProgress, wageringRemaining } from './promotion.ts'

/** How a member's outgoing amount treats an unmet wagering requirement. */
export interface OutflowOptions {
  /** The member confirmed "forfeit bonus and continue": the unwagered bonuses go back to the house first. */
  forfeitBonus?: boolean
  /** Clock of the forfeit record. */
  now: number
}

/**
 * Checks that `amount` may leave the member's main wallet, inside the caller's transaction and
 * before the caller debits it. Locks the wallet row, so the check and the debit that follows are one
 * step for every other debit of that wallet. With `forfeitBonus`, each bonus whose wagering is unmet
 * is forfeited (marked, and what is left of it, at most the balance, goes back to `house:promo`) in
 * the same transaction; if the debit then fails, the forfeit rolls back with it.
 * @throws Fail('insufficient_funds') when the amount is more than the balance, whatever the wagering;
 *   Fail('wagering_required') with `value: { wageringRemaining, withdrawable }` and the field
 *   key `money_err_over_withdrawable` when the amount would dip into the wagering still required.
 */
export async function checkOutflow(q: Queryable, memberId: string, amount: number, opts: OutflowOptions): Promise<{ forfeited: number }> {
  const account = memberAccount(memberId)
  const [row] = await q.query<{ balance: string | number }>('SELECT balance FROM ledger_accounts WHERE id = $1 FOR UPDATE', [account])
  const balance = Number(row?.balance ?? 0)
  // Read after the lock: every debit and credit committed before it is counted (READ COMMITTED).
  const remaining = await wageringRemaining(q, memberId)
  if (remaining <= 0 || amount <= balance - remaining) return { forfeited: 0 }
  // More than the wallet holds (a parallel request took it): that is the reason, not the wagering.
  if (amount > balance) throw new Fail('insufficient_funds', 'The amount is more than your balance.')
  if (!opts.forfeitBonus) {
    throw new Fail('wagering_required', 'The amount is more than you can move out before the bonus is wagered; forfeit the bonus to continue.', {
      fields: { amount: 'money_err_over_withdrawable' },
      value: { wageringRemaining: remaining, withdrawable: Math.max(0, balance - remaining) },
    })
  }
  return { forfeited: await forfeitBonuses(q, memberId, balance, opts.now) }
}

/**
 * Forfeits the member's bonuses whose wagering is unmet: each is marked forfeited (it no longer
 * withholds anything) and the bonuses' sum, at most the balance, goes back to the promotion account.
 * @returns the amount taken back
 */
async function forfeitBonuses(q: Queryable, memberId: string, balance: number, now: number): Promise<number> {
  const unmet = (await bonusProgress(q, memberId)).filter((b) => !b.forfeited && b.wagered < b.required).map((b) => b.promotion)
  if (unmet.length === 0) return 0
  // Marked only if still open: a parallel forfeit that got there first leaves nothing to take here.
  const rows = await q.query<{ promotion: string; bonus: string | number }>(
    'UPDATE deposit_bonuses SET forfeited_at = $2 WHERE member_id = $1 AND forfeited_at IS NULL AND promotion = ANY($3::text[]) RETURNING promotion, bonus',
    [memberId, now, unmet],
  )
  const bonus = rows.reduce((sum, r) => sum + Number(r.bonus), 0)
  const back = Math.min(bonus, Math.max(0, balance))
  if (back > 0) {
    await postTransactionIn(q, {
      idempotencyKey: `bonus-forfeit:${memberId}:${rows.map((r) => r.promotion).join(',')}`,
      kind: 'bonus_forfeit',
      memo: rows.map((r) => r.promotion).join(', '),
      legs: [
        { account: memberAccount(memberId), amount: -back },
        { account: 'house:promo', amount: back },
      ],
    })
  }
  return back
}
