/**
 * The one call each place where money is staked or paid makes into the rewards engine, inside its own
 * transaction: a settled round, a placed lottery bet, a paid deposit (each of which may qualify a
 * referred friend), a registration with a referral code. Each is one line at its place, so the engine stays in this folder.
 * @module
 */
import type { Queryable } from '../db/index.ts'
import { recordEvent } from './engine.ts'
import { qualifyReferral, recordReferral } from './referral.ts'

/** A settled game round: its stake is a valid bet unless it was a push (paid back exactly). */
export async function rewardRound(q: Queryable, r: { id: string; memberId: string; gameType: string; stake: number; payout: number; at: number }): Promise<void> {
  const fresh = await recordEvent(q, {
    key: `round:${r.id}`,
    memberId: r.memberId,
    kind: 'round',
    category: r.gameType,
    amount: r.stake,
    validBet: r.payout === r.stake ? 0 : r.stake,
    won: r.payout > r.stake,
    at: r.at,
  })
  if (fresh) await qualifyReferral(q, r.memberId, r.at)
}

/** A placed lottery bet: its stake is a valid bet of the LOTTERY category. */
export async function rewardLotteryBet(q: Queryable, b: { id: string; memberId: string; stake: number; at: number }): Promise<void> {
  if (await recordEvent(q, { key: `lottery:${b.id}`, memberId: b.memberId, kind: 'lottery', category: 'LOTTERY', amount: b.stake, validBet: b.stake, at: b.at }))
    await qualifyReferral(q, b.memberId, b.at)
}

/** A paid deposit: counts towards ranks and missions, earns points (held until played through), and may qualify a referral. */
export async function rewardDeposit(q: Queryable, d: { orderId: string; memberId: string; amount: number; at: number }): Promise<void> {
  if (await recordEvent(q, { key: `deposit:${d.orderId}`, memberId: d.memberId, kind: 'deposit', amount: d.amount, at: d.at })) await qualifyReferral(q, d.memberId, d.at)
}

/** A registration that carried a referral code. */
export async function rewardRegistration(q: Queryable, m: { memberId: string; referralCode?: string; at: number }): Promise<void> {
  if (m.referralCode?.trim()) await recordReferral(q, m.memberId, m.referralCode, m.at)
}
