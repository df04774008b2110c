/**
 * Transfers from an agent to a direct downline (SPEC §6: agents transfer to upline and downline),
 * from downline management. One ledger transaction per idempotency key: the same key answers the
 * first transfer and moves nothing again.
 * @module
 */
import type { Db } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { balanceOf, memberAccount } from '../ledger.ts'
import type { PasswordCheck } from '../money/pay-hasher.ts'
import { askedTransfer } from '../money/upline.ts'
import { assertInSubtree } from './tree.ts'

/** What {@link transferToDownline} takes. */
export interface DownlineTransferInput {
  downlineId: string
  amount: number
  paymentPassword: string
  idempotencyKey: string
  /** The agent confirmed forfeiting a bonus whose wagering is unmet (sandbox/money/wagering.ts). */
  forfeitBonus?: boolean
}

/**
 * Moves `amount` from the agent's main wallet to a direct downline's, after the payment password.
 * A member outside the subtree is `not_found` (as for one that does not exist); one deeper than a
 * direct downline is `forbidden`.
 * @param password - the server's pool (a route's context); `{ checkPassword: false }` only for the race test, which measures the ledger alone
 * @throws Fail('not_found' | 'forbidden' | 'validation_failed' | 'insufficient_funds' | 'wagering_required' | 'conflict' | 'payment_password_*' | 'rate_limited')
 */
export async function transferToDownline(db: Db, agentId: string, input: DownlineTransferInput, now: number, password: PasswordCheck) {
  const level = await assertInSubtree(db, agentId, input.downlineId)
  if (level !== 1) throw new Fail('forbidden', 'Transfers go to direct downlines only.')
  const [downline] = await db.query<{ username: string }>('SELECT username FROM members WHERE id = $1', [input.downlineId])
  const from = memberAccount(agentId)
  const to = memberAccount(input.downlineId)
  const txKey = `downline:${agentId}:${input.idempotencyKey}`
  // A retry of a transfer already made answers it, without asking the password again.
  const [earlier] = await db.query<{ id: string; account_id: string; amount: string | number }>(
    `SELECT t.id, e.account_id, e.amount FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id AND e.amount > 0
     WHERE t.idempotency_key = $1`,
    [txKey],
  )
  if (earlier) {
    if (Number(earlier.amount) !== input.amount || earlier.account_id !== to) throw new Fail('conflict', 'This idempotency key was already used for another transfer.')
    return { transferId: earlier.id, amount: input.amount, downline: downline.username, balance: await balanceOf(db, from) }
  }
  const { transactionId, balance } = await askedTransfer(
    db,
    {
      idempotencyKey: txKey,
      kind: 'downline_transfer',
      memo: `to ${downline.username}`,
      from,
      to,
      amount: input.amount,
      outflow: { memberId: agentId, forfeitBonus: input.forfeitBonus, now },
    },
    { paymentPassword: input.paymentPassword, check: password },
  )
  return { transferId: transactionId, amount: input.amount, downline: downline.username, balance }
}
