import { describe, expect, it } from 'vitest'
import { balanceOf, creditMember, memberAccount, openHouseAccounts } from '../ledger.ts'
import { currentDraw } from '../games/draws.ts'
import { ledgerSum, postgresDbForFile } from '../race-testkit.ts'
import { placeBet } from './bets.ts'
import { insertFastLottery } from './fixtures.ts'
import { findLotteryGame } from './games.ts'
import { settleDue } from './settle.ts'

// A real PostgreSQL server (race-testkit.ts): PGlite has one connection, so it cannot show concurrent settles racing.
const pg = postgresDbForFile(async (db) => {
  await insertFastLottery(db)
  await openHouseAccounts(db)
})

describe('lottery settling on PostgreSQL', () => {
  it('pays every bet exactly once when five settles of the same draw run at once', async () => {
    const game = (await findLotteryGame(pg.db, { gameCode: 'T_FAST' }))!
    const now = Date.UTC(2026, 10, 23, 12, 0, 10)
    const draw = currentDraw(game.schedule, now)
    const players = Array.from({ length: 8 }, (_, i) => `lp${i}`)
    for (const id of players) {
      await pg.db.query('INSERT INTO members (id, username) VALUES ($1, $1)', [id])
      await creditMember(pg.db, id, 10_000, { idempotencyKey: `seed-${id}` })
    }
    // Each player covers every last digit once, so every player has exactly one winning bet (9.50 on 1.00).
    for (const id of players) {
      for (let d = 0; d < 10; d++) {
        await placeBet(pg.db, id, game, { numero: draw.numero, playType: 'LAST_1', pick: String(d), amount: 100, multiplier: 1, idempotencyKey: `bet-${id}-${d}-xxxxxxxxxx` }, now)
      }
    }
    const houseBefore = await balanceOf(pg.db, 'house:games')
    // Counted from here: the file's other test settles a draw of its own.
    const payouts = async () => (await pg.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'lottery_payout'`))[0].n
    const settledRounds = async () => (await pg.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM rounds WHERE node_id = 'LOT-T_FAST' AND status = 'settled'`))[0].n
    const [payoutsBefore, roundsBefore] = [await payouts(), await settledRounds()]
    const results = await Promise.all(Array.from({ length: 5 }, () => settleDue(pg.db, draw.drawAt + 1)))
    expect(results.reduce((a, b) => a + b, 0)).toBe(80)

    for (const id of players) expect(await balanceOf(pg.db, memberAccount(id))).toBe(10_000 - 1_000 + 950)
    expect(await balanceOf(pg.db, 'house:games')).toBe(houseBefore - 8 * 950)
    expect(await payouts()).toBe(payoutsBefore + 8)
    expect(await settledRounds()).toBe(roundsBefore + 80)
    // A later settle (a restarted server) finds nothing left to pay.
    expect(await settleDue(pg.db, draw.drawAt + 60_000)).toBe(0)
    expect(await ledgerSum(pg.db)).toBe(0)
  })

  it('pays nothing twice when a settled draw is run again from the start (a restarted draw)', async () => {
    const game = (await findLotteryGame(pg.db, { gameCode: 'T_FAST' }))!
    const now = Date.UTC(2026, 10, 23, 13, 0, 10)
    const draw = currentDraw(game.schedule, now)
    await pg.db.query(`INSERT INTO members (id, username) VALUES ('rerun', 'rerun')`)
    await creditMember(pg.db, 'rerun', 5_000, { idempotencyKey: 'seed-rerun' })
    for (let d = 0; d < 10; d++) {
      await placeBet(pg.db, 'rerun', game, { numero: draw.numero, playType: 'LAST_1', pick: String(d), amount: 100, multiplier: 1, idempotencyKey: `rerun-${d}-xxxxxxxxxx` }, now)
    }
    expect(await settleDue(pg.db, draw.drawAt + 1)).toBe(10)
    const paid = await balanceOf(pg.db, memberAccount('rerun'))
    expect(paid).toBe(5_000 - 1_000 + 950)
    const count = async () =>
      (
        await pg.db.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM ledger_transactions WHERE kind = 'lottery_payout')::int + (SELECT count(*) FROM winners)::int + (SELECT count(*) FROM rounds)::int AS n`,
        )
      )[0].n
    const before = await count()
    // The draw restarts as if its settle had never been recorded: every bet is open again.
    await pg.db.query(`UPDATE lottery_bets SET status = 'open', settled_at = NULL WHERE member_id = 'rerun'`)
    expect(await settleDue(pg.db, draw.drawAt + 2)).toBe(10)
    expect(await balanceOf(pg.db, memberAccount('rerun'))).toBe(paid)
    expect(await count()).toBe(before)
    expect(await ledgerSum(pg.db)).toBe(0)
  })
})
