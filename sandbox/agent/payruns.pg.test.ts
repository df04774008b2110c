import { describe, expect, it } from 'vitest'
import { insertSlot, ledgerSum, postgresDbForFile } from '../race-testkit.ts'
import { createMember } from '../auth/accounts.ts'
import { balanceOf, memberAccount, openHouseAccounts } from '../ledger.ts'
import { actOnContract, offerContract } from './contracts.ts'
import { payRun } from './payruns.ts'

const pg = postgresDbForFile(openHouseAccounts)
const DAY = 86_400_000

describe('pay runs racing on PostgreSQL', () => {
  it('pays each contract of a tree once for a period however many runs race, out of one share', async () => {
    const db = pg.db
    const { nodeId } = await insertSlot(db, 'PAY-RACE-1', 'PAYRACE')
    const member = (username: string, uplineId: string | null, isAgent: number) =>
      createMember(db, { username, isAgent, type: isAgent ? 1 : 0, uplineId, passwordHash: null }, Date.now())
    const top = await member('racetop', null, 1)
    const x = await member('racex', top.id, 1)
    const y = await member('racey', x.id, 1)
    const z = await member('racez', x.id, 1)
    const d = Date.UTC(2031, 6, 1)
    const terms = { kind: 'daily_salary', period: 'daily', rateBp: 100, winRateBp: 0, lossRateBp: 0, minActive: 0, minValidBet: 0, minLoss: 0 } as const
    for (const [up, down] of [
      [top, x],
      [x, y],
      [x, z],
    ]) {
      const { contract } = await offerContract(db, up.id, { ...terms, downlineId: down.id, confirmLower: false }, d - 1)
      await actOnContract(db, down.id, contract!.id, 'accept', d - 1)
    }
    let i = 0
    for (const m of [x, y, z, y])
      await db.query(
        `INSERT INTO rounds (id, member_id, node_id, idempotency_key, stake, payout, outcome, status, created_at) VALUES ($1, $2, $3, $1, 1000000, 0, '', 'settled', $4)`,
        [`race_${i}`, m.id, nodeId, d + 1000 * ++i],
      )
    const total = await ledgerSum(db)
    const runs = await Promise.all(Array.from({ length: 8 }, () => payRun(db, d + DAY + 1, 'daily_salary')))
    const fresh = runs.flat().filter((p) => !p.replay)
    expect(fresh).toHaveLength(3)
    // X's share: 1 % of 4,000,000 = 40,000; Y takes 1 % of 2,000,000 and Z 1 % of 1,000,000; X keeps 10,000.
    const balances = await Promise.all([x, y, z].map((m) => balanceOf(db, memberAccount(m.id))))
    expect(balances).toEqual([10_000, 20_000, 10_000])
    for (const run of runs) expect(run.reduce((s, p) => s + p.amount, 0)).toBe(40_000)
    expect(await balanceOf(db, 'house:promo')).toBe(-40_000)
    expect(await ledgerSum(db)).toBe(total)
  }, 120_000)

  it('races accepts against new offers to the same downline: never a deadlock, at most one contract in force and one offer per kind', async () => {
    const db = pg.db
    const member = (username: string, uplineId: string | null, isAgent: number) =>
      createMember(db, { username, isAgent, type: isAgent ? 1 : 0, uplineId, passwordHash: null }, Date.now())
    const top = await member('offertop', null, 1)
    const x = await member('offerx', top.id, 1)
    const terms = { kind: 'daily_salary', period: 'daily', rateBp: 100, winRateBp: 0, lossRateBp: 0, minActive: 0, minValidBet: 0, minLoss: 0 } as const
    const at = Date.UTC(2031, 7, 1)
    for (let round = 0; round < 10; round++) {
      const { contract } = await offerContract(db, top.id, { ...terms, rateBp: 100 - round, downlineId: x.id, confirmLower: false }, at + round)
      // The downline accepts while the upline sends a newer offer: either order is fine, a deadlock (40P01) is not.
      const results = await Promise.allSettled([
        actOnContract(db, x.id, contract!.id, 'accept', at + round),
        offerContract(db, top.id, { ...terms, rateBp: 50 + round, downlineId: x.id, confirmLower: false }, at + round),
      ])
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'conflict' })
      const live = await db.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM agent_contracts WHERE downline_id = $1 AND status IN ('active', 'offered') GROUP BY status`,
        [x.id],
      )
      for (const row of live) expect(row.n).toBe(1)
    }
  }, 120_000)
})
