import { describe, expect, it } from 'vitest'
import { creditMember, openHouseAccounts } from '../ledger.ts'
import { playRound } from '../games/rounds.ts'
import { createDeposit } from '../money/deposit.ts'
import { insertSlot, losingSpin, outcomes, postgresDbForFile } from '../race-testkit.ts'
import { setLimit } from './state.ts'
import { currentDraw } from '../games/draws.ts'
import { placeBet } from '../lottery/bets.ts'
import { insertFastLottery } from '../lottery/fixtures.ts'
import { findLotteryGame } from '../lottery/games.ts'

// A real PostgreSQL server: PGlite has one connection, so it cannot show a race.
const pg = postgresDbForFile(async (db) => {
  await openHouseAccounts(db)
  await insertSlot(db, 'rg-pg-slot', 'RGPG')
  await insertFastLottery(db)
})
const now = Date.UTC(2026, 10, 27, 10)

describe('limits under concurrency (PostgreSQL)', () => {
  it('lets exactly 10 of 40 concurrent losing stakes of 100 through a daily loss limit of 1,000', async () => {
    await pg.db.query("INSERT INTO members (id, username) VALUES ('rg-racer', 'rg-racer')")
    await creditMember(pg.db, 'rg-racer', 1_000_000, { idempotencyKey: 'rg-race-seed' })
    await setLimit(pg.db, 'rg-racer', 'loss', 'day', 1_000, '127.0.0.1', now)
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        playRound(
          pg.db,
          { player: { id: 'rg-racer', username: 'rg-racer' }, game: { nodeId: 'rg-pg-slot', gameType: 'RNG', minBet: 100 }, stake: 100, idempotencyKey: `rg-${i}` },
          now + i,
          losingSpin,
        ),
      ),
    )
    const { won, lost } = outcomes(results)
    expect(lost).toEqual(Array(30).fill('limit_reached'))
    expect(won).toHaveLength(10)
    const [{ s }] = await pg.db.query<{ s: number }>("SELECT SUM(stake - payout)::int8 AS s FROM rounds WHERE member_id = 'rg-racer'")
    expect(Number(s)).toBe(1_000)
  })

  it('lets exactly 3 of 12 concurrent deposit orders of 100.00 through a weekly deposit limit of 300.00', async () => {
    await pg.db.query("INSERT INTO members (id, username) VALUES ('rg-payer', 'rg-payer')")
    await setLimit(pg.db, 'rg-payer', 'deposit', 'week', 300_00, '127.0.0.1', now)
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => createDeposit(pg.db, 'rg-payer', { channel: 'BANK', amount: 100_00, idempotencyKey: `rg-dep-${i}-aaaaaaaaaaaa` }, now + i)),
    )
    const { won, lost } = outcomes(results)
    expect(won).toHaveLength(3)
    expect(lost).toEqual(Array(9).fill('limit_reached'))
  })

  it('lets lottery bets and game rounds placed at once pass a daily wager limit of 1,000 exactly to it, together', async () => {
    await pg.db.query("INSERT INTO members (id, username) VALUES ('rg-mixed', 'rg-mixed')")
    await creditMember(pg.db, 'rg-mixed', 1_000_000, { idempotencyKey: 'rg-mixed-seed' })
    const at = Date.UTC(2026, 10, 23, 12, 0, 10)
    await setLimit(pg.db, 'rg-mixed', 'wager', 'day', 1_000, '127.0.0.1', at)
    const game = (await findLotteryGame(pg.db, { gameCode: 'T_FAST' }))!
    const draw = currentDraw(game.schedule, at)
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        i % 2
          ? placeBet(
              pg.db,
              'rg-mixed',
              game,
              { numero: draw.numero, playType: 'LAST_1', pick: String(i % 10), amount: 100, multiplier: 1, idempotencyKey: `rg-mixed-bet-${i}-xxxxxxxx` },
              at,
            )
          : playRound(
              pg.db,
              { player: { id: 'rg-mixed', username: 'rg-mixed' }, game: { nodeId: 'rg-pg-slot', gameType: 'RNG', minBet: 100 }, stake: 100, idempotencyKey: `rg-mixed-${i}` },
              at,
              losingSpin,
            ),
      ),
    )
    const { won, lost } = outcomes(results)
    expect(won).toHaveLength(10)
    expect(lost).toEqual(Array(20).fill('limit_reached'))
    const [{ s }] = await pg.db.query<{ s: number }>(
      "SELECT ((SELECT COALESCE(SUM(stake), 0) FROM rounds WHERE member_id = 'rg-mixed') + (SELECT COALESCE(SUM(stake), 0) FROM lottery_bets WHERE member_id = 'rg-mixed'))::int8 AS s",
    )
    expect(Number(s)).toBe(1_000)
  })
})
