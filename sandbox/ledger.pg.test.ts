import { beforeAll, describe, expect, it } from 'vitest'
import { balanceOf, creditMember, memberAccount, openHouseAccounts, postTransaction } from './ledger.ts'
import { playRound } from './games/rounds.ts'
import { insertSlot, ledgerSum, losingSpin, minBalanceAfter, outcomes, postgresDbForFile } from './race-testkit.ts'
import { openDb } from './db/index.ts'

// A real PostgreSQL server (race-testkit.ts): PGlite has one connection, so it cannot show a race.
const pg = postgresDbForFile()

describe('ledger on PostgreSQL', () => {
  it('runs the migrations once, even when asked twice concurrently', async () => {
    const again = await Promise.all([openDb({ databaseUrl: pg.url }), openDb({ databaseUrl: pg.url })])
    await Promise.all(again.map((d) => d.close()))
    const rows = await pg.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
    expect(rows.map((r) => r.name)).toContain('001_core.sql')
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length)
  })

  it('lets exactly 10 of 50 concurrent debits of 100 through a balance of 1,000', async () => {
    await openHouseAccounts(pg.db)
    await pg.db.query("INSERT INTO members (id, username) VALUES ('racer', 'racer')")
    await creditMember(pg.db, 'racer', 1_000, { idempotencyKey: 'race-seed' })
    const account = memberAccount('racer')
    const sumBefore = await ledgerSum(pg.db)

    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        postTransaction(pg.db, {
          idempotencyKey: `race-${i}`,
          kind: 'bet',
          legs: [
            { account, amount: -100 },
            { account: 'house:games', amount: 100 },
          ],
        }),
      ),
    )
    const { won, lost } = outcomes(results)
    // Every refusal must be the ledger's own answer, not a database error escaping it.
    expect(lost).toEqual(Array(40).fill('insufficient_funds'))
    expect(won).toHaveLength(10)

    expect(await balanceOf(pg.db, account)).toBe(0)
    expect(await minBalanceAfter(pg.db, account)).toBeGreaterThanOrEqual(0)
    const sumAfter = await ledgerSum(pg.db)
    expect(sumAfter).toBe(sumBefore)
    expect(sumAfter).toBe(0)
    const [{ n }] = await pg.db.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE 'race-%' AND idempotency_key <> 'race-seed'")
    expect(n).toBe(10)
  })

  it('answers concurrent replays of one key with one transaction', async () => {
    await pg.db.query("INSERT INTO members (id, username) VALUES ('twin', 'twin')")
    await creditMember(pg.db, 'twin', 500, { idempotencyKey: 'twin-seed' })
    const t = {
      idempotencyKey: 'twin-bet',
      kind: 'bet',
      legs: [
        { account: memberAccount('twin'), amount: -100 },
        { account: 'house:games', amount: 100 },
      ],
    }
    const results = await Promise.all(Array.from({ length: 10 }, () => postTransaction(pg.db, t)))
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1)
    expect(results.filter((r) => !r.replay)).toHaveLength(1)
    expect(await balanceOf(pg.db, memberAccount('twin'))).toBe(400)
  })
})

describe('round settlement on PostgreSQL', () => {
  let game: Awaited<ReturnType<typeof insertSlot>>
  // The top of every range is a losing slot spin; 0 is three SEVENs (pays 50 × stake).
  const win = () => 0

  beforeAll(async () => {
    game = await insertSlot(pg.db, 'pg-slot', 'PGV')
  })

  it('settles 10 concurrent retries of one round once, all answering the same round', async () => {
    await pg.db.query("INSERT INTO members (id, username) VALUES ('spinner', 'spinner')")
    await creditMember(pg.db, 'spinner', 1_000, { idempotencyKey: 'spinner-seed' })
    const player = { id: 'spinner', username: 'spinner' }
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => playRound(pg.db, { player, game, stake: 100, idempotencyKey: 'spin-once' }, 1_000 + i, win)))
    expect(new Set(results.map((r) => r.roundId)).size).toBe(1)
    expect(results.filter((r) => !r.replay)).toHaveLength(1)
    expect(await balanceOf(pg.db, memberAccount('spinner'))).toBe(1_000 + 4_900)
    const [{ n }] = await pg.db.query<{ n: number }>("SELECT count(*)::int AS n FROM winners WHERE member_id = 'spinner'")
    expect(n).toBe(1)
  })

  it('lets exactly 10 of 30 concurrent rounds of 100 through a balance of 1,000 and records only those', async () => {
    await pg.db.query("INSERT INTO members (id, username) VALUES ('bettor', 'bettor')")
    await creditMember(pg.db, 'bettor', 1_000, { idempotencyKey: 'bettor-seed' })
    const player = { id: 'bettor', username: 'bettor' }
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => playRound(pg.db, { player, game, stake: 100, idempotencyKey: `bet-${i}` }, 2_000 + i, losingSpin)),
    )
    expect(outcomes(results).lost).toEqual(Array(20).fill('insufficient_funds'))
    expect(await balanceOf(pg.db, memberAccount('bettor'))).toBe(0)
    const rows = await pg.db.query<{ status: string }>("SELECT status FROM rounds WHERE member_id = 'bettor'")
    expect(rows.map((r) => r.status)).toEqual(Array(10).fill('settled'))
    expect(await ledgerSum(pg.db)).toBe(0)
  })
})
