/**
 * Row reports of the agent centre (SPEC §2 personalHistoryCopy as team betting,
 * agentDownlineTransactionDetailsCopy): the rounds and the deposits, withdrawals and transfers of the
 * agent's subtree for a period, filtered by member, game type or kind, with totals of the whole
 * filtered range, and the same range as CSV.
 * @module
 */
import type { Language, ReportPeriod } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { periodWindow } from './reports.ts'
import { isoDay, reportZone } from './zone.ts'
import { subtreeSql } from './tree.ts'
import { csvFile, decimal } from './csv.ts'
import { limitOffset, pageFrom } from '../db/page.ts'

const iso = (t: Date | string | number) => new Date(typeof t === 'string' && /^\d+$/.test(t) ? Number(t) : t).toISOString()

/** Rows a CSV export holds at most (the page says how many it wrote). */
export const CSV_MAX_ROWS = 10_000

interface Filter {
  period: ReportPeriod
  from?: string
  to?: string
  member?: string
  page: number
  pageSize: number
}

// ── team betting ─────────────────────────────────────────────────────────────

interface BetRow {
  id: string
  username: string
  game: string
  game_type: string
  stake: number
  payout: number
  status: string
  created_at: number
}

/** The filtered rounds as SQL (params: agent, start, end, member, game type, language). */
const betsSql = `WITH RECURSIVE ${subtreeSql('$1')},
  picked AS (SELECT m.id, m.username FROM team JOIN members m ON m.id = team.id WHERE ($4 = '' OR lower(m.username) = lower($4))),
  rs AS (
    SELECT r.id, p.username, coalesce(CASE WHEN $6 = 'es' THEN g.name_es ELSE g.name_en END, r.node_id) AS game,
      coalesce(g.game_type, '') AS game_type, r.stake, r.payout, r.status, r.created_at
    FROM rounds r JOIN picked p ON p.id = r.member_id LEFT JOIN games g ON g.node_id = r.node_id
    WHERE r.created_at >= $2 AND r.created_at < $3 AND ($5 = '' OR g.game_type = $5))`

async function betParams(q: Queryable, agentId: string, input: Filter & { gameType?: string }, now: number, language: Language) {
  const w = periodWindow(input.period, now, input.from, input.to, await reportZone(q))
  const { start, end } = w
  return { w, params: [agentId, start, end, input.member?.trim() ?? '', input.gameType?.trim().toUpperCase() ?? '', language] as unknown[] }
}

const betView = (r: BetRow) => {
  const settled = r.status === 'settled'
  return {
    id: r.id,
    username: r.username.slice(0, 64),
    game: r.game.slice(0, 128),
    gameType: r.game_type.slice(0, 16),
    stake: Number(r.stake),
    payout: Number(r.payout),
    profitLoss: settled ? Number(r.payout) - Number(r.stake) : 0,
    status: r.status.slice(0, 16),
    at: iso(Number(r.created_at)),
  }
}

/** One page of the subtree's rounds of the period, newest first, with the totals of all of them. */
export async function teamBets(q: Queryable, agentId: string, input: Filter & { gameType?: string }, now: number, language: Language) {
  const { w, params } = await betParams(q, agentId, input, now, language)
  // Without a game type the totals are the daily roll-ups' (migration 012; every report period is whole
  // days of the platform's zone, migration 025), by the same rules: a month of 10,000 downlines summed 270,000 rounds.
  const [totals] = input.gameType?.trim()
    ? await q.query<{ n: number; bets: number; valid: number; pl: number }>(
        `${betsSql} SELECT count(*)::int AS n, coalesce(sum(stake), 0)::int8 AS bets,
           coalesce(sum(stake) FILTER (WHERE status = 'settled' AND payout <> stake), 0)::int8 AS valid,
           coalesce(sum(payout - stake) FILTER (WHERE status = 'settled'), 0)::int8 AS pl FROM rs`,
        params,
      )
    : await q.query<{ n: number; bets: number; valid: number; pl: number }>(
        `WITH RECURSIVE ${subtreeSql('$1')},
           picked AS (SELECT m.id FROM team JOIN members m ON m.id = team.id WHERE ($4 = '' OR lower(m.username) = lower($4)))
         SELECT coalesce(sum(d.rounds), 0)::int AS n, coalesce(sum(d.bets), 0)::int8 AS bets, coalesce(sum(d.valid_bets), 0)::int8 AS valid,
           coalesce(sum(d.profit_loss), 0)::int8 AS pl
         FROM agent_member_days d JOIN picked p ON p.id = d.member_id WHERE d.day >= $2 AND d.day < $3`,
        [agentId, w.firstDay, w.endDay, input.member?.trim() ?? ''],
      )
  const rows = await q.query<BetRow>(`${betsSql} SELECT * FROM rs ORDER BY created_at DESC, id LIMIT $7 OFFSET $8`, [...params, ...limitOffset(input)])
  const total = Number(totals.n)
  return {
    ...pageFrom(rows.map(betView), total, input),
    from: isoDay(w.firstDay),
    to: isoDay(w.endDay - 1),
    totals: { rounds: total, bets: Number(totals.bets), validBets: Number(totals.valid), profitLoss: Number(totals.pl) },
  }
}

/** The filtered rounds of the period as CSV (every page, newest first, at most {@link CSV_MAX_ROWS}). */
export async function teamBetsCsv(q: Queryable, agentId: string, input: Filter & { gameType?: string }, now: number, language: Language) {
  const { w, params } = await betParams(q, agentId, input, now, language)
  const rows = (await q.query<BetRow>(`${betsSql} SELECT * FROM rs ORDER BY created_at DESC, id LIMIT ${CSV_MAX_ROWS}`, params)).map(betView)
  return csvFile(
    `team-betting-${isoDay(w.firstDay)}-${isoDay(w.endDay - 1)}.csv`,
    ['time', 'member', 'game', 'game_type', 'stake', 'payout', 'profit_loss', 'status'],
    rows.map((r) => [r.at, r.username, r.game, r.gameType, decimal(r.stake), decimal(r.payout), decimal(r.profitLoss), r.status]),
  )
}

// ── downline transactions ────────────────────────────────────────────────────

interface TxRow {
  id: string
  username: string
  kind: 'deposit' | 'withdrawal' | 'transfer'
  amount: number
  memo: string
  at: Date | string
}

/** The filtered money movements as SQL (params: agent, start, end, member, kind). */
const txSql = `WITH RECURSIVE ${subtreeSql('$1')},
  -- Materialized with the account as a plain column: the planner otherwise walked
  -- every ledger entry newest first testing each against the team (71 s for a month of 10,000 downlines).
  picked AS MATERIALIZED (
    SELECT m.id, m.username, 'member:' || m.id || ':main' AS account FROM team JOIN members m ON m.id = team.id WHERE ($4 = '' OR lower(m.username) = lower($4))),
  tx AS MATERIALIZED (
    SELECT e.id::text AS id, p.username, e.amount, t.memo, e.created_at AS at,
      CASE WHEN t.kind = 'deposit' THEN 'deposit' WHEN t.kind LIKE 'withdrawal%' THEN 'withdrawal' ELSE 'transfer' END AS kind, e.id AS n
    FROM picked p
    JOIN ledger_entries e ON e.account_id = p.account
    JOIN ledger_transactions t ON t.id = e.transaction_id
    WHERE e.created_at >= to_timestamp($2 / 1000.0) AND e.created_at < to_timestamp($3 / 1000.0)
      AND t.kind IN ('deposit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_paid', 'upline_transfer', 'downline_transfer')),
  shown AS (SELECT * FROM tx WHERE $5 = '' OR kind = $5)`

async function txParams(q: Queryable, agentId: string, input: Filter & { kind?: string }, now: number) {
  const w = periodWindow(input.period, now, input.from, input.to, await reportZone(q))
  const { start, end } = w
  return { w, params: [agentId, start, end, input.member?.trim() ?? '', input.kind ?? ''] as unknown[] }
}

const txView = (r: TxRow) => ({ id: r.id, username: r.username.slice(0, 64), kind: r.kind, amount: Number(r.amount), memo: r.memo.slice(0, 200), at: iso(r.at) })

/** One page of the subtree's deposits, withdrawals and transfers, newest first, with the totals of the filtered range. */
export async function teamTransactions(q: Queryable, agentId: string, input: Filter & { kind?: string }, now: number) {
  const { w, params } = await txParams(q, agentId, input, now)
  // The totals and the page from one pass over the movements.
  const [totals] = await q.query<{ n: number; dep: number; wd: number; tin: number; tout: number; rows: TxRow[] | null }>(
    `${txSql}, page AS (SELECT * FROM shown ORDER BY n DESC LIMIT $6 OFFSET $7)
     SELECT count(*)::int AS n,
       coalesce(sum(amount) FILTER (WHERE kind = 'deposit'), 0)::int8 AS dep,
       coalesce(-sum(amount) FILTER (WHERE kind = 'withdrawal'), 0)::int8 AS wd,
       coalesce(sum(amount) FILTER (WHERE kind = 'transfer' AND amount > 0), 0)::int8 AS tin,
       coalesce(-sum(amount) FILTER (WHERE kind = 'transfer' AND amount < 0), 0)::int8 AS tout,
       (SELECT json_agg(json_build_object('id', id, 'username', username, 'kind', kind, 'amount', amount, 'memo', memo, 'at', at) ORDER BY n DESC) FROM page) AS rows
     FROM shown`,
    [...params, ...limitOffset(input)],
  )
  const rows = totals.rows ?? []
  return {
    ...pageFrom(rows.map(txView), totals.n, input),
    from: isoDay(w.firstDay),
    to: isoDay(w.endDay - 1),
    totals: { deposits: Number(totals.dep), withdrawals: Number(totals.wd), transfersIn: Number(totals.tin), transfersOut: Number(totals.tout) },
  }
}

/** The filtered movements of the period as CSV (every page, newest first, at most {@link CSV_MAX_ROWS}). */
export async function teamTransactionsCsv(q: Queryable, agentId: string, input: Filter & { kind?: string }, now: number) {
  const { w, params } = await txParams(q, agentId, input, now)
  const rows = (await q.query<TxRow>(`${txSql} SELECT * FROM shown ORDER BY n DESC LIMIT ${CSV_MAX_ROWS}`, params)).map(txView)
  return csvFile(
    `team-transactions-${isoDay(w.firstDay)}-${isoDay(w.endDay - 1)}.csv`,
    ['time', 'member', 'kind', 'amount', 'memo'],
    rows.map((r) => [r.at, r.username, r.kind, decimal(r.amount), r.memo]),
  )
}

// ── announcements ────────────────────────────────────────────────────────────

/** The announcements to agents that have started, newest first, in the caller's language (EN where there is no ES). */
export async function agentAnnouncements(q: Queryable, now: number, language: Language) {
  const rows = await q.query<{ id: string; title: string; content: string; start_time: number }>(
    `SELECT id, CASE WHEN $2 = 'es' THEN title_es ELSE title_en END AS title, CASE WHEN $2 = 'es' THEN content_es ELSE content_en END AS content, start_time
     FROM agent_announcements WHERE start_time <= $1 ORDER BY start_time DESC, id LIMIT 50`,
    [now, language],
  )
  return { list: rows.map((r) => ({ id: r.id, title: r.title.slice(0, 200), content: r.content.slice(0, 4000), at: iso(Number(r.start_time)) })) }
}
