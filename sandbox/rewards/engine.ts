/**
 * The rewards engine's feed: each settled round, lottery bet, paid deposit and referral is recorded
 * once (by its key) as it happens, inside the transaction that moved its money. Recording it applies
 * the rules of the database: points for the event (points_rules, scaled by the member's rank), the
 * member's running totals, and a rank reached (vip_ranks) with its upgrade award to claim. Missions,
 * the rebate and the VIP page read the recorded events. Nothing here moves money, so a spent budget
 * can never refuse a round or a deposit.
 * @module
 */
import type { Queryable } from '../db/index.ts'
import { TRIAL } from '../auth/members.ts'
import { grantClaimable } from './awards.ts'
import { addPoints } from './points.ts'

/** One thing the engine is fed. */
export interface RewardEvent {
  /** Unique per event (`round:<id>`, `lottery:<betId>`, `deposit:<orderId>`, `referral:<friendId>`). */
  key: string
  memberId: string
  kind: 'round' | 'lottery' | 'deposit' | 'referral'
  /** Game category of a bet (`RNG`, `LIVE`…, `LOTTERY`), empty otherwise. */
  category?: string
  /** Minor units: the stake of a bet, the amount of a deposit, 1 for a referral. */
  amount: number
  /** The part of a stake that counts as a valid bet (a push does not). */
  validBet?: number
  /** A bet that paid more than its stake. */
  won?: boolean
  at: number
}

/**
 * Records an event and applies the rules to it, in the caller's transaction. A replayed key, or an
 * event of a trial account, does nothing.
 * @returns whether the event was recorded
 */
export async function recordEvent(q: Queryable, e: RewardEvent): Promise<boolean> {
  const validBet = e.validBet ?? 0
  // A trial (free-play) account plays with the house's trial credit: it earns nothing.
  const fresh = await q.query(
    `INSERT INTO reward_events (key, member_id, kind, category, amount, valid_bet, won, created_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8 WHERE NOT EXISTS (SELECT 1 FROM members WHERE id = $2 AND (type = ${TRIAL} OR is_agent = ${TRIAL}))
     ON CONFLICT (key) DO NOTHING RETURNING key`,
    [e.key, e.memberId, e.kind, e.category ?? '', e.amount, validBet, e.won ?? false, e.at],
  )
  if (fresh.length === 0) return false
  const deposit = e.kind === 'deposit' ? e.amount : 0
  const [totals] = await q.query<{ valid_bet: number; deposit: number }>(
    `INSERT INTO reward_totals (member_id, valid_bet, deposit) VALUES ($1, $2, $3)
     ON CONFLICT (member_id) DO UPDATE SET valid_bet = reward_totals.valid_bet + $2, deposit = reward_totals.deposit + $3
     RETURNING valid_bet, deposit`,
    [e.memberId, validBet, deposit],
  )
  const level = await reachRank(q, e.memberId, Number(totals.valid_bet), Number(totals.deposit), e.at)
  const [rule] = await q.query<{ per: number; points: number }>('SELECT per, points FROM points_rules WHERE trigger = $1', [e.kind])
  const base = e.kind === 'deposit' || e.kind === 'referral' ? e.amount : validBet
  if (rule && base > 0) {
    const [rank] = await q.query<{ points_bp: number }>('SELECT points_bp FROM vip_ranks WHERE level = $1', [level])
    const points = Math.floor((Math.floor(base / Number(rule.per)) * Number(rule.points) * Number(rank?.points_bp ?? 10_000)) / 10_000)
    if (points > 0) await addPoints(q, { key: `earn:${e.key}`, memberId: e.memberId, delta: points, reason: e.kind, ref: e.category ?? '', at: e.at })
  }
  return true
}

/**
 * Raises the member's rank to the highest one the totals meet (ranks never go down), recording the
 * date each was reached and a claimable upgrade award per rank.
 * @returns the member's rank after the event
 */
async function reachRank(q: Queryable, memberId: string, validBet: number, deposit: number, at: number): Promise<number> {
  const reached = await q.query<{ level: number; upgrade_bonus: number }>(
    `SELECT r.level, r.upgrade_bonus FROM vip_ranks r, members m
      WHERE m.id = $1 AND r.level > m.rank_level AND r.valid_bet <= $2 AND r.deposit <= $3 ORDER BY r.level`,
    [memberId, validBet, deposit],
  )
  if (reached.length === 0) {
    const [m] = await q.query<{ rank_level: number }>('SELECT rank_level FROM members WHERE id = $1', [memberId])
    return Number(m?.rank_level ?? 0)
  }
  const top = Number(reached[reached.length - 1].level)
  await q.query('UPDATE members SET rank_level = GREATEST(rank_level, $2) WHERE id = $1', [memberId, top])
  for (const r of reached) {
    await q.query('INSERT INTO vip_history (member_id, level, reached_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [memberId, r.level, at])
    if (Number(r.upgrade_bonus) > 0) {
      await grantClaimable(q, { key: `rank:${memberId}:${r.level}`, memberId, promo: 'RANK', source: 'rank', ref: String(r.level), amount: Number(r.upgrade_bonus) }, at)
    }
  }
  return top
}
