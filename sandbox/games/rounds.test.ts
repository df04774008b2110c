import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db, type Executable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { balanceOf, creditMember, memberAccount, openHouseAccounts } from '../ledger.ts'
import { HOUSE_GAMES, playRound, type RoundGame, type RoundPlayer } from './rounds.ts'

let db: Db
const player: RoundPlayer = { id: 'r1', username: 'roundplayer' }
const game: RoundGame = { nodeId: 'test-slot', gameType: 'RNG', minBet: 100 }
// rnd(1000) = 0 lands on three SEVENs (pays 50 × stake); the top of every range is a losing slot spin.
const win = () => 0
const lose = (max: number) => max - 1

/** Rows a round leaves behind: its record, its win and its ledger posting. */
async function traces(key: string) {
  const rounds = await db.query<{ id: string; status: string }>('SELECT id, status FROM rounds WHERE member_id = $1 AND idempotency_key = $2', [player.id, key])
  const winners = await db.query('SELECT 1 FROM winners WHERE member_id = $1', [player.id])
  const postings = await db.query("SELECT 1 FROM ledger_transactions WHERE kind = 'game_round'")
  return { rounds, winners: winners.length, postings: postings.length }
}

/** The same database, except that statements matching `pattern` fail, in and out of transactions. */
function failingOn(inner: Db, pattern: RegExp): Db {
  const guarded = (q: Executable): Executable => ({
    async query<T>(sql: string, params?: unknown[]) {
      if (pattern.test(sql)) throw new Error(`injected failure: ${sql.trim().slice(0, 30)}`)
      return q.query<T>(sql, params)
    },
    exec: (sql) => q.exec(sql),
  })
  return { ...inner, ...guarded(inner), tx: (fn) => inner.tx((q) => fn(guarded(q))) }
}

beforeAll(async () => {
  db = await openDb({})
  await openHouseAccounts(db)
  await db.query('INSERT INTO members (id, username) VALUES ($1, $2)', [player.id, player.username])
  await db.query(`INSERT INTO vendors (code, name, game_type, menu_type, account_type_id, account_type_name, color, sort)
    VALUES ('TV', 'Test vendor', 'RNG', 'RNG', 1, 'TV', '#000', 1)`)
  await db.query(`INSERT INTO games (node_id, game_code, code, vendor, game_type, game_group_code, game_classify, name_en, name_es, min_bet)
    VALUES ('test-slot', 'TS', 'TS', 'TV', 'RNG', 'SLOT', 'SLOT', 'Test slot', 'Tragaperras', 100)`)
  await creditMember(db, player.id, 10_000, { idempotencyKey: 'rounds-seed' })
})
afterAll(async () => db?.close())

describe('playRound', () => {
  it.each([
    ['the winner board insert', /INSERT INTO winners/],
    ['the settle update', /UPDATE rounds SET status/],
  ])('moves no money and leaves the round retryable when %s fails', async (_what, pattern) => {
    const key = `atomic-${pattern.source}`
    const before = { member: await balanceOf(db, memberAccount(player.id)), house: await balanceOf(db, HOUSE_GAMES), ...(await traces(key)) }

    const err = await playRound(failingOn(db, pattern), { player, game, stake: 100, idempotencyKey: key }, 1_000, win).catch((e: unknown) => e)
    expect(String(err)).toMatch(/injected failure/)
    expect(await balanceOf(db, memberAccount(player.id))).toBe(before.member)
    expect(await balanceOf(db, HOUSE_GAMES)).toBe(before.house)
    expect(await traces(key)).toEqual({ rounds: [], winners: before.winners, postings: before.postings })

    // The retry is played, not refused as "still being settled", and pays once.
    const first = await playRound(db, { player, game, stake: 100, idempotencyKey: key }, 2_000, win)
    expect(first).toMatchObject({ replay: false, stake: 100, payout: 5_000, balance: before.member + 4_900 })
    const again = await playRound(db, { player, game, stake: 100, idempotencyKey: key }, 3_000, win)
    expect(again).toMatchObject({ replay: true, roundId: first.roundId, payout: 5_000, balance: before.member + 4_900 })
    expect(await balanceOf(db, memberAccount(player.id))).toBe(before.member + 4_900)
    const after = await traces(key)
    expect(after.rounds).toEqual([{ id: first.roundId, status: 'settled' }])
    expect(after.winners).toBe(before.winners + 1)
    expect(after.postings).toBe(before.postings + 1)
  })

  it('refuses a stake the balance cannot cover, records nothing, and lets the key be used once funds suffice', async () => {
    const balance = await balanceOf(db, memberAccount(player.id))
    const key = 'too-big-stake'
    const err = await playRound(db, { player, game, stake: balance + 1, idempotencyKey: key }, 4_000, win).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(Fail)
    expect((err as Fail).code).toBe('insufficient_funds')
    expect(await balanceOf(db, memberAccount(player.id))).toBe(balance)
    expect((await traces(key)).rounds).toEqual([])

    const played = await playRound(db, { player, game, stake: 100, idempotencyKey: key }, 5_000, lose)
    expect(played).toMatchObject({ replay: false, payout: 0, balance: balance - 100 })
  })

  it('refuses a key already used for another game', async () => {
    await playRound(db, { player, game, stake: 100, idempotencyKey: 'one-game' }, 6_000, lose)
    const err = await playRound(db, { player, game: { ...game, nodeId: 'other' }, stake: 100, idempotencyKey: 'one-game' }, 7_000, lose).catch((e: unknown) => e)
    expect((err as Fail).code).toBe('conflict')
  })
})
