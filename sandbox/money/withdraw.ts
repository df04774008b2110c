/**
 * Withdrawals (SPEC §4): the amount is held at request by a ledger transaction into the member's
 * holding account (never a second balance), then posted out when disbursed or voided back when
 * rejected. States: requested → approved | rejected → disbursed → received | not_received |
 * fully_paid; a disbursal left unconfirmed for the minutes parameter is regarded as received.
 * Every state change is one conditional update, so two deciders racing cannot both win.
 * @module
 */
import { randomUUID } from 'node:crypto'
import type { Withdrawal, WithdrawInfo } from '../../sdk/contract/all.ts'
import type { Db, Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { balanceOf, memberAccount, openAccount, openHouseAccounts, postTransactionIn } from '../ledger.ts'
import { getSetting, putSetting } from '../settings.ts'
import type { PasswordCheck } from './pay-hasher.ts'
import { checkPaymentPassword, maskNumber } from './profile.ts'
import { wageringRemaining as wageringLeft } from './promotion.ts'
import { checkOutflow } from './wagering.ts'

/** Smallest and largest withdrawal, minor units. */
export const WITHDRAW_MIN = 10_00
export const WITHDRAW_MAX = 50_000_00
/** Minutes after a disbursal before it is regarded as received, unless the admin sets another. */
export const DEFAULT_CONFIRM_MINUTES = 30
const MINUTES_KEY = 'withdrawalConfirmMinutes'

/** The holding account of a member's requested withdrawals (no owner: it is not the member's balance). */
export const holdAccount = (memberId: string): string => `hold:withdrawal:${memberId}`

/** Minutes an unconfirmed disbursal waits before it counts as received. */
export const confirmMinutes = (q: Queryable): Promise<number> => getSetting(q, MINUTES_KEY, DEFAULT_CONFIRM_MINUTES)
/** Sets the confirmation minutes parameter. */
export const setConfirmMinutes = (q: Queryable, minutes: number): Promise<void> => putSetting(q, MINUTES_KEY, minutes)

interface Row {
  id: string
  member_id: string
  idempotency_key: string
  amount: string | number
  account_label: string
  status: string
  received_amount: string | number | null
  remaining_amount: string | number | null
  has_proof: boolean
  auto_confirmed: boolean
  confirm_key: string | null
  created_at: string | number
  disbursed_at: string | number | null
}
const COLUMNS = `id, member_id, idempotency_key, amount, account_label, status, received_amount, remaining_amount,
  proof IS NOT NULL AS has_proof, auto_confirmed, confirm_key, created_at, disbursed_at`

const iso = (ms: string | number) => new Date(Number(ms)).toISOString()
const num = (x: string | number | null) => (x === null ? null : Number(x))

function view(r: Row, minutes: number): Withdrawal {
  return {
    id: r.id,
    amount: Number(r.amount),
    status: r.status as Withdrawal['status'],
    account: r.account_label,
    createdAt: iso(r.created_at),
    disbursedAt: r.disbursed_at === null ? null : iso(r.disbursed_at),
    confirmBy: r.disbursed_at === null ? null : iso(Number(r.disbursed_at) + minutes * 60_000),
    autoConfirmed: r.auto_confirmed,
    receivedAmount: num(r.received_amount),
    remainingAmount: num(r.remaining_amount),
    hasProof: r.has_proof,
  }
}

async function rowOf(q: Queryable, id: string, memberId?: string): Promise<Row | undefined> {
  const [row] = await q.query<Row>(`SELECT ${COLUMNS} FROM withdrawals WHERE id = $1 AND ($2::text IS NULL OR member_id = $2)`, [id, memberId ?? null])
  return row
}

/** One withdrawal as the member sees it. */
export async function withdrawalOf(q: Queryable, id: string, now: number, memberId?: string): Promise<Withdrawal> {
  await autoConfirm(q, now)
  const row = await rowOf(q, id, memberId)
  if (!row) throw new Fail('not_found', 'No such withdrawal.')
  return view(row, await confirmMinutes(q))
}

/** Regards every disbursal older than the minutes parameter as received (SPEC §4). */
export async function autoConfirm(q: Queryable, now: number): Promise<void> {
  const minutes = await confirmMinutes(q)
  await q.query("UPDATE withdrawals SET status = 'received', auto_confirmed = true, updated_at = $1 WHERE status = 'disbursed' AND disbursed_at + $2 <= $1", [
    now,
    minutes * 60_000,
  ])
}

/** Withdrawable amount, limits and recent withdrawals of a member. */
export async function withdrawInfo(q: Queryable, memberId: string, now: number): Promise<WithdrawInfo> {
  await autoConfirm(q, now)
  const minutes = await confirmMinutes(q)
  const balance = await balanceOf(q, memberAccount(memberId))
  const wageringRemaining = await wageringLeft(q, memberId)
  const rows = await q.query<Row>(`SELECT ${COLUMNS} FROM withdrawals WHERE member_id = $1 ORDER BY created_at DESC, id LIMIT 20`, [memberId])
  return {
    balance,
    wageringRemaining,
    withdrawable: Math.max(0, balance - wageringRemaining),
    min: WITHDRAW_MIN,
    max: WITHDRAW_MAX,
    confirmMinutes: minutes,
    withdrawals: rows.map((r) => view(r, minutes)),
  }
}

/** What a withdrawal request carries. */
export interface WithdrawInput {
  amount: number
  accountId: string
  paymentPassword: string
  idempotencyKey: string
  /** The member confirmed forfeiting a bonus whose wagering is unmet (see {@link checkOutflow}). */
  forfeitBonus?: boolean
}

/**
 * Requests a withdrawal: checks the real name, the payee, the limits and (unless `checkPassword` is
 * false, for the race tests of the hold alone) the payment password, then records the request and
 * holds the amount in one database transaction, with the wagering rule checked on the locked wallet
 * in that same transaction. The same key answers the first request.
 * @throws Fail('real_name_required' | 'validation_failed' | 'insufficient_funds' | 'wagering_required' | 'payment_password_*' | 'rate_limited' | 'conflict')
 */
export async function requestWithdrawal(db: Db, memberId: string, input: WithdrawInput, now: number, password: PasswordCheck): Promise<Withdrawal> {
  const earlier = await db.query<Row>(`SELECT ${COLUMNS} FROM withdrawals WHERE member_id = $1 AND idempotency_key = $2`, [memberId, input.idempotencyKey])
  if (earlier[0]) return replay(db, earlier[0], input)

  const [profile] = await db.query<{ real_name: string }>('SELECT real_name FROM money_profiles WHERE member_id = $1', [memberId])
  if (!profile?.real_name) throw new Fail('real_name_required', undefined, { fields: { accountId: 'err_real_name_required' } })
  const [account] = await db.query<{ provider: string; account_no: string; payee_name: string }>(
    'SELECT provider, account_no, payee_name FROM payout_accounts WHERE id = $1 AND member_id = $2',
    [input.accountId, memberId],
  )
  if (!account) throw new Fail('validation_failed', 'Choose one of your accounts.', { fields: { accountId: 'err_field_invalid' } })
  // SPEC §5: the real name must equal the account's payee name, otherwise no withdrawal.
  if (account.payee_name !== profile.real_name)
    throw new Fail('validation_failed', 'The payee name differs from your real name.', { fields: { accountId: 'money_err_payee_mismatch' } })
  if (input.amount < WITHDRAW_MIN)
    throw new Fail('validation_failed', `The minimum is ${WITHDRAW_MIN} minor units.`, {
      fields: { amount: 'money_err_amount_min' },
      value: { min: WITHDRAW_MIN, max: WITHDRAW_MAX },
    })
  if (input.amount > WITHDRAW_MAX)
    throw new Fail('validation_failed', `The maximum is ${WITHDRAW_MAX} minor units.`, {
      fields: { amount: 'money_err_amount_max' },
      value: { min: WITHDRAW_MIN, max: WITHDRAW_MAX },
    })
  if ('payHasher' in password) await checkPaymentPassword(db, memberId, input.paymentPassword, now, password.payHasher)

  const id = `wd_${randomUUID().replace(/-/g, '')}`
  const label = `${account.provider} ${maskNumber(account.account_no)} (${account.payee_name})`
  const main = memberAccount(memberId)
  const hold = holdAccount(memberId)
  await openAccount(db, main)
  await openAccount(db, hold)
  const created = await db.tx(async (q) => {
    const claimed = await q.query<Row>(
      `INSERT INTO withdrawals (id, member_id, idempotency_key, amount, account_label, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (member_id, idempotency_key) DO NOTHING RETURNING ${COLUMNS}`,
      [id, memberId, input.idempotencyKey, input.amount, label, now],
    )
    if (claimed.length === 0) return null
    try {
      // The wagering rule, checked on the locked wallet in this transaction (parallel requests queue here).
      await checkOutflow(q, memberId, input.amount, { forfeitBonus: input.forfeitBonus, now })
      const { transactionId } = await postTransactionIn(q, {
        idempotencyKey: `withdraw-hold:${id}`,
        kind: 'withdrawal_hold',
        memo: id,
        legs: [
          { account: main, amount: -input.amount },
          { account: hold, amount: input.amount },
        ],
      })
      await q.query('UPDATE withdrawals SET hold_transaction_id = $2 WHERE id = $1', [id, transactionId])
    } catch (err) {
      if (err instanceof Fail && err.code === 'insufficient_funds')
        throw new Fail('insufficient_funds', 'The amount is more than you can withdraw.', { fields: { amount: 'money_err_over_balance' } })
      throw err
    }
    return claimed[0]
  })
  // A concurrent request with the same key claimed it first: answer what it recorded.
  const row = created ?? (await db.query<Row>(`SELECT ${COLUMNS} FROM withdrawals WHERE member_id = $1 AND idempotency_key = $2`, [memberId, input.idempotencyKey]))[0]
  return replay(db, row, input, created !== null)
}

async function replay(q: Queryable, row: Row, input: WithdrawInput, fresh = false): Promise<Withdrawal> {
  if (!fresh && Number(row.amount) !== input.amount) throw new Fail('conflict', 'This idempotency key was already used for another withdrawal.')
  return view(row, await confirmMinutes(q))
}

/** Admin decisions and their state change (from → to) plus, for money, the ledger move. */
export const moves = {
  approve: { from: 'requested', to: 'approved', legs: null },
  reject: { from: 'requested', to: 'rejected', legs: 'release' },
  disburse: { from: 'approved', to: 'disbursed', legs: 'payout' },
} as const

/** An admin decision on a withdrawal. */
export type Decision = keyof typeof moves

/** Options of {@link decideWithdrawal}. */
export interface DecisionOptions {
  /** Why (a rejection), kept on the withdrawal. */
  reason?: string
  /** Runs in the decision's transaction once it is made (the operator audit row), so both happen or neither. */
  within?: (q: Queryable) => Promise<void>
}

/**
 * Applies an admin decision with one conditional update: a reject releases the held amount back to
 * the member, a disbursal pays it out to the house cash account (the bank), in the same transaction.
 * @throws Fail('not_found'), Fail('conflict') when the withdrawal is not in the state the decision needs
 */
export async function decideWithdrawal(db: Db, id: string, decision: Decision, now: number, opts: DecisionOptions = {}): Promise<Withdrawal> {
  const move = moves[decision]
  const done = await db.tx(async (q) => {
    const rows = await q.query<{ member_id: string; amount: string | number }>(
      `UPDATE withdrawals SET status = $2, updated_at = $4, disbursed_at = CASE WHEN $2 = 'disbursed' THEN $4 ELSE disbursed_at END,
         decision_reason = COALESCE($5, decision_reason)
       WHERE id = $1 AND status = $3 RETURNING member_id, amount`,
      [id, move.to, move.from, now, opts.reason ?? null],
    )
    if (rows.length === 0) return false
    if (move.legs) {
      const amount = Number(rows[0].amount)
      const hold = holdAccount(rows[0].member_id)
      const other = move.legs === 'release' ? memberAccount(rows[0].member_id) : 'house:cash'
      if (move.legs === 'payout') await openHouseAccounts(q)
      const { transactionId } = await postTransactionIn(q, {
        idempotencyKey: `withdraw-${move.legs}:${id}`,
        kind: move.legs === 'release' ? 'withdrawal_release' : 'withdrawal_paid',
        memo: id,
        legs: [
          { account: hold, amount: -amount },
          { account: other, amount },
        ],
      })
      await q.query('UPDATE withdrawals SET settle_transaction_id = $2 WHERE id = $1', [id, transactionId])
    }
    await opts.within?.(q)
    return true
  })
  const row = await rowOf(db, id)
  if (!row) throw new Fail('not_found', 'No such withdrawal.')
  if (!done)
    throw new Fail('conflict', `The withdrawal is ${row.status}: it cannot be ${decision === 'disburse' ? 'disbursed' : `${decision}d`} now.`, { value: { status: row.status } })
  return view(row, await confirmMinutes(db))
}

/** The member's confirmation of a disbursal. */
export interface ConfirmInput {
  id: string
  outcome: 'received' | 'not_received' | 'fully_paid'
  receivedAmount?: number
  remainingAmount?: number
  idempotencyKey: string
}

/**
 * Records the member's confirmation of a disbursed withdrawal. Not received needs the proof image
 * uploaded first; fully paid needs the received and remaining amounts, summing to the amount. The
 * same key answers the first confirmation.
 */
export async function confirmWithdrawal(db: Db, memberId: string, input: ConfirmInput, now: number): Promise<Withdrawal> {
  await autoConfirm(db, now)
  const row = await rowOf(db, input.id, memberId)
  if (!row) throw new Fail('not_found', 'No such withdrawal.')
  const minutes = await confirmMinutes(db)
  if (row.confirm_key === input.idempotencyKey) return view(row, minutes)
  if (row.status !== 'disbursed') throw new Fail('conflict', `The withdrawal is ${row.status}: there is nothing to confirm.`, { value: { status: row.status } })
  let received: number | null = null
  let remaining: number | null = null
  if (input.outcome === 'not_received' && !row.has_proof) throw new Fail('validation_failed', 'Upload a proof image first.', { fields: { proof: 'money_err_proof_required' } })
  if (input.outcome === 'fully_paid') {
    received = input.receivedAmount ?? -1
    remaining = input.remainingAmount ?? -1
    if (received < 0) throw new Fail('validation_failed', 'Enter the amount received.', { fields: { receivedAmount: 'err_field_required' } })
    if (remaining < 0) throw new Fail('validation_failed', 'Enter the remaining amount.', { fields: { remainingAmount: 'err_field_required' } })
    if (received + remaining !== Number(row.amount))
      throw new Fail('validation_failed', 'Received and remaining must add up to the amount.', { fields: { remainingAmount: 'money_err_parts_sum' } })
  }
  const updated = await db.query<Row>(
    `UPDATE withdrawals SET status = $3, received_amount = $4, remaining_amount = $5, confirm_key = $6, updated_at = $7
     WHERE id = $1 AND member_id = $2 AND status = 'disbursed' RETURNING ${COLUMNS}`,
    [input.id, memberId, input.outcome, received, remaining, input.idempotencyKey, now],
  )
  if (updated.length === 0) return withdrawalOf(db, input.id, now, memberId)
  return view(updated[0], minutes)
}

/** Image types accepted as proof, by their first bytes. */
export function imageTypeOf(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png'
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  return null
}

/** Stores the proof image of a disbursed withdrawal (before the member confirms it not received). */
export async function storeProof(q: Queryable, memberId: string, id: string, bytes: Uint8Array, type: string, now: number): Promise<Withdrawal> {
  await autoConfirm(q, now)
  const rows = await q.query("UPDATE withdrawals SET proof = $3, proof_type = $4, updated_at = $5 WHERE id = $1 AND member_id = $2 AND status = 'disbursed' RETURNING id", [
    id,
    memberId,
    Buffer.from(bytes),
    type,
    now,
  ])
  if (rows.length === 0) {
    const row = await rowOf(q, id, memberId)
    if (!row) throw new Fail('not_found', 'No such withdrawal.')
    throw new Fail('conflict', `The withdrawal is ${row.status}: a proof is no longer taken.`)
  }
  return withdrawalOf(q, id, now, memberId)
}
