import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openDb, type Db } from './db/index.ts'
import { Fail } from './http/fail.ts'
import { balanceOf, creditMember, memberAccount, memberBalance, openAccount, openHouseAccounts, postTransaction } from './ledger.ts'

let db: Db
const sumAll = async () => (await db.query<{ s: number }>('SELECT COALESCE(SUM(balance), 0)::int8 AS s FROM ledger_accounts'))[0].s
const count = async (table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n

beforeAll(async () => {
  db = await openDb({})
  await db.query("INSERT INTO members (id, username) VALUES ('m1', 'alice'), ('m2', 'bob')")
})
afterAll(async () => db?.close())
// Each test starts on a new ledger: the house accounts, and alice (m1) credited 100.00; bob (m2) has no account.
beforeEach(async () => {
  for (const table of ['ledger_entries', 'ledger_transactions', 'ledger_accounts']) await db.query(`DELETE FROM ${table}`)
  await openHouseAccounts(db)
  await creditMember(db, 'm1', 10_000, { idempotencyKey: 'seed-m1' })
})

describe('ledger', () => {
  it('moves money between accounts and keeps the sum of all balances at 0', async () => {
    await openAccount(db, memberAccount('m2'))
    await postTransaction(db, {
      idempotencyKey: 'pay-1',
      kind: 'test',
      legs: [
        { account: memberAccount('m1'), amount: -2_500 },
        { account: memberAccount('m2'), amount: 2_500 },
      ],
    })
    expect(await balanceOf(db, memberAccount('m1'))).toBe(7_500)
    expect(await balanceOf(db, memberAccount('m2'))).toBe(2_500)
    expect(await balanceOf(db, 'house:cash')).toBe(-10_000)
    expect(await sumAll()).toBe(0)
    const entries = await db.query<{ amount: number; balance_after: number }>("SELECT amount, balance_after FROM ledger_entries WHERE account_id = 'member:m2:main'")
    expect(entries).toEqual([{ amount: 2_500, balance_after: 2_500 }])
  })

  it('replays an idempotency key without moving money twice', async () => {
    const t = {
      idempotencyKey: 'replay-1',
      kind: 'test',
      legs: [
        { account: memberAccount('m1'), amount: -100 },
        { account: 'house:games', amount: 100 },
      ],
    }
    const first = await postTransaction(db, t)
    const before = await balanceOf(db, memberAccount('m1'))
    const second = await postTransaction(db, t)
    expect(first.replay).toBe(false)
    expect(second).toEqual({ transactionId: first.transactionId, replay: true })
    expect(await balanceOf(db, memberAccount('m1'))).toBe(before)
    expect((await db.query('SELECT 1 FROM ledger_entries WHERE transaction_id = $1', [first.transactionId])).length).toBe(2)
  })

  it('refuses a reused key with different legs', async () => {
    const legs = [
      { account: memberAccount('m1'), amount: -100 },
      { account: 'house:games', amount: 100 },
    ]
    await postTransaction(db, { idempotencyKey: 'reuse-1', kind: 'test', legs })
    const err = await postTransaction(db, {
      idempotencyKey: 'reuse-1',
      kind: 'test',
      legs: [
        { ...legs[0], amount: -900 },
        { ...legs[1], amount: 900 },
      ],
    }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(Fail)
    expect((err as Fail).code).toBe('conflict')
  })

  it('fails with insufficient_funds and changes nothing when a debit would go below zero', async () => {
    const m1 = await balanceOf(db, memberAccount('m1'))
    const games = await balanceOf(db, 'house:games')
    const [tx, entries] = [await count('ledger_transactions'), await count('ledger_entries')]
    const err = await postTransaction(db, {
      idempotencyKey: 'too-much',
      kind: 'test',
      // The credit sorts first, so it is applied before the failing debit and must be rolled back.
      legs: [
        { account: memberAccount('m1'), amount: -(m1 + 1) },
        { account: 'house:games', amount: m1 + 1 },
      ],
    }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(Fail)
    expect((err as Fail).code).toBe('insufficient_funds')
    expect(await balanceOf(db, memberAccount('m1'))).toBe(m1)
    expect(await balanceOf(db, 'house:games')).toBe(games)
    expect(await count('ledger_transactions')).toBe(tx)
    expect(await count('ledger_entries')).toBe(entries)
    // The key was not burnt: the same key may be used again once funds suffice.
    const ok = await postTransaction(db, {
      idempotencyKey: 'too-much',
      kind: 'test',
      legs: [
        { account: memberAccount('m1'), amount: -1 },
        { account: 'house:games', amount: 1 },
      ],
    })
    expect(ok.replay).toBe(false)
    expect(await sumAll()).toBe(0)
  })

  it('lets house accounts go negative', async () => {
    await openAccount(db, memberAccount('m2'))
    await postTransaction(db, {
      idempotencyKey: 'promo-1',
      kind: 'promo',
      legs: [
        { account: 'house:promo', amount: -50 },
        { account: memberAccount('m2'), amount: 50 },
      ],
    })
    expect(await balanceOf(db, 'house:promo')).toBe(-50)
  })

  it('rejects unbalanced, fractional and one-legged transactions before touching the database', async () => {
    const m = memberAccount('m1')
    await expect(
      postTransaction(db, {
        idempotencyKey: 'bad-1',
        kind: 't',
        legs: [
          { account: m, amount: -5 },
          { account: 'house:games', amount: 4 },
        ],
      }),
    ).rejects.toThrow(/sum to 0/)
    await expect(
      postTransaction(db, {
        idempotencyKey: 'bad-2',
        kind: 't',
        legs: [
          { account: m, amount: -0.5 },
          { account: 'house:games', amount: 0.5 },
        ],
      }),
    ).rejects.toThrow(/integer/)
    await expect(postTransaction(db, { idempotencyKey: 'bad-3', kind: 't', legs: [{ account: m, amount: 0 }] })).rejects.toThrow(/two legs/)
    await expect(
      postTransaction(db, {
        idempotencyKey: 'bad-4',
        kind: 't',
        legs: [
          { account: 'member:nobody:main', amount: -5 },
          { account: 'house:games', amount: 5 },
        ],
      }),
    ).rejects.toThrow(/unknown account/)
    expect((await db.query("SELECT 1 FROM ledger_transactions WHERE idempotency_key LIKE 'bad-%'")).length).toBe(0)
  })

  it('sums a member over all wallets', async () => {
    await openAccount(db, memberAccount('m1', 'PG'))
    const before = await memberBalance(db, 'm1')
    await postTransaction(db, {
      idempotencyKey: 'to-pg',
      kind: 'transfer',
      legs: [
        { account: memberAccount('m1'), amount: -300 },
        { account: memberAccount('m1', 'PG'), amount: 300 },
      ],
    })
    expect(await memberBalance(db, 'm1')).toBe(before)
    expect(await balanceOf(db, memberAccount('m1', 'PG'))).toBe(300)
    expect(await memberBalance(db, 'nobody')).toBe(0)
  })
})
