import { putSetting } from '../settings.ts'
import { brand } from '../seed/config.ts'
import { describe, expect, it } from 'vitest'
import { insertSlot, ledgerSum, postgresDbForFile } from '../race-testkit.ts'
import { createMember } from '../auth/accounts.ts'
import { balanceOf, memberAccount, openHouseAccounts } from '../ledger.ts'
import { actOnContract, offerContract } from './contracts.ts'
import { payRun } from './payruns.ts'
import { acceptedContract, DAY, HOUR, settledRound, terms } from './testkit.ts'

const pg = postgresDbForFile(openHouseAccounts)
const salary = terms({ rateBp: 100 })
const member = (username: string, uplineId: string | null, isAgent: number) =>
  createMember(pg.db, { username, isAgent, type: isAgent ? 1 : 0, uplineId, passwordHash: null }, Date.now())

describe('pay runs racing on PostgreSQL', () => {
  it('pays each contract of a tree once for a period however many runs race, out of one share', async () => {
    const db = pg.db
    // Written on UTC days; the platform zone's own days are tested in zone.test.ts.
    await putSetting(db, 'brand', { ...brand, timeZone: 'UTC' })
    const { nodeId } = await insertSlot(db, 'PAY-RACE-1', 'PAYRACE')
    const top = await member('racetop', null, 1)
    const x = await member('racex', top.id, 1)
    const y = await member('racey', x.id, 1)
    const z = await member('racez', x.id, 1)
    const d = Date.UTC(2031, 6, 1)
    for (const [up, down] of [
      [top, x],
      [x, y],
      [x, z],
    ])
      await acceptedContract(db, up.id, down.id, salary, d - 1)
    for (const [i, m] of [x, y, z, y].entries()) await settledRound(db, m.id, 1_000_000, 0, d + 1000 * (i + 1), nodeId)
    const total = await ledgerSum(db)
    // (The file's other tests pay from the same house account.)
    const promoBefore = await balanceOf(db, 'house:promo')
    const runs = await Promise.all(Array.from({ length: 8 }, () => payRun(db, d + DAY + 1, 'daily_salary')))
    const fresh = runs.flat().filter((p) => !p.replay)
    expect(fresh).toHaveLength(3)
    // X's share: 1 % of 4,000,000 = 40,000; Y takes 1 % of 2,000,000 and Z 1 % of 1,000,000; X keeps 10,000.
    const balances = await Promise.all([x, y, z].map((m) => balanceOf(db, memberAccount(m.id))))
    expect(balances).toEqual([10_000, 20_000, 10_000])
    for (const run of runs) expect(run.reduce((s, p) => s + p.amount, 0)).toBe(40_000)
    expect(await balanceOf(db, 'house:promo')).toBe(promoBefore - 40_000)
    expect(await ledgerSum(db)).toBe(total)
  })

  it('pays the stretch a zone change moved into the next day once however many runs race, never a stretch paid before', async () => {
    const db = pg.db
    await putSetting(db, 'brand', { ...brand, timeZone: 'UTC' })
    const { nodeId } = await insertSlot(db, 'PAY-ZONE-1', 'PAYZONE')
    const top = await member('zonetop', null, 1)
    const x = await member('zonex', top.id, 1)
    const p = await member('zonep', x.id, 0)
    const d = Date.UTC(2031, 8, 1)
    const contractId = await acceptedContract(db, top.id, x.id, salary, d - DAY)
    // 10:00 UTC on day d (paid by UTC days), 03:00 UTC on day d + 1 (11:00 in Manila), 17:00 UTC on d + 1 (the next Manila day).
    for (const at of [d + 10 * HOUR, d + DAY + 3 * HOUR, d + DAY + 17 * HOUR]) await settledRound(db, p.id, 1_000_000, 0, at, nodeId)
    const total = await ledgerSum(db)
    expect((await payRun(db, d + DAY + 1, 'daily_salary')).filter((r) => r.contractId === contractId && !r.replay)).toHaveLength(1)
    await putSetting(db, 'brand', { ...brand, timeZone: 'Asia/Manila' })
    // Manila's day closing at d + 1, 16:00 UTC: only [d + 1 00:00, d + 1 16:00) UTC is left to pay.
    const runs = await Promise.all(Array.from({ length: 8 }, () => payRun(db, d + DAY + 16 * HOUR + 1, 'daily_salary')))
    const fresh = runs.flat().filter((r) => r.contractId === contractId && !r.replay)
    expect(fresh.map((r) => [r.periodStart, r.amount])).toEqual([[d + DAY, 10_000]])
    const rows = await db.query<{ s: number; e: number }>('SELECT period_start AS s, period_end AS e FROM agent_payouts WHERE contract_id = $1 ORDER BY 1', [contractId])
    expect(rows.map((r) => [Number(r.s), Number(r.e)])).toEqual([
      [d, d + DAY],
      [d + DAY, d + DAY + 16 * HOUR],
    ])
    expect(await balanceOf(db, memberAccount(x.id))).toBe(20_000)
    expect(await ledgerSum(db)).toBe(total)
    await putSetting(db, 'brand', { ...brand, timeZone: 'UTC' })
  })

  it('races accepts against new offers to the same downline: never a deadlock, at most one contract in force and one offer per kind', async () => {
    const db = pg.db
    const top = await member('offertop', null, 1)
    const x = await member('offerx', top.id, 1)
    const at = Date.UTC(2031, 7, 1)
    for (let round = 0; round < 10; round++) {
      const { contract } = await offerContract(db, top.id, { ...salary, rateBp: 100 - round, downlineId: x.id, confirmLower: false }, at + round)
      // The downline accepts while the upline sends a newer offer: either order is fine, a deadlock (40P01) is not.
      const results = await Promise.allSettled([
        actOnContract(db, x.id, contract!.id, 'accept', at + round),
        offerContract(db, top.id, { ...salary, rateBp: 50 + round, downlineId: x.id, confirmLower: false }, at + round),
      ])
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'conflict' })
      const live = await db.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM agent_contracts WHERE downline_id = $1 AND status IN ('active', 'offered') GROUP BY status`,
        [x.id],
      )
      for (const row of live) expect(row.n).toBe(1)
    }
  })
})
