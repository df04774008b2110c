/**
 * Cash awards of the rewards engine: every one is charged to a promotion's budget and paid from the
 * house promotions account through the ledger, once (by its key). An award is created claimable (the
 * reward centre lists it) or paid at once; claiming is one conditional update, so a double click or a
 * parallel claim pays once, and a promotion whose budget is spent refuses the award and moves nothing.
 * @module
 */
import { randomUUID } from 'node:crypto'
import type { Db, Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { memberAccount, openAccount, openHouseAccounts, postTransactionIn } from '../ledger.ts'

/** The promotions that pay awards (rows of `reward_promotions`). */
export type PromoCode = 'MISSION' | 'REBATE' | 'REFERRAL' | 'RANK' | 'MALL' | 'POINTS' | 'ACTIVITY'

/** Where an award came from (shown in the reward centre and the bonus details). */
export type AwardSource = 'mission' | 'rebate' | 'referral' | 'rank' | 'mall' | 'points' | 'activity' | 'raffle'

/** An award to create. */
export interface AwardInput {
  /** Same key → same award: a replay creates and pays nothing. */
  key: string
  memberId: string
  promo: PromoCode
  source: AwardSource
  /** What it is for (a mission id, a rank, a friend's masked name, a redeem id). */
  ref: string
  amount: number
}

/** An award row as the routes read it. */
export interface AwardRow {
  id: string
  member_id: string
  promo: PromoCode
  source: AwardSource
  ref: string
  amount: number
  required: number
  status: 'claimable' | 'claimed'
  transaction_id: string | null
  created_at: number
  claimed_at: number | null
}

/** The award's message key when the promotion's budget cannot pay it. */
export const budgetSpent = () => new Fail('conflict', 'This promotion has no budget left.', { fields: { reward: 'rewards_err_budget_spent' } })

/**
 * Creates an award the member claims later (reward centre). Moves no money, so it is safe inside a
 * round's or deposit's transaction: a spent budget refuses the claim, never the round.
 * @returns the award id (the first one's on a replay)
 */
export async function grantClaimable(q: Queryable, a: AwardInput, now: number): Promise<string> {
  const id = `aw_${randomUUID()}`
  const rows = await q.query<{ id: string }>(
    `INSERT INTO reward_awards (id, key, member_id, promo, source, ref, amount, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'claimable', $8) ON CONFLICT (key) DO NOTHING RETURNING id`,
    [id, a.key, a.memberId, a.promo, a.source, a.ref, a.amount, now],
  )
  if (rows[0]) return rows[0].id
  const [first] = await q.query<{ id: string }>('SELECT id FROM reward_awards WHERE key = $1', [a.key])
  return first.id
}

/**
 * Creates and pays an award at once, inside the caller's transaction (a mission claim, a rebate, an
 * approved redeem): the budget is charged, the ledger credits the member, and the bonus's wagering
 * requirement is recorded where the withdrawal page reads it.
 * @throws Fail('conflict') when the budget is spent (the caller's transaction must roll back)
 */
export async function grantPaid(q: Queryable, a: AwardInput, now: number): Promise<AwardRow> {
  const id = await grantClaimable(q, a, now)
  return payAward(q, id, a.memberId, now)
}

/**
 * Claims a claimable award for its member: one conditional update, so of two parallel claims one
 * pays and the other is refused. Pays through the ledger with the budget charged.
 * @throws Fail('not_found') for another member's or an unknown award; Fail('conflict') when already
 *   claimed (`rewards_err_already_claimed`) or the budget is spent
 */
export async function claimAward(db: Db, memberId: string, awardId: string, now: number): Promise<AwardRow> {
  await openAccount(db, memberAccount(memberId))
  await openHouseAccounts(db)
  return db.tx((q) => payAward(q, awardId, memberId, now))
}

async function payAward(q: Queryable, awardId: string, memberId: string, now: number): Promise<AwardRow> {
  const [award] = await q.query<AwardRow>(
    `UPDATE reward_awards a SET status = 'claimed', claimed_at = $3,
            required = a.amount * (SELECT p.turnover FROM reward_promotions p WHERE p.code = a.promo)
      WHERE a.id = $1 AND a.member_id = $2 AND a.status = 'claimable' RETURNING *`,
    [awardId, memberId, now],
  )
  if (!award) {
    const [seen] = await q.query<{ status: string }>('SELECT status FROM reward_awards WHERE id = $1 AND member_id = $2', [awardId, memberId])
    if (!seen) throw new Fail('not_found', 'There is no such reward.')
    throw new Fail('conflict', 'This reward was already claimed.', { fields: { reward: 'rewards_err_already_claimed' } })
  }
  const amount = Number(award.amount)
  const charged = await q.query('UPDATE reward_promotions SET spent = spent + $2 WHERE code = $1 AND spent + $2 <= budget RETURNING code', [award.promo, amount])
  if (charged.length === 0) throw budgetSpent()
  const account = memberAccount(memberId)
  await openAccount(q, account)
  await openHouseAccounts(q)
  const { transactionId } = await postTransactionIn(q, {
    idempotencyKey: `award:${award.id}`,
    kind: 'bonus',
    memo: `${award.promo} ${award.source} ${award.ref}`.slice(0, 200),
    legs: [
      { account: 'house:promo', amount: -amount },
      { account, amount },
    ],
  })
  await q.query('UPDATE reward_awards SET transaction_id = $2 WHERE id = $1', [award.id, transactionId])
  const required = Number(award.required)
  // The withdrawal page's wagering figure (sandbox/money/promotion.ts wageringRemaining) sums the rows
  // of deposit_bonuses: a bonus with a requirement is written there, so both pages read one figure.
  if (required > 0) {
    await q.query('INSERT INTO deposit_bonuses (member_id, promotion, order_id, bonus, required, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING', [
      memberId,
      `AWARD:${award.id}`,
      award.id,
      amount,
      required,
      now,
    ])
  }
  return { ...award, amount, required, transaction_id: transactionId }
}
