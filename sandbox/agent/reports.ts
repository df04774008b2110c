/**
 * Team reports of the agent centre (SPEC §2 agentTeamOverview), computed by SQL from real rounds and
 * ledger entries of the agent's subtree: size, new and active members, deposits, withdrawals, bets,
 * valid bets and profit and loss for a period, and one point per day for the charts.
 * @module
 */
import type { ReportPeriod, TeamFigures, TeamOverview } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { rangeOf } from '../money/records.ts'
import { MAX_DEPTH, assertInSubtree, subtreeSql } from './tree.ts'
import { breadcrumbs } from './downlines.ts'
import { csvFile, decimal } from './csv.ts'
import { DAY_MS, fromWall, isoDay, reportZone, wallNow, type ZoneWindow } from './zone.ts'

/**
 * The window of a report period in the platform's zone (`zone`, from `reportZone`): whole local days,
 * weeks starting on Monday; a day filter `2026-11-27` is that date's 00:00–24:00 in the zone.
 */
export function periodWindow(period: ReportPeriod, now: number, from?: string, to?: string, zone = 'UTC'): ZoneWindow {
  return fromWall(wallWindow(period, wallNow(now, zone), from, to), zone)
}

/** The period on the zone's wall clock (`now` is local time written as UTC). */
function wallWindow(period: ReportPeriod, now: number, from?: string, to?: string): { start: number; end: number } {
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

interface FigureRow {
  size: number
  new_members: number
  active: number
  deposits: number
  withdrawals: number
  bets: number
  valid_bets: number
  profit_loss: number
  days: { d: number; bets: number; valid: number; pl: number; active: number; dep: number; wd: number; joined: number }[] | null
}

/**
 * Figures of the subtree of `agentId` in the local days of `w` (whole days of the zone the roll-ups
 * are kept in, as every report period is), with a point per day that had play. Play and cash come from the per-member daily
 * roll-ups (`agent_member_days`, `agent_member_cash_days`, migration 012), kept from the rounds and
 * the ledger by triggers. `includeSelf` counts the agent's own play too.
 */
async function figuresAndDays(q: Queryable, agentId: string, w: ZoneWindow, includeSelf = false) {
  const [r] = await q.query<FigureRow>(
    `WITH RECURSIVE ${subtreeSql('$1')},
     members_of AS (SELECT id FROM team ${includeSelf ? 'UNION ALL SELECT $1' : ''}),
     play AS MATERIALIZED (
       SELECT d.member_id, d.day, d.bets, d.valid_bets, d.profit_loss FROM agent_member_days d JOIN members_of t ON t.id = d.member_id
       WHERE d.day >= $4 AND d.day < $5 AND d.rounds > 0),
     -- One pass over each: four separate scans also pushed the estimate past PostgreSQL's JIT threshold.
     play_totals AS (
       SELECT count(DISTINCT member_id)::int AS active, coalesce(sum(bets), 0)::int8 AS bets,
         coalesce(sum(valid_bets), 0)::int8 AS valid_bets, coalesce(sum(profit_loss), 0)::int8 AS profit_loss FROM play),
     cash AS MATERIALIZED (
       SELECT c.day, c.deposits, c.withdrawals FROM agent_member_cash_days c JOIN members_of t ON t.id = c.member_id WHERE c.day >= $4 AND c.day < $5),
     cash_totals AS (SELECT coalesce(sum(deposits), 0)::int8 AS deposits, coalesce(sum(withdrawals), 0)::int8 AS withdrawals FROM cash),
     joined AS MATERIALIZED (
       SELECT ((m.created_at AT TIME ZONE $6)::date - DATE '1970-01-01') AS day FROM members m JOIN team ON team.id = m.id
       WHERE m.created_at >= to_timestamp($2 / 1000.0) AND m.created_at < to_timestamp($3 / 1000.0))
     SELECT
       (SELECT count(*) FROM team)::int AS size,
       (SELECT count(*) FROM joined)::int AS new_members,
       pt.active, ct.deposits, ct.withdrawals, pt.bets, pt.valid_bets, pt.profit_loss,
       -- Every figure per day (the CSV has what the page shows): play, cash and who joined.
       (SELECT json_agg(x ORDER BY x.d) FROM (
          SELECT d, sum(bets)::int8 AS bets, sum(valid)::int8 AS valid, sum(pl)::int8 AS pl, sum(active)::int AS active,
            sum(dep)::int8 AS dep, sum(wd)::int8 AS wd, sum(joined)::int AS joined
          FROM (
            SELECT day AS d, sum(bets) AS bets, sum(valid_bets) AS valid, sum(profit_loss) AS pl, count(*) AS active, 0 AS dep, 0 AS wd, 0 AS joined FROM play GROUP BY day
            UNION ALL SELECT day, 0, 0, 0, 0, sum(deposits), sum(withdrawals), 0 FROM cash GROUP BY day
            UNION ALL SELECT day, 0, 0, 0, 0, 0, 0, count(*) FROM joined GROUP BY day
          ) u GROUP BY d) x) AS days
     FROM play_totals pt, cash_totals ct`,
    [agentId, w.start, w.end, w.firstDay, w.endDay, w.zone],
  )
  const figures: TeamFigures = {
    size: Number(r.size),
    newMembers: Number(r.new_members),
    active: Number(r.active),
    deposits: Number(r.deposits),
    withdrawals: Number(r.withdrawals),
    bets: Number(r.bets),
    validBets: Number(r.valid_bets),
    profitLoss: Number(r.profit_loss),
  }
  return { figures, days: r.days ?? [] }
}

/** Figures of the subtree of `agentId` in the local days of `w`; `includeSelf` counts the agent's own play too. */
export async function teamFigures(q: Queryable, agentId: string, w: ZoneWindow, includeSelf = false): Promise<TeamFigures> {
  return (await figuresAndDays(q, agentId, w, includeSelf)).figures
}

/** Team overview of a period: its figures and a point per day (bets, profit and loss, active members). */
export async function teamOverview(q: Queryable, agentId: string, input: { period: ReportPeriod; from?: string; to?: string }, now: number): Promise<TeamOverview> {
  const w = periodWindow(input.period, now, input.from, input.to, await reportZone(q))
  const { figures, days: rows } = await figuresAndDays(q, agentId, w)
  const byDay = new Map(rows.map((r) => [Number(r.d), r]))
  const days: TeamOverview['days'] = []
  for (let d = w.firstDay; d < w.endDay; d++) {
    const r = byDay.get(d)
    days.push({
      date: isoDay(d),
      newMembers: Number(r?.joined ?? 0),
      active: Number(r?.active ?? 0),
      deposits: Number(r?.dep ?? 0),
      withdrawals: Number(r?.wd ?? 0),
      bets: Number(r?.bets ?? 0),
      validBets: Number(r?.valid ?? 0),
      profitLoss: Number(r?.pl ?? 0),
    })
  }
  return { from: isoDay(w.firstDay), to: isoDay(w.endDay - 1), figures, days }
}

/**
 * The team overview of the period as CSV: a line per day with every figure the page shows (new
 * members, active members, deposits, withdrawals, bets, valid bets, win/loss), then the period's
 * totals with the team's size.
 */
export async function teamOverviewCsv(q: Queryable, agentId: string, input: { period: ReportPeriod; from?: string; to?: string }, now: number) {
  const o = await teamOverview(q, agentId, input, now)
  const f = o.figures
  return csvFile(
    `team-${o.from}-${o.to}.csv`,
    ['date', 'new_members', 'active', 'deposits', 'withdrawals', 'bets', 'valid_bets', 'profit_loss', 'team_size'],
    [
      ...o.days.map((d) => [d.date, d.newMembers, d.active, decimal(d.deposits), decimal(d.withdrawals), decimal(d.bets), decimal(d.validBets), decimal(d.profitLoss), '']),
      ['total', f.newMembers, f.active, decimal(f.deposits), decimal(f.withdrawals), decimal(f.bets), decimal(f.validBets), decimal(f.profitLoss), f.size],
    ],
  )
}

/**
 * Profit and loss statement of a period: for each direct downline, the play of its whole team (itself
 * and its subtree), largest stakes first, with the totals of all of them.
 */
export async function profitLoss(q: Queryable, agentId: string, input: { period: ReportPeriod; from?: string; to?: string; parentId?: string }, now: number) {
  const w = periodWindow(input.period, now, input.from, input.to, await reportZone(q))
  // A sub-agent's statement: only one inside the caller's subtree, else `not_found`.
  const parentId = input.parentId && input.parentId !== agentId ? input.parentId : agentId
  if (parentId !== agentId) await assertInSubtree(q, agentId, parentId)
  const rows = await q.query<{ id: string; username: string; is_agent: number; members: number; active: number; bets: number; valid: number; pl: number }>(
    `WITH RECURSIVE branch AS (
       SELECT id AS root, id, 0 AS depth FROM members WHERE upline_id = $1
       UNION ALL
       SELECT b.root, m.id, b.depth + 1 FROM members m JOIN branch b ON m.upline_id = b.id WHERE b.depth < ${MAX_DEPTH}
     ),
     play AS (
       SELECT b.root, d.member_id, d.bets, d.valid_bets, d.profit_loss FROM branch b JOIN agent_member_days d ON d.member_id = b.id
       WHERE d.day >= $2 AND d.day < $3 AND d.rounds > 0),
     sizes AS (SELECT root, count(*)::int AS n FROM branch GROUP BY root)
     SELECT m.id, m.username, m.is_agent, s.n AS members,
       count(DISTINCT p.member_id)::int AS active, coalesce(sum(p.bets), 0)::int8 AS bets,
       coalesce(sum(p.valid_bets), 0)::int8 AS valid, coalesce(sum(p.profit_loss), 0)::int8 AS pl
     -- Sizes joined, not looked up per downline: a correlated lookup re-scans the whole branch each time.
     FROM members m JOIN sizes s ON s.root = m.id LEFT JOIN play p ON p.root = m.id WHERE m.upline_id = $1
     GROUP BY m.id, m.username, m.is_agent, s.n ORDER BY bets DESC, lower(m.username) LIMIT 500`,
    [parentId, w.firstDay, w.endDay],
  )
  const list = rows.map((r) => ({
    id: r.id,
    username: r.username.slice(0, 64),
    isAgent: Number(r.is_agent) > 0,
    members: Number(r.members),
    active: Number(r.active),
    bets: Number(r.bets),
    validBets: Number(r.valid),
    profitLoss: Number(r.pl),
  }))
  const sum = (k: 'active' | 'bets' | 'validBets' | 'profitLoss') => list.reduce((s, r) => s + r[k], 0)
  return {
    from: isoDay(w.firstDay),
    to: isoDay(w.endDay - 1),
    rows: list,
    totals: { active: sum('active'), bets: sum('bets'), validBets: sum('validBets'), profitLoss: sum('profitLoss') },
    breadcrumbs: await breadcrumbs(q, agentId, parentId),
  }
}
