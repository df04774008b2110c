import { putSetting } from '../settings.ts'
import { brand } from '../seed/config.ts'
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
    // Written on UTC days; the platform zone's own days are tested in zone.test.ts.
    await putSetting(db, 'brand', { ...brand, timeZone: 'UTC' })
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

  it('pays the stretch a zone change moved into the next day once however many runs race, never a stretch paid before', async () => {
    const db = pg.db
    await putSetting(db, 'brand', { ...brand, timeZone: 'UTC' })
    const { nodeId } = await insertSlot(db, 'PAY-ZONE-1', 'PAYZONE')
    const member = (username: string, uplineId: string | null, isAgent: number) =>
      createMember(db, { username, isAgent, type: isAgent ? 1 : 0, uplineId, passwordHash: null }, Date.now())
    const top = await member('zonetop', null, 1)
    const x = await member('zonex', top.id, 1)
    const p = await member('zonep', x.id, 0)
    const d = Date.UTC(2031, 8, 1)
    const terms = { kind: 'daily_salary', period: 'daily', rateBp: 100, winRateBp: 0, lossRateBp: 0, minActive: 0, minValidBet: 0, minLoss: 0 } as const
    const { contract } = await offerContract(db, top.id, { ...terms, downlineId: x.id, confirmLower: false }, d - DAY)
    await actOnContract(db, x.id, contract!.id, 'accept', d - DAY)
    const HOUR = 3_600_000
    // 10:00 UTC on day d (paid by UTC days), 03:00 UTC on day d + 1 (11:00 in Manila), 17:00 UTC on d + 1 (the next Manila day).
    for (const [i, at] of [d + 10 * HOUR, d + DAY + 3 * HOUR, d + DAY + 17 * HOUR].entries())
      await db.query(
        `INSERT INTO rounds (id, member_id, node_id, idempotency_key, stake, payout, outcome, status, created_at) VALUES ($1, $2, $3, $1, 1000000, 0, '', 'settled', $4)`,
        [`zone_${i}`, p.id, nodeId, at],
      )
    const total = await ledgerSum(db)
    expect((await payRun(db, d + DAY + 1, 'daily_salary')).filter((r) => r.contractId === contract!.id && !r.replay)).toHaveLength(1)
    await putSetting(db, 'brand', { ...brand, timeZone: 'Asia/Manila' })
    // Manila's day closing at d + 1, 16:00 UTC: only [d + 1 00:00, d + 1 16:00) UTC is left to pay.
    const runs = await Promise.all(Array.from({ length: 8 }, () => payRun(db, d + DAY + 16 * HOUR + 1, 'daily_salary')))
    const fresh = runs.flat().filter((r) => r.contractId === contract!.id && !r.replay)
    expect(fresh.map((r) => [r.periodStart, r.amount])).toEqual([[d + DAY, 10_000]])
    const rows = await db.query<{ s: number; e: number }>('SELECT period_start AS s, period_end AS e FROM agent_payouts WHERE contract_id = $1 ORDER BY 1', [contract!.id])
    expect(rows.map((r) => [Number(r.s), Number(r.e)])).toEqual([
      [d, d + DAY],
      [d + DAY, d + DAY + 16 * HOUR],
    ])
    expect(await balanceOf(db, memberAccount(x.id))).toBe(20_000)
    expect(await ledgerSum(db)).toBe(total)
    await putSetting(db, 'brand', { ...brand, timeZone: 'UTC' })
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
