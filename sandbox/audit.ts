/**
 * The money audit, run by `npm run audit:ledger` on the sandbox's database (PGlite
 * in `DATA_DIR`, or PostgreSQL with `DATABASE_URL`): every account's balance equals the sum of its
 * entries, every transaction has two legs or more that sum to zero, all balances together sum to
 * zero, no member account is below zero; and what each house account paid out (and took in) per
 * transaction kind per UTC day, so that money created from nothing shows up in a report, not only
 * in an attack. Read-only: it changes nothing.
 * @module
 */
import type { Queryable } from './db/index.ts'

/** An account whose stored balance is not the sum of its entries. */
export interface BalanceMismatch {
  account: string
  balance: number
  entries: number
}

/** A transaction whose legs do not sum to zero, or that has fewer than two. */
export interface UnbalancedTransaction {
  transactionId: string
  kind: string
  legs: number
  sum: number
}

/** What one house account paid out and took in for one kind on one UTC day (minor units). */
export interface HouseDay {
  day: string
  account: string
  kind: string
  paidOut: number
  received: number
  transactions: number
}

/** The audit's findings: `ok` when none of the four checks found anything. */
export interface AuditReport {
  ok: boolean
  accounts: number
  transactions: number
  entries: number
  /** Sum of every account's balance: 0 in a closed double-entry ledger. */
  total: number
  mismatches: BalanceMismatch[]
  unbalanced: UnbalancedTransaction[]
  negativeMembers: { account: string; balance: number }[]
  house: HouseDay[]
  /** The UTC days `[from, to]` the house table covers. */
  from: string
  to: string
}

/** Most rows of each finding listed (the counts are exact; a broken ledger need not print a million lines). */
export const LIST_LIMIT = 100

const DAY_MS = 86_400_000
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * Audits the ledger.
 * @param opts `days`: how many UTC days up to `now` the house table covers (default 30)
 */
export async function auditLedger(q: Queryable, opts: { now?: number; days?: number } = {}): Promise<AuditReport> {
  const now = opts.now ?? Date.now()
  const days = Math.max(1, Math.floor(opts.days ?? 30))
  const end = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS
  const start = end - days * DAY_MS
  const [counts] = await q.query<{ accounts: number; transactions: number; entries: number; total: string | number | null }>(
    `SELECT (SELECT count(*) FROM ledger_accounts)::int AS accounts, (SELECT count(*) FROM ledger_transactions)::int AS transactions,
       (SELECT count(*) FROM ledger_entries)::int AS entries, (SELECT sum(balance) FROM ledger_accounts)::int8 AS total`,
  )
  const mismatches = await q.query<{ account: string; balance: string | number; entries: string | number }>(
    `SELECT a.id AS account, a.balance, coalesce(e.s, 0)::int8 AS entries
     FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount) AS s FROM ledger_entries GROUP BY account_id) e ON e.account_id = a.id
     WHERE a.balance <> coalesce(e.s, 0) ORDER BY a.id LIMIT ${LIST_LIMIT}`,
  )
  // Entries naming an account that has no row are caught too: their sums belong to no balance.
  const orphans = await q.query<{ account: string; entries: string | number }>(
    `SELECT e.account_id AS account, sum(e.amount)::int8 AS entries FROM ledger_entries e
     WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = e.account_id) GROUP BY e.account_id ORDER BY 1 LIMIT ${LIST_LIMIT}`,
  )
  const unbalanced = await q.query<{ id: string; kind: string; legs: number; s: string | number }>(
    `SELECT t.id, t.kind, count(e.id)::int AS legs, coalesce(sum(e.amount), 0)::int8 AS s
     FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
     GROUP BY t.id, t.kind HAVING coalesce(sum(e.amount), 0) <> 0 OR count(e.id) < 2 ORDER BY t.id LIMIT ${LIST_LIMIT}`,
  )
  const negative = await q.query<{ account: string; balance: string | number }>(
    `SELECT id AS account, balance FROM ledger_accounts WHERE (owner IS NOT NULL OR id LIKE 'member:%') AND balance < 0 ORDER BY id LIMIT ${LIST_LIMIT}`,
  )
  const house = await q.query<{ d: string; account: string; kind: string; out: string | number; inn: string | number; n: number }>(
    `SELECT to_char(date_trunc('day', e.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS d, e.account_id AS account, t.kind,
       coalesce(-sum(e.amount) FILTER (WHERE e.amount < 0), 0)::int8 AS out, coalesce(sum(e.amount) FILTER (WHERE e.amount > 0), 0)::int8 AS inn,
       count(DISTINCT t.id)::int AS n
     FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transactions t ON t.id = e.transaction_id
     WHERE a.owner IS NULL AND a.id NOT LIKE 'member:%' AND e.created_at >= to_timestamp($1 / 1000.0) AND e.created_at < to_timestamp($2 / 1000.0)
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    [start, end],
  )
  const report: AuditReport = {
    ok: false,
    accounts: Number(counts.accounts),
    transactions: Number(counts.transactions),
    entries: Number(counts.entries),
    total: Number(counts.total ?? 0),
    mismatches: [
      ...mismatches.map((m) => ({ account: m.account, balance: Number(m.balance), entries: Number(m.entries) })),
      ...orphans.map((o) => ({ account: o.account, balance: 0, entries: Number(o.entries) })),
    ],
    unbalanced: unbalanced.map((u) => ({ transactionId: u.id, kind: u.kind, legs: Number(u.legs), sum: Number(u.s) })),
    negativeMembers: negative.map((n) => ({ account: n.account, balance: Number(n.balance) })),
    house: house.map((h) => ({ day: h.d, account: h.account, kind: h.kind, paidOut: Number(h.out), received: Number(h.inn), transactions: Number(h.n) })),
    from: day(start),
    to: day(end - DAY_MS),
  }
  report.ok = report.total === 0 && report.mismatches.length === 0 && report.unbalanced.length === 0 && report.negativeMembers.length === 0
  return report
}

const money = (minor: number) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100).toLocaleString('en')}.${String(Math.abs(minor) % 100).padStart(2, '0')}`

/** The report as text: the verdict first, then each finding, then the house accounts' days. */
export function formatAudit(r: AuditReport): string {
  const lines = [
    `Ledger audit: ${r.ok ? 'OK' : 'INCONSISTENT'} (${r.accounts} accounts, ${r.transactions} transactions, ${r.entries} entries; all balances sum to ${money(r.total)})`,
  ]
  const section = (title: string, rows: string[]) => {
    lines.push('', `${title}: ${rows.length === 0 ? 'none' : rows.length >= LIST_LIMIT ? `${LIST_LIMIT} or more, the first ${LIST_LIMIT}:` : rows.length}`)
    for (const row of rows) lines.push(`  ${row}`)
  }
  section(
    'Accounts whose balance is not the sum of their entries',
    r.mismatches.map((m) => `${m.account}: balance ${money(m.balance)}, entries ${money(m.entries)} (off by ${money(m.balance - m.entries)})`),
  )
  section(
    'Transactions whose legs do not sum to zero (or have fewer than two)',
    r.unbalanced.map((u) => `${u.transactionId} (${u.kind}): ${u.legs} leg(s) summing to ${money(u.sum)}`),
  )
  section(
    'Member accounts below zero',
    r.negativeMembers.map((n) => `${n.account}: ${money(n.balance)}`),
  )
  lines.push('', `Paid out by house accounts per kind per UTC day, ${r.from} to ${r.to}:`)
  if (r.house.length === 0) lines.push('  nothing moved')
  else {
    const header = ['day', 'account', 'kind', 'paid out', 'received', 'transactions']
    const rows = r.house.map((h) => [h.day, h.account, h.kind, money(h.paidOut), money(h.received), String(h.transactions)])
    const widths = header.map((_, i) => Math.max(header[i].length, ...rows.map((row) => row[i].length)))
    const line = (cells: string[]) => `  ${cells.map((c, i) => (i >= 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ')}`
    lines.push(line(header), ...rows.map(line))
    const totals = new Map<string, number>()
    for (const h of r.house) totals.set(`${h.account} ${h.kind}`, (totals.get(`${h.account} ${h.kind}`) ?? 0) + h.paidOut)
    lines.push('', '  paid out in the period, per account and kind:')
    for (const [k, v] of [...totals].sort((a, b) => b[1] - a[1])) lines.push(`  ${k}: ${money(v)}`)
  }
  return `${lines.join('\n')}\n`
}
