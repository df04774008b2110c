/**
 * Team reports of the agent centre (SPEC §2 agentTeamOverview), computed by SQL from real rounds and
 * ledger entries of the agent's subtree: size, new and active members, deposits, withdrawals, bets,
 * valid bets and profit and loss for a period, and one point per day for the charts.
 * @module
 */
import type { ReportPeriod, TeamFigures, TeamOverview } from '../../sdk/contract/index.ts'
import type { Queryable } from '../db/index.ts'
import { rangeOf } from '../money/records.ts'
import { MAX_DEPTH, subtreeSql } from './tree.ts'
import { decimal } from './csv.ts'

const DAY_MS = 24 * 60 * 60_000
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The UTC window `[start, end)` of a report period; weeks start on Monday. */
export function periodWindow(period: ReportPeriod, now: number, from?: string, to?: string): { start: number; end: number } {
  const today = Math.floor(now / DAY_MS) * DAY_MS
  switch (period) {
    case 'today':
      return { start: today, end: today + DAY_MS }
    case 'yesterday':
      return { start: today - DAY_MS, end: today }
    case 'week': {
      const weekday = (new Date(today).getUTCDay() + 6) % 7
      return { start: today - weekday * DAY_MS, end: today + DAY_MS }
    }
    case 'month': {
      const d = new Date(today)
      return { start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), end: today + DAY_MS }
    }
    case 'range':
      return rangeOf(from, to, now)
  }
}

interface FigureRow { size: number; new_members: number; active: number; deposits: number; withdrawals: number; bets: number; valid_bets: number; profit_loss: number }

/**
 * Figures of the subtree of `agentId` in `[start, end)`. `includeSelf` counts the agent's own play too
 * (what a contract with that agent pays on).
 */
export async function teamFigures(q: Queryable, agentId: string, start: number, end: number, includeSelf = false): Promise<TeamFigures> {
  const [r] = await q.query<FigureRow>(
    `WITH RECURSIVE ${subtreeSql('$1')},
     members_of AS (SELECT id FROM team ${includeSelf ? 'UNION ALL SELECT $1' : ''}),
     play AS (
       SELECT r.member_id, r.stake, r.payout, r.status FROM rounds r JOIN members_of t ON t.id = r.member_id
       WHERE r.created_at >= $2 AND r.created_at < $3),
     -- Withdrawals leave the main wallet on hold (back on release); the demo team's are paid in one step.
     cash AS (
       SELECT t.kind, e.amount FROM members_of mo
       JOIN ledger_entries e ON e.account_id = 'member:' || mo.id || ':main'
       JOIN ledger_transactions t ON t.id = e.transaction_id
       WHERE e.created_at >= to_timestamp($2 / 1000.0) AND e.created_at < to_timestamp($3 / 1000.0)
         AND t.kind IN ('deposit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_paid'))
     SELECT
       (SELECT count(*) FROM team)::int AS size,
       (SELECT count(*) FROM members m JOIN team ON team.id = m.id
          WHERE m.created_at >= to_timestamp($2 / 1000.0) AND m.created_at < to_timestamp($3 / 1000.0))::int AS new_members,
       (SELECT count(DISTINCT member_id) FROM play)::int AS active,
       (SELECT coalesce(sum(amount), 0) FROM cash WHERE kind = 'deposit')::int8 AS deposits,
       (SELECT coalesce(-sum(amount), 0) FROM cash WHERE kind <> 'deposit')::int8 AS withdrawals,
       (SELECT coalesce(sum(stake), 0) FROM play)::int8 AS bets,
       (SELECT coalesce(sum(stake), 0) FROM play WHERE status = 'settled' AND payout <> stake)::int8 AS valid_bets,
       (SELECT coalesce(sum(payout - stake), 0) FROM play WHERE status = 'settled')::int8 AS profit_loss`,
    [agentId, start, end],
  )
  return {
    size: Number(r.size),
    newMembers: Number(r.new_members),
    active: Number(r.active),
    deposits: Number(r.deposits),
    withdrawals: Number(r.withdrawals),
    bets: Number(r.bets),
    validBets: Number(r.valid_bets),
    profitLoss: Number(r.profit_loss),
  }
}

/** Team overview of a period: its figures and a point per day (bets, profit and loss, active members). */
export async function teamOverview(q: Queryable, agentId: string, input: { period: ReportPeriod; from?: string; to?: string }, now: number): Promise<TeamOverview> {
  const { start, end } = periodWindow(input.period, now, input.from, input.to)
  const figures = await teamFigures(q, agentId, start, end)
  const rows = await q.query<{ d: number; bets: number; pl: number; active: number }>(
    `WITH RECURSIVE ${subtreeSql('$1')}
     SELECT floor(r.created_at / ${DAY_MS})::int8 AS d, sum(r.stake)::int8 AS bets,
       sum(CASE WHEN r.status = 'settled' THEN r.payout - r.stake ELSE 0 END)::int8 AS pl, count(DISTINCT r.member_id)::int AS active
     FROM rounds r JOIN team ON team.id = r.member_id
     WHERE r.created_at >= $2 AND r.created_at < $3 GROUP BY 1 ORDER BY 1`,
    [agentId, start, end],
  )
  const byDay = new Map(rows.map((r) => [Number(r.d), r]))
  const days: TeamOverview['days'] = []
  for (let d = start; d < end; d += DAY_MS) {
    const r = byDay.get(d / DAY_MS)
    days.push({ date: day(d), bets: Number(r?.bets ?? 0), profitLoss: Number(r?.pl ?? 0), active: Number(r?.active ?? 0) })
  }
  return { from: day(start), to: day(end - DAY_MS), figures, days }
}


/** The team overview's days of the period as CSV (the per-day table of the page), with a total line. */
export async function teamOverviewCsv(q: Queryable, agentId: string, input: { period: ReportPeriod; from?: string; to?: string }, now: number) {
  const o = await teamOverview(q, agentId, input, now)
  const lines = [
    'date,active,bets,profit_loss',
    ...o.days.map((d) => [d.date, d.active, decimal(d.bets), decimal(d.profitLoss)].join(',')),
    ['total', o.figures.active, decimal(o.figures.bets), decimal(o.figures.profitLoss)].join(','),
  ]
  return { filename: `team-${o.from}-${o.to}.csv`, csv: `${lines.join('\r\n')}\r\n`, rows: o.days.length }
}

/**
 * Profit and loss statement of a period: for each direct downline, the play of its whole team (itself
 * and its subtree), largest stakes first, with the totals of all of them.
 */
export async function profitLoss(q: Queryable, agentId: string, input: { period: ReportPeriod; from?: string; to?: string }, now: number) {
  const { start, end } = periodWindow(input.period, now, input.from, input.to)
  const rows = await q.query<{ id: string; username: string; is_agent: number; members: number; active: number; bets: number; valid: number; pl: number }>(
    `WITH RECURSIVE branch AS (
       SELECT id AS root, id, 0 AS depth FROM members WHERE upline_id = $1
       UNION ALL
       SELECT b.root, m.id, b.depth + 1 FROM members m JOIN branch b ON m.upline_id = b.id WHERE b.depth < ${MAX_DEPTH}
     ),
     play AS (
       SELECT b.root, r.member_id, r.stake, r.payout, r.status FROM branch b JOIN rounds r ON r.member_id = b.id
       WHERE r.created_at >= $2 AND r.created_at < $3)
     SELECT m.id, m.username, m.is_agent,
       (SELECT count(*) FROM branch b WHERE b.root = m.id)::int AS members,
       count(DISTINCT p.member_id)::int AS active, coalesce(sum(p.stake), 0)::int8 AS bets,
       coalesce(sum(p.stake) FILTER (WHERE p.status = 'settled' AND p.payout <> p.stake), 0)::int8 AS valid,
       coalesce(sum(p.payout - p.stake) FILTER (WHERE p.status = 'settled'), 0)::int8 AS pl
     FROM members m LEFT JOIN play p ON p.root = m.id WHERE m.upline_id = $1
     GROUP BY m.id, m.username, m.is_agent ORDER BY bets DESC, lower(m.username) LIMIT 500`,
    [agentId, start, end],
  )
  const list = rows.map((r) => ({
    id: r.id, username: r.username.slice(0, 64), isAgent: Number(r.is_agent) > 0, members: Number(r.members),
    active: Number(r.active), bets: Number(r.bets), validBets: Number(r.valid), profitLoss: Number(r.pl),
  }))
  const sum = (k: 'active' | 'bets' | 'validBets' | 'profitLoss') => list.reduce((s, r) => s + r[k], 0)
  return { from: day(start), to: day(end - DAY_MS), rows: list, totals: { active: sum('active'), bets: sum('bets'), validBets: sum('validBets'), profitLoss: sum('profitLoss') } }
}
