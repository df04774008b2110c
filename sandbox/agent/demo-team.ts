/**
 * The demo team of `agent01`: three levels of downlines under it (4 agents, 12 sub-agents
 * under them, 192 members under those) and 90 days of their rounds, deposits and withdrawals, so every
 * agent report has something to show on a fresh `npm start`. Set-based SQL, deterministic for a given
 * day: the same team and the same figures relative to `now`. Money keeps to the ledger's rules: every
 * transaction has two legs summing to zero, and the balances are the sums of the entries.
 *
 * Only the demo start (`prepareForStart`) and the tests that need it seed this; the test template does
 * not, so other tests do not pay for it.
 * @module
 */
import type { Db } from '../db/index.ts'
import { openHouseAccounts } from '../ledger.ts'

const DAY_MS = 86_400_000
/** Days of history. */
export const TEAM_DAYS = 90

/** Whether the demo team is already there. */
export async function hasAgentTeam(db: Db): Promise<boolean> {
  return (await db.query("SELECT 1 FROM members WHERE username = 'ta01'")).length > 0
}

/**
 * Creates the demo team under `agent01` with its history up to `now` (nothing when `agent01` is
 * missing or the team exists).
 * @returns how many members and rounds were created
 */
export async function seedAgentTeam(db: Db, now: number): Promise<{ members: number; rounds: number }> {
  const [top] = await db.query<{ id: string }>("SELECT id FROM members WHERE lower(username) = 'agent01'")
  if (!top || (await hasAgentTeam(db))) return { members: 0, rounds: 0 }
  await openHouseAccounts(db)
  const today = Math.floor(now / DAY_MS) * DAY_MS
  const start = today - TEAM_DAYS * DAY_MS
  return db.tx(async (q) => {
    // Level 1: ta01–ta04 under agent01; level 2: tb01–tb12, three under each; level 3: tm001–tm192, sixteen under each tb.
    await q.query(
      `INSERT INTO members (username, type, is_agent, upline_id, nickname, created_at, last_login_at)
       SELECT 'ta' || lpad(i::text, 2, '0'), 1, 1, $1, 'Team agent ' || i, to_timestamp(($2::int8 + (i - 1) * ${DAY_MS}::int8) / 1000.0), to_timestamp(($3::int8 - i * 3600000) / 1000.0)
       FROM generate_series(1, 4) i`,
      [top.id, start, now],
    )
    await q.query(
      `INSERT INTO members (username, type, is_agent, upline_id, nickname, created_at, last_login_at)
       SELECT 'tb' || lpad(i::text, 2, '0'), 1, 1, (SELECT id FROM members WHERE username = 'ta' || lpad(((i - 1) / 3 + 1)::text, 2, '0')),
         'Sub-agent ' || i, to_timestamp(($1::int8 + (4 + i) * ${DAY_MS}::int8) / 1000.0), to_timestamp(($2::int8 - i * 5400000) / 1000.0)
       FROM generate_series(1, 12) i`,
      [start, now],
    )
    // Members join over the 90 days, the last ones today; some never logged in.
    await q.query(
      `INSERT INTO members (username, type, is_agent, upline_id, nickname, created_at, last_login_at)
       SELECT 'tm' || lpad(i::text, 3, '0'), 0, 0, (SELECT id FROM members WHERE username = 'tb' || lpad(((i - 1) / 16 + 1)::text, 2, '0')),
         'Player ' || i, to_timestamp(least($1::int8 + ((i * 37) % ${TEAM_DAYS + 1}) * ${DAY_MS}::int8 + (i * 7919) % ${DAY_MS}, $2::int8 - 60000) / 1000.0),
         CASE WHEN i % 9 = 0 THEN NULL ELSE to_timestamp(($2::int8 - (i::int8 * 104729) % (5 * ${DAY_MS}::int8)) / 1000.0) END
       FROM generate_series(1, 192) i`,
      [start, now],
    )
    await q.query(
      `INSERT INTO ledger_accounts (id, owner) SELECT 'member:' || id || ':main', id FROM members
       WHERE username ~ '^t[abm][0-9]+$' ON CONFLICT (id) DO NOTHING`,
    )
    // The days each member played: about one day in three after joining, up to 4 rounds each.
    const [game] = await q.query<{ node_id: string }>("SELECT node_id FROM games WHERE game_type = 'RNG' ORDER BY node_id LIMIT 1")
    await q.query(
      `CREATE TEMP TABLE demo_days ON COMMIT DROP AS
       SELECT m.id AS member_id, n, d, ${start}::int8 + d * ${DAY_MS}::int8 AS day_start
       FROM (SELECT id, substring(username from 3)::int AS n, created_at FROM members WHERE username ~ '^tm[0-9]+$') m
       CROSS JOIN generate_series(0, ${TEAM_DAYS}) d
       WHERE ${start}::int8 + d * ${DAY_MS}::int8 >= floor(extract(epoch from m.created_at) * 1000 / ${DAY_MS}) * ${DAY_MS}::int8
         AND (n * 7 + d * 13) % 3 = 0 AND ${start}::int8 + d * ${DAY_MS}::int8 <= ${today}::int8`,
    )
    // Stakes of 1.00 to 50.00; the player wins about two rounds in five, at 2.0× to 2.7×: the house keeps about 6 %.
    const rounds = await q.query<{ n: number }>(
      `WITH made AS (
         INSERT INTO rounds (id, member_id, node_id, idempotency_key, stake, payout, choice, outcome, status, created_at)
         SELECT 'demo_' || dd.member_id || '_' || dd.d || '_' || k, dd.member_id, $1::text, 'demo:' || dd.d || ':' || k,
           stake, CASE WHEN (dd.n * 11 + dd.d * 17 + k * 5) % 5 < 2 THEN stake * (20 + (dd.n + dd.d + k) % 8) / 10 ELSE 0 END,
           '', 'demo', 'settled', least(dd.day_start + 3600000 * (8 + (dd.n + k * 3) % 14) + k * 60000, $2::int8 - 60000)
         FROM demo_days dd CROSS JOIN generate_series(1, 1 + (dd.n + dd.d) % 4) k
         CROSS JOIN LATERAL (SELECT (100 * (1 + (dd.n * 31 + dd.d * 7 + k * 13) % 50))::int8 AS stake) s
         RETURNING 1)
       SELECT count(*)::int AS n FROM made`,
      [game.node_id, now],
    )
    // Money: a deposit on each member's first played day and every tenth day after; a withdrawal
    // every 30 days; each day's rounds as one game transaction. Written as a disbursed withdrawal
    // in one step (main → house:cash), since the demo has no payout desk.
    await q.query(
      `CREATE TEMP TABLE demo_tx ON COMMIT DROP AS
       SELECT 'demo:dep:' || member_id || ':' || d AS key, 'deposit' AS kind, member_id, 'house:cash' AS house,
         (100000 * (1 + (n + d) % 5))::int8 AS amount, least(day_start + 7 * 3600000, $1::int8 - 120000) AS at
       FROM (SELECT *, min(d) OVER (PARTITION BY member_id) AS first_day FROM demo_days) dd WHERE d = first_day OR d % 10 = n % 10
       UNION ALL
       SELECT 'demo:wd:' || member_id || ':' || d, 'withdrawal_paid', member_id, 'house:cash', -(20000 * (1 + n % 4))::int8, least(day_start + 23 * 3600000, $1::int8 - 90000)
       FROM demo_days WHERE d % 30 = n % 30 AND d > 0
       UNION ALL
       SELECT 'demo:play:' || r.member_id || ':' || (r.created_at / ${DAY_MS}), 'game_round', r.member_id, 'house:games', sum(r.payout - r.stake)::int8, max(r.created_at)
       FROM rounds r WHERE r.id LIKE 'demo\\_%' GROUP BY r.member_id, r.created_at / ${DAY_MS} HAVING sum(r.payout - r.stake) <> 0`,
      // Nothing after now ("Today" counted deposits at 07:00 and 23:00 at 04:50).
      [now],
    )
    await q.query(`INSERT INTO ledger_transactions (id, idempotency_key, kind, memo, fingerprint, created_at)
      SELECT 'tx_' || key, key, kind, 'demo team', '["demo"]', to_timestamp(at / 1000.0) FROM demo_tx`)
    // Both legs, with the balance after each entry in time order (the member's starting at 0).
    await q.query(`INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
      SELECT tx, account, amount, sum(amount) OVER (PARTITION BY account ORDER BY at, tx) + base, to_timestamp(at / 1000.0)
      FROM (
        SELECT 'tx_' || key AS tx, 'member:' || member_id || ':main' AS account, amount, at, 0::int8 AS base FROM demo_tx
        UNION ALL
        SELECT 'tx_' || key, house, -amount, at, (SELECT balance FROM ledger_accounts WHERE id = house) FROM demo_tx
      ) legs ORDER BY at, tx`)
    await q.query(`UPDATE ledger_accounts a SET balance = a.balance + s.total
      FROM (SELECT account, sum(amount)::int8 AS total FROM (
        SELECT 'member:' || member_id || ':main' AS account, amount FROM demo_tx UNION ALL SELECT house, -amount FROM demo_tx) x GROUP BY account) s
      WHERE a.id = s.account`)
    // Contracts down the tree, so the pay runs and the income pages have something to pay and show:
    // agent01 gives each team agent a daily salary and a weekly dividend, each team agent gives its
    // sub-agents lower ones out of that share; each accepted when its downline joined.
    await q.query(
      `WITH sides AS (
         SELECT d.id AS downline_id, d.upline_id, floor(extract(epoch from d.created_at) * 1000)::int8 AS at, d.username LIKE 'ta%' AS top
         FROM members d WHERE d.username ~ '^t[ab][0-9]+$'),
       terms (kind, period, top_bp, sub_bp, min_active) AS (VALUES ('daily_salary', 'daily', 100, 60, 1), ('dividend', 'weekly', 2000, 1500, 3))
       INSERT INTO agent_contracts (id, kind, upline_id, downline_id, status, period, rate_bp, min_active, created_at, updated_at, accepted_at)
       SELECT 'ct_demo_' || t.kind || '_' || s.downline_id, t.kind, s.upline_id, s.downline_id, 'active', t.period,
         CASE WHEN s.top THEN t.top_bp ELSE t.sub_bp END, t.min_active, s.at, s.at, s.at
       FROM sides s CROSS JOIN terms t`,
    )
    await q.query(
      `INSERT INTO agent_contract_events (contract_id, status, actor_id, reason, at)
       SELECT id, e.status, CASE WHEN e.status = 'offered' THEN upline_id ELSE downline_id END, e.reason, created_at
       FROM agent_contracts CROSS JOIN (VALUES ('offered', 'offered', 1), ('active', 'accepted', 2)) e (status, reason, n)
       WHERE id LIKE 'ct\\_demo\\_%' ORDER BY id, e.n`,
    )
    return { members: 4 + 12 + 192, rounds: Number(rounds[0].n) }
  })
}
