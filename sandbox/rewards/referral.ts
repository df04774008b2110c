/**
 * Referral: each member's own invitation code (made on first ask), the friends who registered with
 * it, and what each earned the member. A friend pays only once they have played: their paid deposits
 * reach the qualifying deposit AND their valid bets the qualifying stake. Then the referrer earns the
 * join points (points_rules) and a claimable bonus, and the friend the same bonus, both from the
 * REFERRAL budget, unless the friend is of the referrer's family (a session from the same address /24,
 * or IPv6 /64, or the same device as the referrer or an already-paid friend of theirs) or the
 * referrer's monthly cap is reached. The figures are operator settings (`referralRules`).
 * @module
 */
import { randomBytes } from 'node:crypto'
import type { Queryable } from '../db/index.ts'
import { maskAccount } from '../games/mask.ts'
import { getSetting, putSetting } from '../settings.ts'
import { grantClaimable } from './awards.ts'
import { recordEvent } from './engine.ts'

/** The referral rule in numbers (minor units; the page words it). */
export interface ReferralRules {
  /** The friend's paid deposits in all, at least. */
  minDeposit: number
  /** The friend's valid bets in all, at least. */
  minStake: number
  /** What the referrer and the friend each receive. */
  bonus: number
  /** Friends paid per referrer per calendar month (UTC). */
  perMonth: number
}

/** Safe defaults: a friend who deposited 100.00 and staked 100.00 pays 50.00 each side, 20 a month at most. */
export const defaultReferralRules: ReferralRules = { minDeposit: 100_00, minStake: 100_00, bonus: 50_00, perMonth: 20 }
const RULES_KEY = 'referralRules'

/** The operator's referral rules (stored values over the defaults). */
export async function referralRules(q: Queryable): Promise<ReferralRules> {
  const stored = await getSetting<Partial<ReferralRules>>(q, RULES_KEY, {})
  const out = { ...defaultReferralRules }
  for (const k of Object.keys(out) as (keyof ReferralRules)[]) {
    const v = stored?.[k]
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) out[k] = v
  }
  return out
}

/** Changes some of the referral rules; answers them all. */
export async function setReferralRules(q: Queryable, change: Partial<ReferralRules>): Promise<ReferralRules> {
  const rules = { ...(await referralRules(q)), ...change }
  await putSetting(q, RULES_KEY, rules)
  return rules
}

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
 * the member's own). Joining pays nothing: the friend qualifies by playing ({@link qualifyReferral}).
 */
export async function recordReferral(q: Queryable, friendId: string, code: string, at: number): Promise<void> {
  const [ref] = await q.query<{ member_id: string }>('SELECT member_id FROM referral_codes WHERE code = $1', [code.trim().toUpperCase()])
  if (!ref || ref.member_id === friendId) return
  await q.query('INSERT INTO referrals (friend_id, referrer_id, joined_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [friendId, ref.member_id, at])
}

/** The family of an address: its IPv4 /24 or IPv6 /64 (a household or a small office shares it). */
export function addressFamily(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/i.exec(ip)
  if (v4) return `${v4[1]}.0/24`
  if (ip.includes(':')) {
    const [head, tail = ''] = ip.toLowerCase().split('::')
    const groups = head ? head.split(':') : []
    const fill = 8 - groups.length - (tail ? tail.split(':').length : 0)
    const full = [...groups, ...Array(Math.max(0, fill)).fill('0'), ...(tail ? tail.split(':') : [])]
    return `${full
      .slice(0, 4)
      .map((g) => g.replace(/^0+(?=.)/, ''))
      .join(':')}::/64`
  }
  return ip
}

/** The address families and devices of the members' sessions (registration included: it opens one). */
async function familiesOf(q: Queryable, memberIds: string[]): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set()
  const rows = await q.query<{ ip: string; device_id: string | null }>('SELECT DISTINCT ip, device_id FROM sessions WHERE member_id = ANY($1::text[])', [memberIds])
  const out = new Set<string>()
  for (const r of rows) {
    if (r.ip) out.add(`ip:${addressFamily(r.ip)}`)
    if (r.device_id) out.add(`device:${r.device_id}`)
  }
  return out
}

/**
 * Called with each paid deposit and each settled bet of a member, in its transaction: when the member
 * is a friend not yet qualified whose deposits and valid bets meet the rules, qualifies them once and
 * pays what the family rule and the monthly cap allow. Parallel qualifications of one referrer's
 * friends are decided one after another (the referrer's code row is locked).
 */
export async function qualifyReferral(q: Queryable, friendId: string, at: number): Promise<void> {
  const [link] = await q.query<{ referrer_id: string }>('SELECT referrer_id FROM referrals WHERE friend_id = $1 AND qualified_at IS NULL', [friendId])
  if (!link) return
  const rules = await referralRules(q)
  const [totals] = await q.query<{ deposit: string | number; valid_bet: string | number }>('SELECT deposit, valid_bet FROM reward_totals WHERE member_id = $1', [friendId])
  if (!totals || Number(totals.deposit) < Math.max(1, rules.minDeposit) || Number(totals.valid_bet) < Math.max(1, rules.minStake)) return
  const referrer = link.referrer_id
  await q.query('SELECT member_id FROM referral_codes WHERE member_id = $1 FOR UPDATE', [referrer])
  const marked = await q.query('UPDATE referrals SET qualified_at = $2 WHERE friend_id = $1 AND qualified_at IS NULL RETURNING friend_id', [friendId, at])
  if (marked.length === 0) return
  const paid = await q.query<{ friend_id: string; qualified_at: string | number }>("SELECT friend_id, qualified_at FROM referrals WHERE referrer_id = $1 AND outcome = 'paid'", [
    referrer,
  ])
  const family = await familiesOf(q, [referrer, ...paid.map((p) => p.friend_id)])
  const mine = await familiesOf(q, [friendId])
  const monthStart = Date.UTC(new Date(at).getUTCFullYear(), new Date(at).getUTCMonth(), 1)
  const outcome = [...mine].some((f) => family.has(f)) ? 'same_family' : paid.filter((p) => Number(p.qualified_at) >= monthStart).length >= rules.perMonth ? 'cap' : 'paid'
  await q.query('UPDATE referrals SET outcome = $2 WHERE friend_id = $1', [friendId, outcome])
  if (outcome !== 'paid') return
  await recordEvent(q, { key: `referral:${friendId}`, memberId: referrer, kind: 'referral', amount: 1, at })
  if (rules.bonus <= 0) return
  await grantClaimable(q, { key: `referral-bonus:${friendId}`, memberId: referrer, promo: 'REFERRAL', source: 'referral', ref: friendId, amount: rules.bonus }, at)
  await grantClaimable(q, { key: `referral-welcome:${friendId}`, memberId: friendId, promo: 'REFERRAL', source: 'referral', ref: friendId, amount: rules.bonus }, at)
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
