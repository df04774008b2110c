import { describe, expect, it } from 'vitest'
import { balanceOf, creditMember, memberAccount, openHouseAccounts } from '../ledger.ts'
import { playRound } from '../games/rounds.ts'
import { insertSlot, ledgerSum, losingSpin, outcomes, postgresDbForFile } from '../race-testkit.ts'
import { Fail } from '../http/fail.ts'
import { claimAward } from './awards.ts'
import { convertPoints, decideRedeem, redeem } from './mall.ts'
import { claimMission } from './missions.ts'
import { pointsOf } from './points.ts'
import { claimRebate } from './rebate.ts'

// A real PostgreSQL server (race-testkit.ts): PGlite has one connection, so it cannot show a race.
// The payment password (scrypt, tries reserved before checking) is covered by the route tests.
const pg = postgresDbForFile(openHouseAccounts)
const now = Date.now()
const fieldOf = (r: PromiseRejectedResult): string => (r.reason instanceof Fail ? (Object.values(r.reason.fields ?? {})[0] ?? r.reason.code) : String(r.reason))

async function member(name: string, opts: { balance?: number; points?: number } = {}): Promise<string> {
  await pg.db.query('INSERT INTO members (id, username) VALUES ($1, $1)', [name])
  if (opts.balance) await creditMember(pg.db, name, opts.balance, { idempotencyKey: `seed:${name}` })
  if (opts.points) await pg.db.query('INSERT INTO points_accounts (member_id, balance) VALUES ($1, $2)', [name, opts.points])
  return name
}

describe('point mall on PostgreSQL', () => {
  it('40 concurrent redeems of a reward with 5 left by members with points for 2 each: 5 go through, stock 0, no points below zero', async () => {
    await pg.db.query("UPDATE mall_rewards SET quantity = 5 WHERE id = 'R-CASH-5'")
    const members = await Promise.all(Array.from({ length: 8 }, (_, i) => member(`mall${i}`, { points: 100 })))
    const t0 = performance.now()
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => redeem(pg.db, members[i % 8], 'R-CASH-5', `redeem-${i}-aaaaaaaaaaaa`, 'en', now)))
    const ms = Math.round(performance.now() - t0)
    const { won } = outcomes(results)
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map(fieldOf)
    console.log(`[race] 40 redeems: ${won.length} accepted, ${lost.length} refused (${[...new Set(lost)].join(',')}), ${ms} ms`)
    expect(won).toHaveLength(5)
    expect(new Set(lost)).toEqual(new Set(['rewards_err_sold_out', ...(lost.includes('rewards_err_points_short') ? ['rewards_err_points_short'] : [])]))
    const [{ quantity }] = await pg.db.query<{ quantity: number }>("SELECT quantity FROM mall_rewards WHERE id = 'R-CASH-5'")
    expect(Number(quantity)).toBe(0)
    const points = await Promise.all(members.map((m) => pointsOf(pg.db, m)))
    expect(points.every((p) => p >= 0)).toBe(true)
    expect(points.reduce((s, p) => s + p, 0)).toBe(800 - 5 * 50)
    // Its own members' redeems (the one-member test's `mallpoor` also starts with `mall`).
    const [{ n }] = await pg.db.query<{ n: number }>("SELECT count(*)::int AS n FROM mall_redeems WHERE reward_id = 'R-CASH-5' AND member_id = ANY($1::text[])", [members])
    expect(n).toBe(5)
  })

  it('30 concurrent redeems by one member with points for 3: 3 go through, points exactly 0, stock down by 3', async () => {
    const m = await member('mallpoor', { points: 150 })
    await pg.db.query("UPDATE mall_rewards SET quantity = 100 WHERE id = 'R-CASH-5'")
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => redeem(pg.db, m, 'R-CASH-5', `poor-${i}-aaaaaaaaaaaa`, 'en', now)))
    const { won } = outcomes(results)
    expect(won).toHaveLength(3)
    expect(results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map(fieldOf)).toEqual(Array(27).fill('rewards_err_points_short'))
    expect(await pointsOf(pg.db, m)).toBe(0)
    const [{ quantity }] = await pg.db.query<{ quantity: number }>("SELECT quantity FROM mall_rewards WHERE id = 'R-CASH-5'")
    expect(Number(quantity)).toBe(97)
    // Approving one twice at once pays once.
    const [first] = await pg.db.query<{ id: string }>("SELECT id FROM mall_redeems WHERE member_id = 'mallpoor' ORDER BY id LIMIT 1")
    const decisions = await Promise.allSettled(Array.from({ length: 5 }, () => decideRedeem(pg.db, first.id, 'approved', '', now)))
    expect(decisions.filter((d) => d.status === 'fulfilled')).toHaveLength(1)
    expect(await balanceOf(pg.db, memberAccount(m))).toBe(500)
    expect(await ledgerSum(pg.db)).toBe(0)
  })

  it('20 concurrent conversions of 30 points from 100: 3 convert, 10 points left, paid once each', async () => {
    const m = await member('convert', { points: 100 })
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => convertPoints(pg.db, m, 30, `conv-${i}-aaaaaaaaaaaa`, now)))
    expect(outcomes(results).won).toHaveLength(3)
    expect(await pointsOf(pg.db, m)).toBe(10)
    expect(await balanceOf(pg.db, memberAccount(m))).toBe(900)
    expect(await ledgerSum(pg.db)).toBe(0)
  })
})

describe('claims on PostgreSQL', () => {
  it('20 concurrent rebate claims pay once, and 20 concurrent claims of one award pay once', async () => {
    const m = await member('rebate', { balance: 1_000_00 })
    const game = await insertSlot(pg.db, 'reward-slot', 'RPG')
    for (let i = 0; i < 10; i++) await playRound(pg.db, { player: { id: m, username: m }, game, stake: 10_00, idempotencyKey: `rb-${i}` }, now + i, losingSpin)
    const before = await balanceOf(pg.db, memberAccount(m))
    const rebates = await Promise.allSettled(Array.from({ length: 20 }, () => claimRebate(pg.db, m, now + 100)))
    const { won } = outcomes(rebates)
    expect(won).toHaveLength(1)
    expect(won[0].amount).toBe(Math.floor((100_00 * 120) / 10_000))
    expect(await balanceOf(pg.db, memberAccount(m))).toBe(before + won[0].amount)

    // The ten rounds completed today's rounds mission: claimed once however often it is asked.
    const missions = await Promise.allSettled(Array.from({ length: 20 }, () => claimMission(pg.db, m, 'M-DAILY-ROUNDS', now + 200)))
    const claimed = outcomes(missions).won
    expect(claimed).toHaveLength(1)
    const [award] = await pg.db.query<{ id: string }>(
      "INSERT INTO reward_awards (id, key, member_id, promo, source, ref, amount, status, created_at) VALUES ('aw-race', 'aw-race', $1, 'RANK', 'rank', '1', 700, 'claimable', $2) RETURNING id",
      [m, now],
    )
    const mid = await balanceOf(pg.db, memberAccount(m))
    const claims = await Promise.allSettled(Array.from({ length: 20 }, () => claimAward(pg.db, m, award.id, now + 300)))
    expect(outcomes(claims).won).toHaveLength(1)
    expect(await balanceOf(pg.db, memberAccount(m))).toBe(mid + 700)
    expect(await ledgerSum(pg.db)).toBe(0)
  })

  it('a budget with room for 3 awards pays exactly 3 of 10 concurrent claims by different members', async () => {
    const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => member(`budget${i}`)))
    for (const id of ids) {
      await pg.db.query(
        "INSERT INTO reward_awards (id, key, member_id, promo, source, ref, amount, status, created_at) VALUES ($1, $1, $2, 'REFERRAL', 'referral', '', 5000, 'claimable', $3)",
        [`aw-${id}`, id, now],
      )
    }
    await pg.db.query("UPDATE reward_promotions SET budget = spent + 15000 WHERE code = 'REFERRAL'")
    const results = await Promise.allSettled(ids.map((id) => claimAward(pg.db, id, `aw-${id}`, now)))
    expect(outcomes(results).won).toHaveLength(3)
    expect(results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map(fieldOf)).toEqual(Array(7).fill('rewards_err_budget_spent'))
    const [{ spent, budget }] = await pg.db.query<{ spent: number; budget: number }>("SELECT spent, budget FROM reward_promotions WHERE code = 'REFERRAL'")
    expect(Number(spent)).toBe(Number(budget))
    const paid = await Promise.all(ids.map((id) => balanceOf(pg.db, memberAccount(id))))
    expect(paid.filter((b) => b === 5000)).toHaveLength(3)
    expect(paid.filter((b) => b === 0)).toHaveLength(7)
    expect(await ledgerSum(pg.db)).toBe(0)
  })
})
