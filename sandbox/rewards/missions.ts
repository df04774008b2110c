/**
 * Missions: each mission's progress is its metric over the engine's events of the current day or
 * week (missions table); a completed mission is claimed once per period (a primary key on member,
 * mission and period), paying its reward through an award and its points. The leaderboard scores the
 * week: ten per round played and the points of the missions claimed.
 * @module
 */
import type { Language } from '../../sdk/contract/all.ts'
import type { Db, Queryable } from '../db/index.ts'
import { textIn } from '../games/texts.ts'
import { Fail } from '../http/fail.ts'
import { maskAccount } from '../games/mask.ts'
import { grantPaid } from './awards.ts'
import { addPoints } from './points.ts'

export const DAY = 86_400_000
const WEEK = 7 * DAY
// Weeks start on Monday 00:00 UTC (the epoch was a Thursday).
const MONDAY = 4 * DAY

/** Start of the period containing `now`. */
export const periodStart = (period: 'daily' | 'weekly', now: number): number =>
  period === 'daily' ? Math.floor(now / DAY) * DAY : Math.floor((now - MONDAY) / WEEK) * WEEK + MONDAY
/** End (exclusive) of the period containing `now`. */
export const periodEnd = (period: 'daily' | 'weekly', now: number): number => periodStart(period, now) + (period === 'daily' ? DAY : WEEK)

interface MissionRow {
  id: string
  period: 'daily' | 'weekly'
  metric: 'rounds' | 'lottery' | 'valid_bet' | 'wins' | 'deposit'
  target: number
  reward: number
  points: number
  title_en: string
  title_es: string
  title_cn: string
  title_vi: string
}

/** A mission as the member sees it now. */
export interface MissionView {
  id: string
  title: string
  period: 'daily' | 'weekly'
  progress: number
  target: number
  unit: 'count' | 'money'
  reward: number
  points: number
  status: 'progress' | 'claimable' | 'claimed'
  endsAt: number
}

const metricSql: Record<MissionRow['metric'], string> = {
  rounds: "count(*) FILTER (WHERE kind = 'round')",
  lottery: "count(*) FILTER (WHERE kind = 'lottery')",
  valid_bet: "coalesce(sum(valid_bet) FILTER (WHERE kind IN ('round', 'lottery')), 0)",
  wins: 'count(*) FILTER (WHERE won)',
  deposit: "coalesce(sum(amount) FILTER (WHERE kind = 'deposit'), 0)",
}

async function progressOf(q: Queryable, memberId: string, m: MissionRow, now: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(`SELECT ${metricSql[m.metric]}::int8 AS n FROM reward_events WHERE member_id = $1 AND created_at >= $2 AND created_at < $3`, [
    memberId,
    periodStart(m.period, now),
    periodEnd(m.period, now),
  ])
  return Number(row?.n ?? 0)
}

/** The member's missions of today and this week with their live progress. */
export async function missionsOf(q: Queryable, memberId: string, language: Language, now: number): Promise<MissionView[]> {
  const missions = await q.query<MissionRow>('SELECT * FROM missions ORDER BY sort')
  const claimed = await q.query<{ mission_id: string; period_start: number }>('SELECT mission_id, period_start FROM mission_claims WHERE member_id = $1 AND period_start >= $2', [
    memberId,
    periodStart('weekly', now),
  ])
  const done = new Set(claimed.map((c) => `${c.mission_id}@${Number(c.period_start)}`))
  const views: MissionView[] = []
  for (const m of missions) {
    const target = Number(m.target)
    const progress = Math.min(await progressOf(q, memberId, m, now), target)
    const status = done.has(`${m.id}@${periodStart(m.period, now)}`) ? 'claimed' : progress >= target ? 'claimable' : 'progress'
    views.push({
      id: m.id,
      title: textIn(m as unknown as Record<string, unknown>, 'title', language),
      period: m.period,
      progress,
      target,
      // Staked and paid-in amounts are minor units; the other metrics count.
      unit: m.metric === 'valid_bet' || m.metric === 'deposit' ? 'money' : 'count',
      reward: Number(m.reward),
      points: Number(m.points),
      status,
      endsAt: periodEnd(m.period, now),
    })
  }
  return views
}

/** How many missions the member may claim now (the centre's missionLeaderboard badge). */
export async function claimableMissions(q: Queryable, memberId: string, now: number): Promise<number> {
  return (await missionsOf(q, memberId, 'en', now)).filter((m) => m.status === 'claimable').length
}

/**
 * Claims a completed mission for this period: once (the claim's primary key), paying its reward from
 * the MISSION budget and its points, all in one transaction.
 * @throws Fail('validation_failed') when not complete; Fail('conflict') when already claimed or the budget is spent
 */
export async function claimMission(db: Db, memberId: string, missionId: string, now: number): Promise<{ awardId: string; amount: number; points: number }> {
  const [m] = await db.query<MissionRow>('SELECT * FROM missions WHERE id = $1', [missionId])
  if (!m) throw new Fail('not_found', 'There is no such mission.')
  if ((await progressOf(db, memberId, m, now)) < Number(m.target)) {
    throw new Fail('validation_failed', 'This mission is not complete yet.', { fields: { mission: 'rewards_err_mission_incomplete' } })
  }
  const start = periodStart(m.period, now)
  return db.tx(async (q) => {
    const key = `mission:${memberId}:${m.id}:${start}`
    const claimed = await q.query(
      'INSERT INTO mission_claims (member_id, mission_id, period_start, award_id, claimed_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING mission_id',
      [memberId, m.id, start, key, now],
    )
    if (claimed.length === 0) throw new Fail('conflict', 'This mission was already claimed.', { fields: { mission: 'rewards_err_already_claimed' } })
    const award = await grantPaid(q, { key, memberId, promo: 'MISSION', source: 'mission', ref: m.id, amount: Number(m.reward) }, now)
    await q.query('UPDATE mission_claims SET award_id = $4 WHERE member_id = $1 AND mission_id = $2 AND period_start = $3', [memberId, m.id, start, award.id])
    if (Number(m.points) > 0) await addPoints(q, { key: `points:${key}`, memberId, delta: Number(m.points), reason: 'mission', ref: m.id, at: now })
    return { awardId: award.id, amount: award.amount, points: Number(m.points) }
  })
}

/** One line of the leaderboard. */
export interface BoardLine {
  rank: number
  account: string
  score: number
}

/**
 * The week's leaderboard: the top `limit`, and the member's own line (even outside the top) when given.
 * Real members score ten per settled round and lottery bet this week plus their claimed missions'
 * points; the seeded players of `mission_board` stand beside them.
 */
export async function leaderboard(q: Queryable, now: number, limit: number, memberId?: string): Promise<{ list: BoardLine[]; me: BoardLine | null }> {
  const start = periodStart('weekly', now)
  const live = await q.query<{ id: string; username: string; score: number }>(
    `SELECT m.id, m.username, (coalesce(e.n, 0) * 10 + coalesce(c.points, 0))::int8 AS score
       FROM members m
       LEFT JOIN (SELECT member_id, count(*) AS n FROM reward_events WHERE kind IN ('round', 'lottery') AND created_at >= $1 AND created_at <= $2 GROUP BY member_id) e ON e.member_id = m.id
       LEFT JOIN (SELECT c.member_id, sum(x.points) AS points FROM mission_claims c JOIN missions x ON x.id = c.mission_id WHERE c.claimed_at >= $1 GROUP BY c.member_id) c ON c.member_id = m.id
      WHERE e.n IS NOT NULL OR c.points IS NOT NULL`,
    [start, now],
  )
  const seeded = await q.query<{ account: string; score: number }>('SELECT account, score FROM mission_board')
  const all = [
    ...seeded.map((r) => ({ id: '', account: r.account, score: Number(r.score) })),
    ...live.map((r) => ({ id: r.id, account: maskAccount(r.username), score: Number(r.score) })),
  ].sort((a, b) => b.score - a.score || a.account.localeCompare(b.account))
  const lines = all.map((x, i) => ({ id: x.id, line: { rank: i + 1, account: x.account, score: x.score } }))
  const mine = memberId ? (lines.find((l) => l.id === memberId)?.line ?? null) : null
  return { list: lines.slice(0, limit).map((l) => l.line), me: mine }
}
