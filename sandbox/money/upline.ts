/**
 * Transfers from a member to the upline agent (SPEC §2 transferUpline, §6: transfers to the upline),
 * for members whose info allows it (`toUpline`: they have an upline). One ledger transaction per
 * idempotency key: the same key answers the first transfer and moves nothing again.
 * @module
 */
import { memberTransferLimits, type UplineTransferInfo } from '../../sdk/contract/all.ts'
import type { Db, Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import type { Member } from '../auth/members.ts'
import { balanceOf, memberAccount, openAccount, postTransactionIn } from '../ledger.ts'
import { checkOutflow } from './wagering.ts'
import type { PasswordCheck } from './pay-hasher.ts'
import { checkPaymentPassword } from './profile.ts'

/** Smallest and largest transfer a member asks for (to the upline, or an agent's to a downline), minor units: the contract's. */
const { min: TRANSFER_MIN, max: TRANSFER_MAX } = memberTransferLimits

async function uplineOf(q: Queryable, member: Member): Promise<{ id: string; username: string } | null> {
  if (!member.uplineId) return null
  const [row] = await q.query<{ id: string; username: string }>('SELECT id, username FROM members WHERE id = $1', [member.uplineId])
  return row ?? null
}

/** Whether the member may transfer to the upline, and to whom. */
export async function uplineTransferInfo(q: Queryable, member: Member): Promise<UplineTransferInfo> {
  const upline = await uplineOf(q, member)
  return { allowed: upline !== null, upline: upline?.username ?? '', balance: await balanceOf(q, memberAccount(member.id)), min: TRANSFER_MIN, max: TRANSFER_MAX }
}

/**
 * Moves `amount` from the member's main wallet to the upline's, after the payment password.
 * @param password - the server's pool (a route's context); `{ checkPassword: false }` only for the race test, which measures the hold alone
 * @throws Fail('forbidden' | 'validation_failed' | 'insufficient_funds' | 'wagering_required' | 'conflict' | 'payment_password_*' | 'rate_limited')
 */
export async function transferToUpline(
  db: Db,
  member: Member,
  input: { amount: number; paymentPassword: string; idempotencyKey: string; forfeitBonus?: boolean },
  now: number,
  password: PasswordCheck,
) {
  const upline = await uplineOf(db, member)
  if (!upline) throw new Fail('forbidden', 'This account has no upline to transfer to.')
  const txKey = `upline:${member.id}:${input.idempotencyKey}`
  const fingerprint = async () => {
    const [first] = await db.query<{ id: string; amount: string | number }>(
      'SELECT t.id, e.amount FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id AND e.account_id = $2 WHERE t.idempotency_key = $1',
      [txKey, memberAccount(upline.id)],
    )
    return first
  }
  // A retry of a transfer already made answers it, without asking the password again.
  const earlier = await fingerprint()
  if (earlier) {
    if (Number(earlier.amount) !== input.amount) throw new Fail('conflict', 'This idempotency key was already used for another transfer.')
    return { transferId: earlier.id, amount: input.amount, upline: upline.username, balance: await balanceOf(db, memberAccount(member.id)) }
  }
  const { transactionId, balance } = await askedTransfer(
    db,
    {
      idempotencyKey: txKey,
      kind: 'upline_transfer',
      memo: `to ${upline.username}`,
      from: memberAccount(member.id),
      to: memberAccount(upline.id),
      amount: input.amount,
      outflow: { memberId: member.id, forfeitBonus: input.forfeitBonus, now },
    },
    { paymentPassword: input.paymentPassword, check: password },
  )
  return { transferId: transactionId, amount: input.amount, upline: upline.username, balance }
}

/** One member-to-member move of {@link memberTransfer}. */
export interface MemberTransfer {
  idempotencyKey: string
  kind: string
  memo: string
  from: string
  to: string
  amount: number
  /** The sender (a member's main wallet is `from`) and whether it confirmed forfeiting its bonus. */
  outflow: { memberId: string; forfeitBonus?: boolean; now: number }
}

/**
 * A transfer a member asks for (to the upline, or an agent's to a downline): within the transfer
 * limits, after the sender's payment password (`check` false only for the race tests), then
 * {@link memberTransfer}. A retry of a key already used is answered by the caller before this.
 */
export async function askedTransfer(db: Db, t: MemberTransfer, password: { paymentPassword: string; check: PasswordCheck }): Promise<{ transactionId: string; balance: number }> {
  if (t.amount < TRANSFER_MIN) throw new Fail('validation_failed', `The minimum is ${TRANSFER_MIN} minor units.`, { fields: { amount: 'money_err_amount_min' } })
  if (t.amount > TRANSFER_MAX) throw new Fail('validation_failed', `The maximum is ${TRANSFER_MAX} minor units.`, { fields: { amount: 'money_err_amount_max' } })
  if ('payHasher' in password.check) await checkPaymentPassword(db, t.outflow.memberId, password.paymentPassword, t.outflow.now, password.check.payHasher)
  return memberTransfer(db, t)
}

/**
 * Moves `amount` from one member account to another through the ledger, idempotent by the key; a
 * balance too small answers `insufficient_funds` on the amount field. The sender's wagering rule
 * ({@link checkOutflow}) is checked on its locked wallet in the same database transaction as the
 * debit. Returns the sender's balance after it.
 */
export async function memberTransfer(db: Db, t: MemberTransfer): Promise<{ transactionId: string; balance: number }> {
  await openAccount(db, t.from)
  await openAccount(db, t.to)
  try {
    const { transactionId } = await db.tx(async (q) => {
      // The sender's wallet locked first: a retry of this key that waited here finds the transfer
      // made and is answered it (below) instead of being judged again on the balance it left.
      await q.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE', [t.from])
      const [made] = await q.query('SELECT 1 FROM ledger_transactions WHERE idempotency_key = $1', [t.idempotencyKey])
      if (!made) await checkOutflow(q, t.outflow.memberId, t.amount, { forfeitBonus: t.outflow.forfeitBonus, now: t.outflow.now })
      return postTransactionIn(q, {
        idempotencyKey: t.idempotencyKey,
        kind: t.kind,
        memo: t.memo,
        legs: [
          { account: t.from, amount: -t.amount },
          { account: t.to, amount: t.amount },
        ],
      })
    })
    return { transactionId, balance: await balanceOf(db, t.from) }
  } catch (err) {
    if (err instanceof Fail && err.code === 'insufficient_funds')
      throw new Fail('insufficient_funds', 'The amount is more than your balance.', { fields: { amount: 'money_err_over_balance' } })
    throw err
  }
}
