import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { balanceOf, creditMember, memberAccount, openAccount, openHouseAccounts } from '../ledger.ts'
import { startPostgres } from '../testing.ts'
import { transferToDownline } from './transfer.ts'

// Real PostgreSQL: PGlite has one connection, so it cannot show a race. Missing binaries fail the
// file (startPostgres says how to install them), never skip it.
let pg: Awaited<ReturnType<typeof startPostgres>>
let db: Db
const now = Date.now()

beforeAll(async () => {
  pg = await startPostgres()
  db = await openDb({ databaseUrl: pg.url })
  await openHouseAccounts(db)
}, 120_000)
afterAll(async () => {
  await db?.close()
  await pg?.stop()
})

const codeOf = (r: PromiseRejectedResult) => (r.reason instanceof Fail ? r.reason.code : String(r.reason))
const ledgerSum = async () => Number((await db.query<{ s: number }>('SELECT SUM(balance)::int8 AS s FROM ledger_accounts'))[0].s)

/** An agent with `balance` minor units and `n` direct downlines; answers their ids. */
async function team(name: string, balance: number, n: number): Promise<{ agent: string; downlines: string[] }> {
  await db.query(`INSERT INTO members (id, username, type, is_agent) VALUES ($1, $1, 1, 1)`, [name])
  await creditMember(db, name, balance, { idempotencyKey: `seed:${name}` })
  const downlines: string[] = []
  for (let i = 0; i < n; i++) {
    const id = `${name}d${i}`
    await db.query('INSERT INTO members (id, username, upline_id) VALUES ($1, $1, $2)', [id, name])
    await openAccount(db, memberAccount(id))
    downlines.push(id)
  }
  return { agent: name, downlines }
}

// The payment password (scrypt, with tries reserved before checking) is covered by the route tests;
// the ledger's conditional debit alone is raced here.
const send = (agent: string, downlineId: string, amount: number, key: string) =>
  transferToDownline(db, agent, { downlineId, amount, paymentPassword: '', idempotencyKey: key }, now, { checkPassword: false })

describe('transfers to downlines on PostgreSQL', () => {
  it('lets exactly 10 of 30 concurrent transfers of 100.00 through a balance of 1,000.00, never overdrawn, the ledger summing to 0', async () => {
    const { agent, downlines } = await team('tr30', 1_000_00, 3)
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => send(agent, downlines[i % 3], 100_00, `tr30-${i}-aaaaaaaaaaaa`)))
    const won = results.filter((r) => r.status === 'fulfilled')
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect(won).toHaveLength(10)
    expect(lost.map(codeOf)).toEqual(Array(20).fill('insufficient_funds'))
    expect(await balanceOf(db, memberAccount(agent))).toBe(0)
    const received = await Promise.all(downlines.map((d) => balanceOf(db, memberAccount(d))))
    expect(received.reduce((s, b) => s + b, 0)).toBe(1_000_00)
    const [{ m }] = await db.query<{ m: number }>('SELECT MIN(balance_after)::int8 AS m FROM ledger_entries WHERE account_id = $1', [memberAccount(agent)])
    expect(Number(m)).toBeGreaterThanOrEqual(0)
    expect(await ledgerSum()).toBe(0)
  }, 60_000)

  it('answers 30 concurrent sends of one key with one transfer', async () => {
    const { agent, downlines } = await team('trkey', 1_000_00, 1)
    const results = await Promise.all(Array.from({ length: 30 }, () => send(agent, downlines[0], 100_00, 'trkey-same-0123456789')))
    expect(new Set(results.map((r) => r.transferId)).size).toBe(1)
    expect(await balanceOf(db, memberAccount(agent))).toBe(900_00)
    expect(await balanceOf(db, memberAccount(downlines[0]))).toBe(100_00)
    expect(await ledgerSum()).toBe(0)
  }, 60_000)
})
