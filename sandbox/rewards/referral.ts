/**
 * Referral: each member's own invitation code (made on first ask), the friends who registered with
 * it, and what each earned the member. A friend joining earns the referrer points (points_rules); the
 * friend's first paid deposit of 100.00 or more qualifies them, which gives the referrer and the
 * friend a claimable 50.00 each from the REFERRAL budget, for at most 20 friends a month per referrer.
 * @module
 */
import { randomBytes } from 'node:crypto'
import type { Queryable } from '../db/index.ts'
import { maskAccount } from '../games/mask.ts'
import { grantClaimable } from './awards.ts'
import { recordEvent } from './engine.ts'

/** The rule in numbers (the page words it). */
export const referralRule = { minDeposit: 100_00, bonus: 50_00, perMonth: 20 } as const

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** The member's referral code, created the first time it is asked for. */
export async function referralCodeOf(q: Queryable, memberId: string): Promise<string> {
  const [row] = await q.query<{ code: string }>('SELECT code FROM referral_codes WHERE member_id = $1', [memberId])
  if (row) return row.code
  for (;;) {
    const code = `R${[...randomBytes(7)].map((b) => alphabet[b % alphabet.length]).join('')}`
    const made = await q.query<{ code: string }>('INSERT INTO referral_codes (member_id, code) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING code', [memberId, code])
    if (made[0]) return made[0].code
    const [again] = await q.query<{ code: string }>('SELECT code FROM referral_codes WHERE member_id = $1', [memberId])
    if (again) return again.code
  }
}

/**
 * Links a new member to the referrer whose code they registered with (a no-op for an unknown code or
 * the member's own) and feeds the engine the referral.
 */
export async function recordReferral(q: Queryable, friendId: string, code: string, at: number): Promise<void> {
  const [ref] = await q.query<{ member_id: string }>('SELECT member_id FROM referral_codes WHERE code = $1', [code.trim().toUpperCase()])
  if (!ref || ref.member_id === friendId) return
  const linked = await q.query('INSERT INTO referrals (friend_id, referrer_id, joined_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING friend_id', [
    friendId,
    ref.member_id,
    at,
  ])
  if (linked.length === 0) return
  await recordEvent(q, { key: `referral:${friendId}`, memberId: ref.member_id, kind: 'referral', amount: 1, at })
}

/** A friend's paid deposit: the first of at least the minimum qualifies them and rewards the referrer. */
export async function qualifyReferral(q: Queryable, friendId: string, amount: number, at: number): Promise<void> {
  if (amount < referralRule.minDeposit) return
  const [r] = await q.query<{ referrer_id: string }>('UPDATE referrals SET qualified_at = $2 WHERE friend_id = $1 AND qualified_at IS NULL RETURNING referrer_id', [friendId, at])
  if (!r) return
  const monthStart = Date.UTC(new Date(at).getUTCFullYear(), new Date(at).getUTCMonth(), 1)
  const [n] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM reward_awards WHERE member_id = $1 AND source = 'referral' AND created_at >= $2", [
    r.referrer_id,
    monthStart,
  ])
  if (Number(n?.n ?? 0) >= referralRule.perMonth) return
  await grantClaimable(q, { key: `referral-bonus:${friendId}`, memberId: r.referrer_id, promo: 'REFERRAL', source: 'referral', ref: friendId, amount: referralRule.bonus }, at)
  await grantClaimable(q, { key: `referral-welcome:${friendId}`, memberId: friendId, promo: 'REFERRAL', source: 'referral', ref: friendId, amount: referralRule.bonus }, at)
}

/** The referrer's friends: masked name, when they joined, whether they qualified, what they earned the member. */
export async function friendsOf(q: Queryable, memberId: string): Promise<{ account: string; joinedAt: number; qualified: boolean; earned: number; points: number }[]> {
  const rows = await q.query<{ username: string; joined_at: number; qualified_at: number | null; earned: number; points: number }>(
    `SELECT m.username, r.joined_at, r.qualified_at,
            coalesce((SELECT sum(a.amount) FROM reward_awards a WHERE a.member_id = $1 AND a.source = 'referral' AND a.ref = r.friend_id), 0)::int8 AS earned,
            coalesce((SELECT sum(p.delta) FROM points_entries p WHERE p.key = 'earn:referral:' || r.friend_id), 0)::int8 AS points
       FROM referrals r JOIN members m ON m.id = r.friend_id WHERE r.referrer_id = $1 ORDER BY r.joined_at DESC LIMIT 200`,
    [memberId],
  )
  return rows.map((r) => ({
    account: maskAccount(r.username),
    joinedAt: Number(r.joined_at),
    qualified: r.qualified_at !== null,
    earned: Number(r.earned),
    points: Number(r.points),
  }))
}
