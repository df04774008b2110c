import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from './db/index.ts'
import { Fail } from './http.ts'
import { balanceOf, creditMember, memberAccount, openHouseAccounts, postTransaction } from './ledger.ts'
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
        postTransaction(db, { idempotencyKey: `race-${i}`, kind: 'bet', legs: [{ account, amount: -100 }, { account: 'house:games', amount: 100 }] }),
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
    const t = { idempotencyKey: 'twin-bet', kind: 'bet', legs: [{ account: memberAccount('twin'), amount: -100 }, { account: 'house:games', amount: 100 }] }
    const results = await Promise.all(Array.from({ length: 10 }, () => postTransaction(db, t)))
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1)
    expect(results.filter((r) => !r.replay)).toHaveLength(1)
    expect(await balanceOf(db, memberAccount('twin'))).toBe(400)
  })
})
