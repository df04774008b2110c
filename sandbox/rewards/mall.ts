/**
 * The point mall: rewards for points (with a valid-bet requirement and a stock), redeems reviewed by
 * staff (in process → approved or rejected with a remark), and points converted to balance. A redeem
 * takes one from the stock and the points in one transaction with conditional updates, so neither
 * goes below zero however many redeems run at once; a rejection gives both back; an approved cash
 * reward is paid from the MALL budget through the ledger.
 * @module
 */
import { randomUUID } from 'node:crypto'
import type { Language } from '../../sdk/contract/all.ts'
import type { Db, Queryable } from '../db/index.ts'
import { textIn } from '../games/texts.ts'
import { Fail } from '../http/fail.ts'
import { memberAccount, openAccount, openHouseAccounts } from '../ledger.ts'
import { grantPaid } from './awards.ts'
import { addPoints } from './points.ts'

interface RewardRow {
  id: string
  title_en: string
  title_es: string
  title_cn: string
  title_vi: string
  points: number
  amount_required: number
  quantity: number
  cash: number
}

/** A reward of the mall. */
export interface MallReward {
  id: string
  title: string
  points: number
  amountRequired: number
  quantity: number
  cash: number
  /** Its picture, relative to an image CDN (drawn by the sandbox's CDN, games/routes.ts). */
  image: string
}

/** A redeem as its member sees it. */
export interface RedeemView {
  id: string
  rewardId: string
  title: string
  points: number
  status: 'process' | 'approved' | 'rejected'
  remark: string
  createdAt: number
  decidedAt: number | null
}

const view = (r: RewardRow, language: Language): MallReward => ({
  id: r.id,
  title: textIn(r as unknown as Record<string, unknown>, 'title', language),
  points: Number(r.points),
  amountRequired: Number(r.amount_required),
  quantity: Number(r.quantity),
  cash: Number(r.cash),
  image: `img/reward/${encodeURIComponent(r.id)}${language === 'es' ? '.es' : ''}.svg`,
})

/** The mall's rewards in order. */
export async function mallRewards(q: Queryable, language: Language): Promise<MallReward[]> {
  return (await q.query<RewardRow>('SELECT * FROM mall_rewards ORDER BY sort')).map((r) => view(r, language))
}

/** The points-to-balance ratio. */
export async function ratioOf(q: Queryable): Promise<{ points: number; amount: number; minPoints: number }> {
  const [r] = await q.query<{ points: number; amount: number; min_points: number }>('SELECT points, amount, min_points FROM points_ratio WHERE id = 1')
  return { points: Number(r.points), amount: Number(r.amount), minPoints: Number(r.min_points) }
}

/** The member's valid bets in total (the mall's amount requirement). */
async function validBetOf(q: Queryable, memberId: string): Promise<number> {
  const [t] = await q.query<{ valid_bet: number }>('SELECT valid_bet FROM reward_totals WHERE member_id = $1', [memberId])
  return Number(t?.valid_bet ?? 0)
}

/**
 * Redeems a reward (the payment password was checked by the caller, outside this transaction, so a
 * wrong one still counts): one from the stock and the points taken, or nothing at all. The same
 * idempotency key answers the first redeem again.
 * @throws Fail('conflict') out of stock (`rewards_err_sold_out`), not enough points, or short of the
 *   amount requirement (`rewards_err_amount_short`); Fail('not_found')
 */
export async function redeem(db: Db, memberId: string, rewardId: string, idempotencyKey: string, language: Language, now: number): Promise<RedeemView> {
  const earlier = await redeemByKey(db, memberId, idempotencyKey, language)
  if (earlier) return earlier
  const [reward] = await db.query<RewardRow>('SELECT * FROM mall_rewards WHERE id = $1', [rewardId])
  if (!reward) throw new Fail('not_found', 'There is no such reward.')
  if ((await validBetOf(db, memberId)) < Number(reward.amount_required)) {
    throw new Fail('conflict', 'Your valid bets do not meet this reward yet.', { fields: { reward: 'rewards_err_amount_short' } })
  }
  const id = `rd_${randomUUID()}`
  const made = await db.tx(async (q) => {
    const claimed = await q.query(
      `INSERT INTO mall_redeems (id, member_id, idempotency_key, reward_id, points, status, created_at) VALUES ($1, $2, $3, $4, $5, 'process', $6)
       ON CONFLICT (member_id, idempotency_key) DO NOTHING RETURNING id`,
      [id, memberId, idempotencyKey, rewardId, reward.points, now],
    )
    if (claimed.length === 0) return false
    const stock = await q.query('UPDATE mall_rewards SET quantity = quantity - 1 WHERE id = $1 AND quantity > 0 RETURNING quantity', [rewardId])
    if (stock.length === 0) throw new Fail('conflict', 'This reward is sold out.', { fields: { reward: 'rewards_err_sold_out' } })
    try {
      await addPoints(q, { key: `redeem:${id}`, memberId, delta: -Number(reward.points), reason: 'redeem', ref: rewardId, at: now })
    } catch (err) {
      // The refusal (short, or held until a deposit is played through) at the reward the member chose.
      if (err instanceof Fail && err.fields?.points) throw new Fail(err.code, err.message, { fields: { reward: err.fields.points } })
      throw err
    }
    return true
  })
  const found = await redeemByKey(db, memberId, idempotencyKey, language)
  if (!found) throw new Fail('conflict', made ? 'The redeem could not be read back: retry.' : 'The redeem could not be recorded: retry.')
  return found
}

async function redeemByKey(q: Queryable, memberId: string, key: string, language: Language): Promise<RedeemView | null> {
  const rows = await redeemRows(q, 'd.member_id = $1 AND d.idempotency_key = $2', [memberId, key], language)
  return rows[0] ?? null
}

async function redeemRows(q: Queryable, where: string, params: unknown[], language: Language): Promise<RedeemView[]> {
  const rows = await q.query<{
    id: string
    reward_id: string
    title_en: string
    title_es: string
    points: number
    status: RedeemView['status']
    remark: string
    created_at: number
    decided_at: number | null
  }>(
    `SELECT d.id, d.reward_id, r.title_en, r.title_es, r.title_cn, r.title_vi, d.points, d.status, d.remark, d.created_at, d.decided_at
       FROM mall_redeems d JOIN mall_rewards r ON r.id = d.reward_id WHERE ${where} ORDER BY d.created_at DESC, d.id LIMIT 100`,
    params,
  )
  return rows.map((r) => ({
    id: r.id,
    rewardId: r.reward_id,
    title: textIn(r as unknown as Record<string, unknown>, 'title', language),
    points: Number(r.points),
    status: r.status,
    remark: r.remark,
    createdAt: Number(r.created_at),
    decidedAt: r.decided_at === null ? null : Number(r.decided_at),
  }))
}

/** The member's redeems, newest first. */
export const redeemsOf = (q: Queryable, memberId: string, language: Language) => redeemRows(q, 'd.member_id = $1', [memberId], language)

/** The member's points details, newest first: every change with its reason. */
export async function pointsDetails(q: Queryable, memberId: string): Promise<{ id: number; delta: number; reason: string; ref: string; at: number }[]> {
  const rows = await q.query<{ id: number; delta: number; reason: string; ref: string; created_at: number }>(
    'SELECT id, delta, reason, ref, created_at FROM points_entries WHERE member_id = $1 ORDER BY id DESC LIMIT 100',
    [memberId],
  )
  return rows.map((r) => ({ id: Number(r.id), delta: Number(r.delta), reason: r.reason, ref: r.ref, at: Number(r.created_at) }))
}

/**
 * Decides a redeem in process (staff, dev route): approved pays a cash reward from the MALL budget;
 * rejected gives the points and the stock back. A decided redeem is not decided again.
 * @throws Fail('conflict') when not in process; Fail('not_found')
 */
export async function decideRedeem(
  db: Db,
  redeemId: string,
  decision: 'approved' | 'rejected',
  remark: string,
  now: number,
  within?: (q: Queryable) => Promise<void>,
): Promise<void> {
  const [pending] = await db.query<{ member_id: string }>('SELECT member_id FROM mall_redeems WHERE id = $1', [redeemId])
  if (!pending) throw new Fail('not_found', 'There is no such redeem.')
  await openAccount(db, memberAccount(pending.member_id))
  await openHouseAccounts(db)
  await db.tx(async (q) => {
    const [d] = await q.query<{ member_id: string; reward_id: string; points: number }>(
      "UPDATE mall_redeems SET status = $2, remark = $3, decided_at = $4 WHERE id = $1 AND status = 'process' RETURNING member_id, reward_id, points",
      [redeemId, decision, remark, now],
    )
    if (!d) throw new Fail('conflict', 'This redeem was already decided.')
    if (decision === 'rejected') {
      await q.query('UPDATE mall_rewards SET quantity = quantity + 1 WHERE id = $1', [d.reward_id])
      await addPoints(q, { key: `refund:${redeemId}`, memberId: d.member_id, delta: Number(d.points), reason: 'refund', ref: d.reward_id, at: now })
    } else {
      const [r] = await q.query<{ cash: number }>('SELECT cash FROM mall_rewards WHERE id = $1', [d.reward_id])
      if (Number(r.cash) > 0) await grantPaid(q, { key: `mall:${redeemId}`, memberId: d.member_id, promo: 'MALL', source: 'mall', ref: d.reward_id, amount: Number(r.cash) }, now)
    }
    await within?.(q)
  })
}

/** Redeems waiting for a decision (the dev route lists them). */
export async function redeemsInProcess(q: Queryable): Promise<{ id: string; memberId: string; rewardId: string; points: number; createdAt: number }[]> {
  const rows = await q.query<{ id: string; member_id: string; reward_id: string; points: number; created_at: number }>(
    "SELECT id, member_id, reward_id, points, created_at FROM mall_redeems WHERE status = 'process' ORDER BY created_at",
  )
  return rows.map((r) => ({ id: r.id, memberId: r.member_id, rewardId: r.reward_id, points: Number(r.points), createdAt: Number(r.created_at) }))
}

/**
 * Converts points to balance at the ratio (whole steps of the ratio only), paid from the POINTS budget;
 * the same key answers the first conversion again.
 * @throws Fail('validation_failed') under the minimum or not a whole step; Fail('conflict') not enough points
 */
export async function convertPoints(db: Db, memberId: string, points: number, idempotencyKey: string, now: number): Promise<{ points: number; amount: number }> {
  const ratio = await ratioOf(db)
  if (points < ratio.minPoints || points % ratio.points !== 0) {
    throw new Fail('validation_failed', `Convert at least ${ratio.minPoints} points, in steps of ${ratio.points}.`, { fields: { points: 'rewards_err_convert_step' } })
  }
  const amount = (points / ratio.points) * ratio.amount
  await openAccount(db, memberAccount(memberId))
  await openHouseAccounts(db)
  return db.tx(async (q) => {
    const [earlier] = await q.query<{ points: number; amount: number }>('SELECT points, amount FROM points_conversions WHERE member_id = $1 AND idempotency_key = $2', [
      memberId,
      idempotencyKey,
    ])
    if (earlier) return { points: Number(earlier.points), amount: Number(earlier.amount) }
    const key = `convert:${memberId}:${idempotencyKey}`
    const claimed = await q.query(
      'INSERT INTO points_conversions (member_id, idempotency_key, points, amount, award_id, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING points',
      [memberId, idempotencyKey, points, amount, key, now],
    )
    if (claimed.length === 0) throw new Fail('conflict', 'This conversion is already being made: retry.')
    await addPoints(q, { key, memberId, delta: -points, reason: 'convert', at: now })
    await grantPaid(q, { key, memberId, promo: 'POINTS', source: 'points', ref: String(points), amount }, now)
    return { points, amount }
  })
}
