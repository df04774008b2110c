/**
 * Deposits: the platform's channels, and orders that go pending → paid | failed | expired. The
 * gateway's callback settles an order with one conditional update, and a paid order is credited
 * through the ledger in the same database transaction, so a replayed callback credits nothing more.
 * @module
 */
import { rewardDeposit } from '../rewards/hooks.ts'
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import type { DepositChannel, DepositOrder } from '../../sdk/contract/all.ts'
import type { Db, Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { memberAccount, openAccount, openHouseAccounts, postTransactionIn } from '../ledger.ts'
import { bonusFor, checkClaim, grantDepositBonus } from './promotion.ts'
import { checkDeposit } from '../protect/limits.ts'
import { qrSvg } from '../qr.ts'

/** How long a deposit order waits for its payment. */
export const ORDER_TTL_MS = 15 * 60_000

/** The sandbox platform's deposit channels (amounts in minor units). */
export const depositChannels: readonly DepositChannel[] = [
  { code: 'BANK', method: 'bank', name: 'Bank transfer', min: 100_00, max: 50_000_00, presets: [100_00, 500_00, 1_000_00, 5_000_00] },
  { code: 'GCASH', method: 'ewallet', name: 'GCash', min: 50_00, max: 20_000_00, presets: [50_00, 100_00, 500_00, 1_000_00] },
  { code: 'CARD', method: 'card', name: 'Card', min: 100_00, max: 10_000_00, presets: [100_00, 300_00, 1_000_00, 3_000_00] },
  { code: 'USDT', method: 'crypto', name: 'USDT (TRC20)', min: 200_00, max: 100_000_00, presets: [200_00, 1_000_00, 5_000_00, 20_000_00] },
]

// The gateway signs its callbacks with a secret only the platform and the gateway hold.
const gatewaySecret = randomBytes(32)

/** Signature of a gateway callback. */
export const signCallback = (orderId: string, status: 'paid' | 'failed'): string => createHmac('sha256', gatewaySecret).update(`${orderId}:${status}`).digest('base64url')

/** Whether a callback's signature is the gateway's. */
export function callbackSigned(orderId: string, status: 'paid' | 'failed', signature: string): boolean {
  const want = Buffer.from(signCallback(orderId, status))
  const got = Buffer.from(signature)
  return want.length === got.length && timingSafeEqual(want, got)
}

interface OrderRow {
  id: string
  member_id: string
  idempotency_key: string
  channel: string
  method: string
  amount: string | number
  status: string
  reference: string
  crypto_address: string | null
  created_at: string | number
  expires_at: string | number
  promotion: string | null
}

const iso = (ms: string | number) => new Date(Number(ms)).toISOString()

function orderView(r: OrderRow): DepositOrder {
  const amount = Number(r.amount)
  return {
    orderId: r.id,
    channel: r.channel,
    method: r.method as DepositOrder['method'],
    amount,
    status: r.status as DepositOrder['status'],
    reference: r.reference,
    gatewayPath: `/sandbox/gateway/${r.id}`,
    ...(r.crypto_address ? { cryptoAddress: r.crypto_address, qrSvg: qrSvg(`tron:${r.crypto_address}?amount=${(amount / 100).toFixed(2)}`) } : {}),
    createdAt: iso(r.created_at),
    expiresAt: iso(r.expires_at),
    ...(r.promotion ? { promotion: r.promotion, bonus: bonusFor(amount) } : {}),
  }
}

const COLUMNS = 'id, member_id, idempotency_key, channel, method, amount, status, reference, crypto_address, created_at, expires_at, promotion'

/** Marks a pending order past its time as expired (lazily, when it is read or called back). */
async function expire(q: Queryable, orderId: string, now: number): Promise<void> {
  await q.query("UPDATE deposit_orders SET status = 'expired', settled_at = $2 WHERE id = $1 AND status = 'pending' AND expires_at <= $2", [orderId, now])
}

/**
 * Creates a deposit order; the same idempotency key answers the same order.
 * @throws Fail('validation_failed') for an unknown channel or an amount outside its limits
 */
export async function createDeposit(
  db: Db,
  memberId: string,
  input: { channel: string; amount: number; idempotencyKey: string; promotion?: string },
  now: number,
): Promise<DepositOrder> {
  const channel = depositChannels.find((c) => c.code === input.channel)
  if (!channel) throw new Fail('validation_failed', 'Unknown deposit channel.', { fields: { channel: 'err_field_invalid' } })
  if (input.amount < channel.min)
    throw new Fail('validation_failed', `The minimum is ${channel.min} minor units.`, { fields: { amount: 'money_err_amount_min' }, value: { min: channel.min, max: channel.max } })
  if (input.amount > channel.max)
    throw new Fail('validation_failed', `The maximum is ${channel.max} minor units.`, { fields: { amount: 'money_err_amount_max' }, value: { min: channel.min, max: channel.max } })
  await checkClaim(db, memberId, input.promotion)
  const reference = randomBytes(5).toString('hex').toUpperCase()
  const address = channel.method === 'crypto' ? `T${randomBytes(16).toString('hex').slice(0, 33)}` : null
  // Player protection: a repeated key answers its order; a new order is checked against the deposit
  // limits (and a running break) under the member's lock, in the transaction that records it.
  const [known] = await db.query<{ id: string }>('SELECT id FROM deposit_orders WHERE member_id = $1 AND idempotency_key = $2', [memberId, input.idempotencyKey])
  const [row] = known
    ? []
    : await db.tx(async (q) => {
        await checkDeposit(q, memberId, input.amount, now)
        return q.query<OrderRow>(
          `INSERT INTO deposit_orders (id, member_id, idempotency_key, channel, method, amount, reference, crypto_address, created_at, expires_at, promotion)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (member_id, idempotency_key) DO NOTHING RETURNING ${COLUMNS}`,
          [
            `dp_${randomUUID().replace(/-/g, '')}`,
            memberId,
            input.idempotencyKey,
            channel.code,
            channel.method,
            input.amount,
            reference,
            address,
            now,
            now + ORDER_TTL_MS,
            input.promotion ?? null,
          ],
        )
      })
  if (row) return orderView(row)
  const [first] = await db.query<OrderRow>(`SELECT ${COLUMNS} FROM deposit_orders WHERE member_id = $1 AND idempotency_key = $2`, [memberId, input.idempotencyKey])
  if (first.channel !== channel.code || Number(first.amount) !== input.amount || (first.promotion ?? undefined) !== input.promotion)
    throw new Fail('conflict', 'This idempotency key was already used for another deposit.')
  return orderView(first)
}

/** One order, or null; `memberId` restricts it to its owner. */
export async function findOrder(q: Queryable, orderId: string, now: number, memberId?: string): Promise<DepositOrder | null> {
  await expire(q, orderId, now)
  const [row] = await q.query<OrderRow>(`SELECT ${COLUMNS} FROM deposit_orders WHERE id = $1 AND ($2::text IS NULL OR member_id = $2)`, [orderId, memberId ?? null])
  return row ? orderView(row) : null
}

/**
 * Applies the gateway's answer to a pending order: paid credits the member once through the ledger
 * (one database transaction with the state change), failed only closes it. A replay, or an answer
 * for a closed or expired order, changes nothing.
 * @returns the order as it stands, and whether this call settled it
 */
export async function settleDeposit(db: Db, orderId: string, outcome: 'paid' | 'failed', now: number): Promise<{ order: DepositOrder; settled: boolean }> {
  await expire(db, orderId, now)
  const settled = await db.tx(async (q) => {
    const rows = await q.query<{ member_id: string; amount: string | number; promotion: string | null }>(
      "UPDATE deposit_orders SET status = $2, settled_at = $3 WHERE id = $1 AND status = 'pending' AND expires_at > $3 RETURNING member_id, amount, promotion",
      [orderId, outcome, now],
    )
    if (rows.length === 0) return false
    if (outcome === 'paid') {
      const account = memberAccount(rows[0].member_id)
      await openAccount(q, account)
      await openHouseAccounts(q)
      const amount = Number(rows[0].amount)
      const { transactionId } = await postTransactionIn(q, {
        idempotencyKey: `deposit:${orderId}`,
        kind: 'deposit',
        memo: orderId,
        legs: [
          { account: 'house:cash', amount: -amount },
          { account, amount },
        ],
      })
      await q.query('UPDATE deposit_orders SET transaction_id = $2 WHERE id = $1', [orderId, transactionId])
      if (rows[0].promotion) await grantDepositBonus(q, rows[0].member_id, orderId, amount, now)
      await rewardDeposit(q, { orderId, memberId: rows[0].member_id, amount, at: now })
    }
    return true
  })
  const order = await findOrder(db, orderId, now)
  if (!order) throw new Fail('not_found', 'No such order.')
  return { order, settled }
}
