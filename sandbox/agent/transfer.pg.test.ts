import { describe, expect, it } from 'vitest'
import { balanceOf, creditMember, memberAccount, openAccount, openHouseAccounts } from '../ledger.ts'
import { ledgerSum, minBalanceAfter, outcomes, postgresDbForFile } from '../race-testkit.ts'
import { transferToDownline } from './transfer.ts'

// A real PostgreSQL server (race-testkit.ts): PGlite has one connection, so it cannot show a race.
const pg = postgresDbForFile(openHouseAccounts)
const now = Date.now()

/** An agent with `balance` minor units and `n` direct downlines; answers their ids. */
async function team(name: string, balance: number, n: number): Promise<{ agent: string; downlines: string[] }> {
  await pg.db.query(`INSERT INTO members (id, username, type, is_agent) VALUES ($1, $1, 1, 1)`, [name])
  await creditMember(pg.db, name, balance, { idempotencyKey: `seed:${name}` })
  const downlines: string[] = []
  for (let i = 0; i < n; i++) {
    const id = `${name}d${i}`
    await pg.db.query('INSERT INTO members (id, username, upline_id) VALUES ($1, $1, $2)', [id, name])
    await openAccount(pg.db, memberAccount(id))
    downlines.push(id)
  }
  return { agent: name, downlines }
}

// The payment password (scrypt, with tries reserved before checking) is covered by the route tests;
// the ledger's conditional debit alone is raced here.
const send = (agent: string, downlineId: string, amount: number, key: string) =>
  transferToDownline(pg.db, agent, { downlineId, amount, paymentPassword: '', idempotencyKey: key }, now, { checkPassword: false })

describe('transfers to downlines on PostgreSQL', () => {
  it('lets exactly 10 of 30 concurrent transfers of 100.00 through a balance of 1,000.00, never overdrawn, the ledger summing to 0', async () => {
    const { agent, downlines } = await team('tr30', 1_000_00, 3)
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => send(agent, downlines[i % 3], 100_00, `tr30-${i}-aaaaaaaaaaaa`)))
    const { won, lost } = outcomes(results)
    expect(won).toHaveLength(10)
    expect(lost).toEqual(Array(20).fill('insufficient_funds'))
    expect(await balanceOf(pg.db, memberAccount(agent))).toBe(0)
    const received = await Promise.all(downlines.map((d) => balanceOf(pg.db, memberAccount(d))))
    expect(received.reduce((s, b) => s + b, 0)).toBe(1_000_00)
    expect(await minBalanceAfter(pg.db, memberAccount(agent))).toBeGreaterThanOrEqual(0)
    expect(await ledgerSum(pg.db)).toBe(0)
  })

  it('answers 30 concurrent sends of one key with one transfer', async () => {
    const { agent, downlines } = await team('trkey', 1_000_00, 1)
    const results = await Promise.all(Array.from({ length: 30 }, () => send(agent, downlines[0], 100_00, 'trkey-same-0123456789')))
    expect(new Set(results.map((r) => r.transferId)).size).toBe(1)
    expect(await balanceOf(pg.db, memberAccount(agent))).toBe(900_00)
    expect(await balanceOf(pg.db, memberAccount(downlines[0]))).toBe(100_00)
    expect(await ledgerSum(pg.db)).toBe(0)
  })
})
