/**
 * The account record (every ledger entry of a member's wallets with the total balance after it) and
 * the betting record (settled rounds, lottery bets included, with totals), both filtered by a UTC
 * date range.
 * @module
 */
import type { BetRow, BettingRecord, Language, Profit, RecordEntry, RecordKind } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { nameLanguage } from '../games/catalogue.ts'
import { limitOffset, pageFrom } from '../db/page.ts'
import { decimal } from '../decimal.ts'

const DAY_MS = 24 * 60 * 60_000
/** Longest range a record query covers. */
export const MAX_RANGE_DAYS = 92
/** Rows a CSV export holds at most. */
export const CSV_MAX_ROWS = 10_000

/** A UTC day range `[start, end)` in epoch ms from `yyyy-mm-dd` bounds (inclusive `to`), default the last 7 days. */
export function rangeOf(from: string | undefined, to: string | undefined, now: number): { start: number; end: number } {
  const day = (s: string, field: string) => {
    const ms = Date.parse(`${s}T00:00:00Z`)
    if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== s)
      throw new Fail('validation_failed', `${field} is not a real date.`, { fields: { [field]: 'err_field_invalid' } })
    return ms
  }
  const today = Math.floor(now / DAY_MS) * DAY_MS
  const end = (to ? day(to, 'to') : today) + DAY_MS
  const start = from ? day(from, 'from') : end - 7 * DAY_MS
  if (start >= end) throw new Fail('validation_failed', 'The start is after the end.', { fields: { from: 'money_err_range_order' } })
  if (end - start > MAX_RANGE_DAYS * DAY_MS) throw new Fail('validation_failed', `At most ${MAX_RANGE_DAYS} days at a time.`, { fields: { from: 'money_err_range_long' } })
  return { start, end }
}

// Ledger transaction kinds grouped as the record's filter names them.
const KIND_SQL = `CASE
  WHEN t.kind = 'deposit' THEN 'deposit'
  WHEN t.kind LIKE 'withdrawal%' THEN 'withdrawal'
  WHEN t.kind IN ('game_round', 'lottery_bet', 'lottery_win', 'bet', 'win') THEN 'bet'
  WHEN t.kind IN ('wallet_transfer', 'upline_transfer', 'downline_transfer') THEN 'transfer'
  WHEN t.kind IN ('bonus', 'promo', 'rebate', 'promotion') THEN 'bonus'
  ELSE 'other' END`

interface EntryRow {
  id: string | number
  at: string | number
  rk: string
  kind: string
  amount: string | number
  running: string | number
  memo: string
  account_id: string
}

async function entries(
  q: Queryable,
  memberId: string,
  range: { start: number; end: number },
  kind: string,
  limit: number,
  offset: number,
): Promise<{ rows: EntryRow[]; total: number }> {
  // The running total covers every entry of the member's wallets, then the filter picks the rows shown.
  const base = `WITH mine AS (
      SELECT e.id, (extract(epoch from e.created_at) * 1000)::float8 AS at, ${KIND_SQL} AS rk, coalesce('bonus_' || ra.source, t.kind) AS kind, e.amount, t.memo, e.account_id,
        SUM(e.amount) OVER (ORDER BY e.id) AS running
      FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id AND a.owner = $1
      JOIN ledger_transactions t ON t.id = e.transaction_id
      -- A reward's payment names where it came from (a mission, a VIP upgrade, a rebate…), not "deposit bonus".
      LEFT JOIN reward_awards ra ON ra.transaction_id = t.id)
    SELECT %COLS% FROM mine WHERE at >= $2 AND at < $3 AND ($4 = 'all' OR rk = $4)`
  const params = [memberId, range.start, range.end, kind]
  const [{ n }] = await q.query<{ n: number }>(base.replace('%COLS%', 'count(*)::int AS n'), params)
  const rows = await q.query<EntryRow>(`${base.replace('%COLS%', 'id, at, rk, kind, amount, running, memo, account_id')} ORDER BY id DESC LIMIT $5 OFFSET $6`, [
    ...params,
    limit,
    offset,
  ])
  return { rows, total: Number(n) }
}

function entryView(r: EntryRow): RecordEntry {
  const wallet = r.account_id.split(':')[2] ?? 'main'
  return {
    id: String(r.id),
    time: new Date(Number(r.at)).toISOString(),
    kind: r.rk as RecordKind,
    detail: r.kind.slice(0, 40),
    amount: Number(r.amount),
    balance: Number(r.running),
    memo: (wallet === 'main' ? r.memo : `${wallet}: ${r.memo}`).slice(0, 200),
  }
}

/** Query of both account record calls. */
export interface RecordQuery {
  from?: string
  to?: string
  kind: string
  page: number
  pageSize: number
}

/** One page of the account record. */
export async function accountRecord(q: Queryable, memberId: string, input: RecordQuery, now: number) {
  const range = rangeOf(input.from, input.to, now)
  const { rows, total } = await entries(q, memberId, range, input.kind, ...limitOffset(input))
  return pageFrom(rows.map(entryView), total, input)
}

const csvCell = (s: string) => (/[",\n\r]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s)

/** The filtered range of the account record as CSV (amounts as decimals, newest first). */
export async function accountRecordCsv(q: Queryable, memberId: string, input: RecordQuery, now: number) {
  const range = rangeOf(input.from, input.to, now)
  const { rows, total } = await entries(q, memberId, range, input.kind, CSV_MAX_ROWS, 0)
  if (total > CSV_MAX_ROWS) throw new Fail('validation_failed', `More than ${CSV_MAX_ROWS} rows: choose a shorter range.`, { fields: { from: 'money_err_range_long' } })
  const lines = [
    'time,kind,detail,amount,balance,memo',
    ...rows.map(entryView).map((e) => [e.time, e.kind, e.detail, decimal(e.amount), decimal(e.balance), csvCell(e.memo)].join(',')),
  ]
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
  return { filename: `account-record-${day(range.start)}-${day(range.end - DAY_MS)}.csv`, csv: `${lines.join('\r\n')}\r\n`, rows: rows.length }
}

interface BetDbRow {
  id: string
  created_at: string | number
  name: string
  game_type: string
  vendor: string
  stake: string | number
  payout: string | number
  choice: string
  outcome: string
}

function betView(r: BetDbRow): BetRow {
  const stake = Number(r.stake)
  const payout = Number(r.payout)
  return {
    roundId: r.id,
    time: new Date(Number(r.created_at)).toISOString(),
    gameName: r.name,
    gameType: r.game_type as BetRow['gameType'],
    vendor: r.vendor,
    // A round paid back exactly (a push) won and lost nothing: it is not a valid bet.
    stake,
    validBet: payout === stake ? 0 : stake,
    payout,
    winLoss: payout - stake,
  }
}

/** Query of the betting record. */
export interface BetQuery {
  from?: string
  to?: string
  gameType: string
  vendor: string
  page: number
  pageSize: number
}

/** One page of the betting record with the totals of the whole filtered range. */
export async function bettingRecord(q: Queryable, memberId: string, input: BetQuery, language: Language, now: number): Promise<BettingRecord> {
  const range = rangeOf(input.from, input.to, now)
  const name = `g.name_${nameLanguage(language)}`
  const where = `FROM rounds r JOIN games g ON g.node_id = r.node_id
    WHERE r.member_id = $1 AND r.status = 'settled' AND r.created_at >= $2 AND r.created_at < $3
      AND ($4 = 'all' OR g.game_type = $4) AND ($5 = '' OR g.vendor = $5)`
  const params = [memberId, range.start, range.end, input.gameType, input.vendor.toUpperCase()]
  const [t] = await q.query<{ n: number; bet: string | number | null; valid: string | number | null; wl: string | number | null }>(
    `SELECT count(*)::int AS n, SUM(r.stake)::int8 AS bet, SUM(CASE WHEN r.payout = r.stake THEN 0 ELSE r.stake END)::int8 AS valid,
       SUM(r.payout - r.stake)::int8 AS wl ${where}`,
    params,
  )
  const rows = await q.query<BetDbRow>(
    `SELECT r.id, r.created_at, ${name} AS name, g.game_type, g.vendor, r.stake, r.payout, r.choice, r.outcome ${where}
     ORDER BY r.created_at DESC, r.id LIMIT $6 OFFSET $7`,
    [...params, ...limitOffset(input)],
  )
  const vendors = await q.query<{ vendor: string }>(
    'SELECT DISTINCT g.vendor FROM rounds r JOIN games g ON g.node_id = r.node_id WHERE r.member_id = $1 ORDER BY g.vendor LIMIT 100',
    [memberId],
  )
  return {
    ...pageFrom(rows.map(betView), t.n, input),
    totals: { bet: Number(t.bet ?? 0), validBet: Number(t.valid ?? 0), winLoss: Number(t.wl ?? 0) },
    vendors: vendors.map((v) => v.vendor),
  }
}

/** One round of the member's betting record, with its choice and outcome. */
export async function roundDetail(q: Queryable, memberId: string, roundId: string, language: Language) {
  const name = `g.name_${nameLanguage(language)}`
  const [row] = await q.query<BetDbRow>(
    `SELECT r.id, r.created_at, ${name} AS name, g.game_type, g.vendor, r.stake, r.payout, r.choice, r.outcome
     FROM rounds r JOIN games g ON g.node_id = r.node_id WHERE r.id = $1 AND r.member_id = $2 AND r.status = 'settled'`,
    [roundId, memberId],
  )
  if (!row) throw new Fail('not_found', 'No such round.')
  return { ...betView(row), choice: row.choice.slice(0, 64), outcome: row.outcome.slice(0, 2000) }
}

/** Profit and loss of the member's settled rounds per UTC day (every day of the range) and per game category. */
export async function profitReport(q: Queryable, memberId: string, input: { from?: string; to?: string }, now: number): Promise<Profit> {
  const range = rangeOf(input.from, input.to, now)
  const rows = await q.query<{ day: string | number; game_type: string; bet: string | number; payout: string | number }>(
    `SELECT floor(r.created_at / ${DAY_MS})::int8 AS day, g.game_type, SUM(r.stake)::int8 AS bet, SUM(r.payout)::int8 AS payout
     FROM rounds r JOIN games g ON g.node_id = r.node_id
     WHERE r.member_id = $1 AND r.status = 'settled' AND r.created_at >= $2 AND r.created_at < $3
     GROUP BY 1, 2`,
    [memberId, range.start, range.end],
  )
  const line = () => ({ bet: 0, payout: 0, winLoss: 0 })
  const add = (to: { bet: number; payout: number; winLoss: number }, bet: number, payout: number) => {
    to.bet += bet
    to.payout += payout
    to.winLoss += payout - bet
  }
  const days = new Map<number, ReturnType<typeof line>>()
  for (let d = range.start; d < range.end; d += DAY_MS) days.set(d / DAY_MS, line())
  const categories = new Map<string, ReturnType<typeof line>>()
  const totals = line()
  for (const r of rows) {
    const bet = Number(r.bet)
    const payout = Number(r.payout)
    const day = days.get(Number(r.day))
    if (day) add(day, bet, payout)
    if (!categories.has(r.game_type)) categories.set(r.game_type, line())
    add(categories.get(r.game_type)!, bet, payout)
    add(totals, bet, payout)
  }
  return {
    days: [...days].map(([d, l]) => ({ date: new Date(d * DAY_MS).toISOString().slice(0, 10), ...l })),
    categories: [...categories].sort(([a], [b]) => a.localeCompare(b)).map(([gameType, l]) => ({ gameType: gameType as Profit['categories'][number]['gameType'], ...l })),
    totals,
  }
}
