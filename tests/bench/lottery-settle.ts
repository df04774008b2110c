/**
 * Lottery settle benchmark, run by `npm run bench`: on a throwaway PostgreSQL
 * cluster, one 60-second draw with 10,000 open bets from 1,000 members (half of them winning, so
 * 5,000 payouts go through the ledger) is settled by `settleDue`; the figure is the wall time of that
 * call, median of 3 fresh draws (target ≤ 1 s). Checks after each run that every bet was settled, every
 * winner paid exactly once and the ledger still sums to zero.
 * Prints one line with ✓ or ✗; exits 1 when the figure misses its target.
 * Run alone: `node tests/bench/lottery-settle.ts` (env: BENCH_BETS, BENCH_RUNS).
 */
import { openDb } from '../../sandbox/db/index.ts'
import { currentDraw } from '../../sandbox/games/draws.ts'
import { openHouseAccounts } from '../../sandbox/ledger.ts'
import { drawSecret, winningNumberOf } from '../../sandbox/lottery/fair.ts'
import { insertFastLottery } from '../../sandbox/lottery/fixtures.ts'
import { findLotteryGame } from '../../sandbox/lottery/games.ts'
import { settleDue } from '../../sandbox/lottery/settle.ts'
import { startPostgres } from '../../sandbox/testing.ts'

const bets = Number(process.env.BENCH_BETS ?? 10_000)
const runs = Number(process.env.BENCH_RUNS ?? 3)
const members = 1_000

const pg = await startPostgres()
const db = await openDb({ databaseUrl: pg.url })
let failed = false
try {
  await insertFastLottery(db)
  await openHouseAccounts(db)
  await db.query(`INSERT INTO members (id, username) SELECT 'b' || i, 'bench' || i FROM generate_series(1, $1) AS i`, [members])
  await db.query(`INSERT INTO ledger_accounts (id, owner, balance) SELECT 'member:b' || i || ':main', 'b' || i, 0 FROM generate_series(1, $1) AS i`, [members])
  const game = (await findLotteryGame(db, { gameCode: 'T_FAST' }))!
  const secret = await drawSecret(db)
  const times: number[] = []
  for (let run = 0; run < runs; run++) {
    const draw = currentDraw(game.schedule, Date.UTC(2026, 10, 23, 12, run, 10))
    const last = Number((await winningNumberOf(secret, game.schedule, draw.numero)).slice(-1))
    // The stakes were sold before the draw (not part of the settle): the bets are inserted directly.
    await db.query(
      `INSERT INTO lottery_bets (id, member_id, node_id, game_code, numero, draw_at, idempotency_key, play_type, pick, multiplier, stake, status, created_at)
       SELECT $2::text || '-' || i, 'b' || (i % $3 + 1), 'LOT-T_FAST', 'T_FAST', $2::text, $4::bigint, $2::text || '-' || i, 'LAST_1',
              CASE WHEN i % 2 = 0 THEN $5::text ELSE $6::text END, 1, 100, 'open', $4::bigint - 30000
         FROM generate_series(1, $1) AS i`,
      [bets, draw.numero, members, draw.drawAt, String(last), String((last + 1) % 10)],
    )
    const t0 = performance.now()
    const settled = await settleDue(db, draw.drawAt + 1)
    times.push(performance.now() - t0)
    const [check] = await db.query<{ open: number; paid: number; total: number }>(
      `SELECT (SELECT count(*) FROM lottery_bets WHERE status = 'open')::int AS open,
              (SELECT count(*) FROM ledger_transactions WHERE kind = 'lottery_payout' AND memo = 'T_FAST ' || $1)::int AS paid,
              (SELECT SUM(balance) FROM ledger_accounts)::int8 AS total`,
      [draw.numero],
    )
    if (settled !== bets || check.open !== 0 || check.paid !== Math.floor(bets / 2) || Number(check.total) !== 0) {
      console.log(`✗ lottery settle run ${run + 1}: settled ${settled}, open ${check.open}, payouts ${check.paid}, ledger sum ${check.total}`)
      failed = true
    }
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]
  const ok = median <= 1000 && !failed
  if (!ok) failed = true
  console.log(
    `${ok ? '✓' : '✗'} lottery settle of ${bets.toLocaleString('en')} bets (${Math.floor(bets / 2).toLocaleString('en')} payouts) on PostgreSQL: ${Math.round(median)} ms median of ${runs} [${times.map((t) => Math.round(t)).join(', ')}] (target ≤ 1000 ms)`,
  )
} finally {
  await db.close()
  await pg.stop()
}
process.exit(failed ? 1 : 0)
