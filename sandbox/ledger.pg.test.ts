import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from './db/index.ts'
import { Fail } from './http/fail.ts'
import { balanceOf, creditMember, memberAccount, openHouseAccounts, postTransaction } from './ledger.ts'
import { playRound } from './games/rounds.ts'
import { startPostgres } from './testing.ts'

// Runs on a real PostgreSQL server: PGlite has one connection, so it cannot show a race.
// Missing binaries make this fail (startPostgres says how to install them), never skip.
let pg: Awaited<ReturnType<typeof startPostgres>>
let db: Db

beforeAll(async () => {
  pg = await startPostgres()
  db = await openDb({ databaseUrl: pg.url })
}, 120_000)
afterAll(async () => {
  await db?.close()
  await pg?.stop()
})

describe('ledger on PostgreSQL', () => {
  it('runs the migrations once, even when asked twice concurrently', async () => {
    const again = await Promise.all([openDb({ databaseUrl: pg.url }), openDb({ databaseUrl: pg.url })])
    await Promise.all(again.map((d) => d.close()))
    const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
    expect(rows.map((r) => r.name)).toContain('001_core.sql')
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length)
  })

  it('lets exactly 10 of 50 concurrent debits of 100 through a balance of 1,000', async () => {
    await openHouseAccounts(db)
    await db.query("INSERT INTO members (id, username) VALUES ('racer', 'racer')")
    await creditMember(db, 'racer', 1_000, { idempotencyKey: 'race-seed' })
    const account = memberAccount('racer')
    const sumBefore = (await db.query<{ s: number }>('SELECT SUM(balance)::int8 AS s FROM ledger_accounts'))[0].s

    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        postTransaction(db, {
          idempotencyKey: `race-${i}`,
          kind: 'bet',
          legs: [
            { account, amount: -100 },
            { account: 'house:games', amount: 100 },
          ],
        }),
      ),
    )
    const won = results.filter((r) => r.status === 'fulfilled')
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    // Every refusal must be the ledger's own answer, not a database error escaping it.
    expect(lost.map((r) => (r.reason instanceof Fail ? r.reason.code : String(r.reason)))).toEqual(Array(40).fill('insufficient_funds'))
    expect(won).toHaveLength(10)

    expect(await balanceOf(db, account)).toBe(0)
    const [{ min }] = await db.query<{ min: number }>('SELECT MIN(balance_after)::int8 AS min FROM ledger_entries WHERE account_id = $1', [account])
    expect(min).toBeGreaterThanOrEqual(0)
    const sumAfter = (await db.query<{ s: number }>('SELECT SUM(balance)::int8 AS s FROM ledger_accounts'))[0].s
    expect(sumAfter).toBe(sumBefore)
    expect(sumAfter).toBe(0)
    const [{ n }] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE 'race-%' AND idempotency_key <> 'race-seed'")
    expect(n).toBe(10)
  }, 60_000)

  it('answers concurrent replays of one key with one transaction', async () => {
    await db.query("INSERT INTO members (id, username) VALUES ('twin', 'twin')")
    await creditMember(db, 'twin', 500, { idempotencyKey: 'twin-seed' })
    const t = {
      idempotencyKey: 'twin-bet',
      kind: 'bet',
      legs: [
        { account: memberAccount('twin'), amount: -100 },
        { account: 'house:games', amount: 100 },
      ],
    }
    const results = await Promise.all(Array.from({ length: 10 }, () => postTransaction(db, t)))
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1)
    expect(results.filter((r) => !r.replay)).toHaveLength(1)
    expect(await balanceOf(db, memberAccount('twin'))).toBe(400)
  })
})

describe('round settlement on PostgreSQL', () => {
  const game = { nodeId: 'pg-slot', gameType: 'RNG' as const, minBet: 100 }
  // The top of every range is a losing slot spin; 0 is three SEVENs (pays 50 × stake).
  const lose = (max: number) => max - 1
  const win = () => 0

  beforeAll(async () => {
    await db.query(`INSERT INTO vendors (code, name, game_type, menu_type, account_type_id, account_type_name, color, sort)
      VALUES ('PGV', 'PG vendor', 'RNG', 'RNG', 1, 'PGV', '#000', 1)`)
    await db.query(`INSERT INTO games (node_id, game_code, code, vendor, game_type, game_group_code, game_classify, name_en, name_es, min_bet)
      VALUES ('pg-slot', 'PS', 'PS', 'PGV', 'RNG', 'SLOT', 'SLOT', 'PG slot', 'PG slot', 100)`)
  })

  it('settles 10 concurrent retries of one round once, all answering the same round', async () => {
    await db.query("INSERT INTO members (id, username) VALUES ('spinner', 'spinner')")
    await creditMember(db, 'spinner', 1_000, { idempotencyKey: 'spinner-seed' })
    const player = { id: 'spinner', username: 'spinner' }
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => playRound(db, { player, game, stake: 100, idempotencyKey: 'spin-once' }, 1_000 + i, win)))
    expect(new Set(results.map((r) => r.roundId)).size).toBe(1)
    expect(results.filter((r) => !r.replay)).toHaveLength(1)
    expect(await balanceOf(db, memberAccount('spinner'))).toBe(1_000 + 4_900)
    const [{ n }] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM winners WHERE member_id = 'spinner'")
    expect(n).toBe(1)
  }, 60_000)

  it('lets exactly 10 of 30 concurrent rounds of 100 through a balance of 1,000 and records only those', async () => {
    await db.query("INSERT INTO members (id, username) VALUES ('bettor', 'bettor')")
    await creditMember(db, 'bettor', 1_000, { idempotencyKey: 'bettor-seed' })
    const player = { id: 'bettor', username: 'bettor' }
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => playRound(db, { player, game, stake: 100, idempotencyKey: `bet-${i}` }, 2_000 + i, lose)))
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect(lost.map((r) => (r.reason instanceof Fail ? r.reason.code : String(r.reason)))).toEqual(Array(20).fill('insufficient_funds'))
    expect(await balanceOf(db, memberAccount('bettor'))).toBe(0)
    const rows = await db.query<{ status: string }>("SELECT status FROM rounds WHERE member_id = 'bettor'")
    expect(rows.map((r) => r.status)).toEqual(Array(10).fill('settled'))
    const [{ s }] = await db.query<{ s: number }>('SELECT SUM(balance)::int8 AS s FROM ledger_accounts')
    expect(s).toBe(0)
  }, 60_000)
})
