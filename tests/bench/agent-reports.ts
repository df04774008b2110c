/**
 * Agent reports benchmark, run by `npm run bench`: on a throwaway PostgreSQL
 * cluster, an agent with 10,000 downlines (100 sub-agents with 99 members each) and 1,000,000 rounds
 * over 90 days, plus their deposits and withdrawals, invitation codes with embed beacons, and a daily
 * salary and a weekly dividend to each sub-agent, generated set-based. Times every agent report as the
 * routes compute it: the team overview, the profit and loss statement and its
 * drill-down into a sub-team, team betting, downline transactions, downline management (a level and a
 * search of the whole subtree), the embed and invitation funnel, and what this period will pay (each
 * period report over today, yesterday, this week and this month); the figure is the p95 over every
 * call (target ≤ 300 ms). Checks first that the reports' figures equal a plain sum over the rounds,
 * so a fast wrong answer cannot pass.
 * Prints p50/p95 per report and the load average; exits 1 when a p95 misses its target.
 * Run alone: `node tests/bench/agent-reports.ts` (env: BENCH_ROUNDS, BENCH_RUNS, BENCH_ONLY).
 */
import { loadavg } from 'node:os'
import { openDb } from '../../sandbox/db/index.ts'
import { openHouseAccounts } from '../../sandbox/ledger.ts'
import { periodWindow, profitLoss, teamOverview } from '../../sandbox/agent/reports.ts'
import { reportZone } from '../../sandbox/agent/zone.ts'
import { teamBets, teamTransactions } from '../../sandbox/agent/activity.ts'
import { downlines } from '../../sandbox/agent/downlines.ts'
import { embedFunnel } from '../../sandbox/embed/funnel.ts'
import { periodPay } from '../../sandbox/agent/period-pay.ts'
import { invitationFunnel } from '../../sandbox/agent/invitation-funnel.ts'
import { startPostgres } from '../../sandbox/testing.ts'

const rounds = Number(process.env.BENCH_ROUNDS ?? 1_000_000)
const runs = Number(process.env.BENCH_RUNS ?? 10)
const DAY = 86_400_000
const now = Date.UTC(2026, 10, 24, 12)
const start = Math.floor(now / DAY) * DAY - 89 * DAY

const pg = await startPostgres()
const db = await openDb({ databaseUrl: pg.url })
let failed = false
try {
  const t0 = performance.now()
  await openHouseAccounts(db)
  await db.query(`INSERT INTO vendors (code, name, game_type, menu_type, account_type_id, account_type_name, color, sort)
    VALUES ('BENCH', 'Bench', 'RNG', 'RNG', 1, 'BENCH', '#000', 1)`)
  await db.query(`INSERT INTO games (node_id, game_code, code, vendor, game_type, game_group_code, game_classify, name_en, name_es, min_bet)
    VALUES ('bench-slot', 'BS', 'BS', 'BENCH', 'RNG', 'SLOT', 'SLOT', 'Bench slot', 'Bench slot', 100)`)
  // The agent, 100 sub-agents under it, 99 members under each: 10,000 downlines.
  await db.query(`INSERT INTO members (id, username, type, is_agent) VALUES ('ba', 'benchagent', 1, 1)`)
  await db.query(`INSERT INTO members (id, username, type, is_agent, upline_id, created_at)
    SELECT 'bs' || i, 'benchsub' || i, 1, 1, 'ba', to_timestamp(${start} / 1000.0) FROM generate_series(1, 100) i`)
  await db.query(`INSERT INTO members (id, username, upline_id, created_at)
    SELECT 'bm' || i, 'benchm' || i, 'bs' || (i % 100 + 1), to_timestamp((${start}::int8 + (i::int8 * 7919) % (89 * ${DAY}::int8)) / 1000.0)
    FROM generate_series(1, 9900) i`)
  await db.query(`INSERT INTO ledger_accounts (id, owner) SELECT 'member:' || id || ':main', id FROM members WHERE id ~ '^b[asm]'`)
  // Rounds: each day about 1,100 of the members play, each about 10 rounds (a session), at 1.00 to 50.00.
  await db.query(`INSERT INTO rounds (id, member_id, node_id, idempotency_key, stake, payout, outcome, status, created_at)
    SELECT 'r' || i, CASE WHEN m < 100 THEN 'bs' || (m + 1) ELSE 'bm' || (m - 99) END, 'bench-slot', 'k' || i,
      stake, CASE WHEN i % 5 < 2 THEN stake * (20 + i % 8) / 10 ELSE 0 END, '', 'settled', at
    FROM (SELECT i, ((i / 10) * 7919 + (i / 110000) * 104729) % 10000 AS m, (100 * (1 + i % 50))::int8 AS stake,
            ${start}::int8 + (i::int8 * 90 * ${DAY}::int8) / ${rounds} AS at FROM generate_series(0, ${rounds - 1}) i) x`)
  // Cash: a deposit per member every 9 days and a paid withdrawal every 30 (both legs, balanced).
  await db.query(`CREATE TEMP TABLE bench_cash AS
    SELECT 'dep' || m.id || '-' || d AS key, 'deposit' AS kind, m.id, (100000 * (1 + d % 5))::int8 AS amount, ${start}::int8 + d * ${DAY}::int8 + 3600000 AS at
    FROM members m CROSS JOIN generate_series(0, 89, 9) d WHERE m.id ~ '^b[sm]'
    UNION ALL
    SELECT 'wd' || m.id || '-' || d, 'withdrawal_paid', m.id, -(20000 * (1 + d % 4))::int8, ${start}::int8 + d * ${DAY}::int8 + 7200000
    FROM members m CROSS JOIN generate_series(15, 89, 30) d WHERE m.id ~ '^b[sm]'`)
  await db.query(`INSERT INTO ledger_transactions (id, idempotency_key, kind, memo, fingerprint, created_at)
    SELECT 'tx' || key, key, kind, 'bench', '["bench"]', to_timestamp(at / 1000.0) FROM bench_cash`)
  await db.query(`INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
    SELECT 'tx' || key, 'member:' || id || ':main', amount, 0, to_timestamp(at / 1000.0) FROM bench_cash
    UNION ALL SELECT 'tx' || key, 'house:cash', -amount, 0, to_timestamp(at / 1000.0) FROM bench_cash`)
  // Invitation codes with embed impressions and clicks every day (the funnel), and contracts down to each sub-agent (this period's pay).
  await db.query(`INSERT INTO agent_invitations (code, agent_id, created_at) SELECT '9BENCH' || lpad(i::text, 4, '0'), 'ba', ${start} FROM generate_series(1, 20) i`)
  await db.query(`INSERT INTO embed_funnel (dedupe, kind, affiliate_code, sub_id, day, created_at)
    SELECT md5(c || k || s || d || v), k, '9BENCH' || lpad(c::text, 4, '0'), 'site' || s, to_char(to_timestamp((${start}::int8 + d * ${DAY}::int8) / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD'), ${start}::int8 + d * ${DAY}::int8
    FROM generate_series(1, 20) c CROSS JOIN (VALUES ('impression'), ('click')) x (k) CROSS JOIN generate_series(1, 3) s CROSS JOIN generate_series(0, 89) d CROSS JOIN generate_series(1, 4) v`)
  await db.query(`INSERT INTO agent_contracts (id, kind, upline_id, downline_id, status, period, rate_bp, min_active, created_at, updated_at, accepted_at)
    SELECT 'ct_' || k || '_bs' || i, k, 'ba', 'bs' || i, 'active', p, bp, 0, ${start}, ${start}, ${start}
    FROM generate_series(1, 100) i CROSS JOIN (VALUES ('daily_salary', 'daily', 100), ('dividend', 'weekly', 2000)) t (k, p, bp)`)
  await db.query('ANALYZE')
  const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM rounds')
  console.log(`  data: 10,000 downlines, ${Number(n).toLocaleString('en')} rounds, generated in ${Math.round(performance.now() - t0)} ms`)

  // The figures are right before they are timed: this month's against a plain sum of the rounds.
  const month = await teamOverview(db, 'ba', { period: 'month' }, now)
  // This month of the platform's zone (reports count the zone's days, Asia/Manila by default).
  const monthWindow = periodWindow('month', now, undefined, undefined, await reportZone(db))
  const monthStart = monthWindow.start
  const [plain] = await db.query<{ bets: number; pl: number; active: number }>(
    `SELECT sum(stake)::int8 AS bets, sum(payout - stake)::int8 AS pl, count(DISTINCT member_id)::int AS active FROM rounds WHERE created_at >= $1 AND created_at < $2`,
    [monthStart, monthWindow.end],
  )
  const pl = await profitLoss(db, 'ba', { period: 'month' }, now)
  if (
    month.figures.bets !== Number(plain.bets) ||
    month.figures.profitLoss !== Number(plain.pl) ||
    month.figures.active !== Number(plain.active) ||
    pl.totals.bets !== Number(plain.bets) ||
    month.figures.size !== 10_000
  ) {
    console.log(`✗ agent reports disagree with the rounds: overview ${JSON.stringify(month.figures)}, P/L totals ${JSON.stringify(pl.totals)}, rounds ${JSON.stringify(plain)}`)
    failed = true
  }

  // The drill-down into a sub-team answers that sub-team's line of the statement, less the sub-agent's own play.
  const sub = pl.rows[0]
  const drill = await profitLoss(db, 'ba', { period: 'month', parentId: sub.id }, now)
  const [own] = await db.query<{ bets: number }>('SELECT coalesce(sum(stake), 0)::int8 AS bets FROM rounds WHERE member_id = $1 AND created_at >= $2 AND created_at < $3', [
    sub.id,
    monthStart,
    monthWindow.end,
  ])
  if (drill.totals.bets + Number(own.bets) !== sub.bets || drill.breadcrumbs.length !== 2) {
    console.log(`✗ the drill-down into ${sub.username} disagrees with its line: ${JSON.stringify(drill.totals)} vs ${JSON.stringify(sub)}`)
    failed = true
  }

  const periods = ['today', 'yesterday', 'week', 'month'] as const
  type Period = (typeof periods)[number]
  const page = { page: 1, pageSize: 15 }
  const cases: [string, (period: Period) => Promise<unknown>][] = [
    ['team overview', (period) => teamOverview(db, 'ba', { period }, now)],
    ['profit and loss', (period) => profitLoss(db, 'ba', { period }, now)],
    ['profit and loss, a sub-team (drill-down)', (period) => profitLoss(db, 'ba', { period, parentId: 'bs7' }, now)],
    ['team betting', (period) => teamBets(db, 'ba', { period, ...page }, now, 'en')],
    ['team betting, one member', (period) => teamBets(db, 'ba', { period, member: 'benchm4242', ...page }, now, 'en')],
    ['downline transactions', (period) => teamTransactions(db, 'ba', { period, ...page }, now)],
    ['embed funnel', (period) => embedFunnel(db, 'ba', { period }, now)],
    ['invitation funnel', (period) => invitationFunnel(db, 'ba', { period }, now)],
    // Not period reports: the same call each time.
    ['downline management, a level', () => downlines(db, 'ba', { parentId: 'bs7', ...page })],
    ['downline management, search of the subtree', () => downlines(db, 'ba', { search: 'benchm42', ...page })],
    ["this period's pay (200 contracts)", () => periodPay(db, 'ba', now)],
  ]
  // BENCH_ONLY=text times only the reports whose name holds it.
  const only = process.env.BENCH_ONLY ?? ''
  for (const [name, run] of cases.filter(([name]) => name.includes(only))) {
    const times: number[] = []
    const monthTimes: number[] = []
    for (let i = 0; i < runs; i++) {
      for (const period of periods) {
        const t = performance.now()
        await run(period)
        const ms = performance.now() - t
        times.push(ms)
        if (period === 'month') monthTimes.push(ms)
      }
    }
    const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]
    const p95 = pct(times, 95)
    const ok = p95 <= 300
    if (!ok) failed = true
    console.log(
      `${ok ? '✓' : '✗'} agent ${name} over 10,000 downlines / ${Number(n).toLocaleString('en')} rounds on PostgreSQL: p50 ${Math.round(pct(times, 50))} ms, p95 ${Math.round(p95)} ms over ${times.length} calls (this month alone p95 ${Math.round(pct(monthTimes, 95))} ms; target p95 ≤ 300 ms)`,
    )
  }
  console.log(
    `  load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${(await import('node:os')).cpus().length} cores)`,
  )
} finally {
  await db.close()
  await pg.stop()
}
process.exit(failed ? 1 : 0)
