import { randomInt, randomUUID } from 'node:crypto'
import { rewardRound } from '../rewards/hooks.ts'
import { maskAccount } from './mask.ts'
import type { GameType } from '../../sdk/contract/all.ts'
import type { Db, Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { balanceOf, memberAccount, openAccount, postTransactionIn } from '../ledger.ts'
import { checkStake } from '../protect/limits.ts'
import { type Outcome, type RandomInt, choicesOf, drawRound, kindOf, payoutOf } from './engine.ts'

/**
 * Playing a round of a demo game: draw the outcome on the server, then move the money as one ledger
 * transaction and record the round (betting record, recent games) and the win (winner board) in the
 * same database transaction.
 * @module
 */

/** The house side of every game round. */
export const HOUSE_GAMES = 'house:games'
/** Largest stake the demo games take, in minor units (100,000.00). */
export const MAX_STAKE = 10_000_000

/** The game a round is played on. */
export interface RoundGame {
  nodeId: string
  gameType: GameType
  /** Minor units. */
  minBet: number
}

/** The player of a round. */
export interface RoundPlayer {
  id: string
  username: string
}

/** A settled round as the page and the records see it. */
export interface RoundResult {
  roundId: string
  nodeId: string
  stake: number
  payout: number
  choice: string
  outcome: Outcome
  /** Member balance after the round, minor units. */
  balance: number
  time: number
  /** True when this answers a retry of an already settled round. */
  replay: boolean
}

export { maskAccount } from './mask.ts'

interface RoundRow {
  id: string
  node_id: string
  stake: string | number
  payout: string | number
  choice: string
  outcome: string
  status: string
  created_at: string | number
}

async function findRound(q: Queryable, memberId: string, key: string): Promise<RoundRow | undefined> {
  const [row] = await q.query<RoundRow>('SELECT id, node_id, stake, payout, choice, outcome, status, created_at FROM rounds WHERE member_id = $1 AND idempotency_key = $2', [
    memberId,
    key,
  ])
  return row
}

async function replayOf(db: Db, player: RoundPlayer, game: RoundGame, row: RoundRow): Promise<RoundResult> {
  if (row.node_id !== game.nodeId) throw new Fail('conflict', 'This idempotency key was already used for another game')
  // A round is recorded and settled in one transaction, so only a row left by an older sandbox can be pending.
  if (row.status !== 'settled') throw new Fail('conflict', 'This round is still being settled: retry in a moment')
  return {
    roundId: row.id,
    nodeId: row.node_id,
    stake: Number(row.stake),
    payout: Number(row.payout),
    choice: row.choice,
    outcome: JSON.parse(row.outcome) as Outcome,
    balance: await balanceOf(db, memberAccount(player.id)),
    time: Number(row.created_at),
    replay: true,
  }
}

/**
 * Plays one round. A retry with the same idempotency key answers the first result and moves no money.
 * @param db - the sandbox database
 * @param p - player, game, stake (minor units), choice and the client's idempotency key
 * @param now - epoch ms of the round
 * @param rnd - random source; `crypto.randomInt` unless the seed replays a fixed history
 * @throws Fail `validation_failed` for a bad stake or choice, `insufficient_funds` when the stake is not covered
 */
export async function playRound(
  db: Db,
  p: { player: RoundPlayer; game: RoundGame; stake: number; choice?: string; idempotencyKey: string },
  now: number,
  rnd: RandomInt = randomInt,
): Promise<RoundResult> {
  const { player, game, stake, idempotencyKey } = p
  const kind = kindOf(game.gameType)
  const choice = p.choice ?? choicesOf[kind][0]
  if (!choicesOf[kind].includes(choice)) {
    throw new Fail('validation_failed', `Choose one of: ${choicesOf[kind].join(', ') || 'none'}`, { fields: { choice: 'err_validation_failed' } })
  }
  if (!Number.isSafeInteger(stake) || stake < game.minBet || stake > MAX_STAKE) {
    throw new Fail('validation_failed', `The stake must be between ${game.minBet} and ${MAX_STAKE} minor units`, { fields: { stake: 'err_validation_failed' } })
  }
  const earlier = await findRound(db, player.id, idempotencyKey)
  if (earlier) return replayOf(db, player, game, earlier)

  const { outcome, multiplier100 } = drawRound(kind, choice, rnd)
  const payout = payoutOf(stake, multiplier100)
  const roundId = randomUUID()
  const account = memberAccount(player.id)
  // A member who never had money has no wallet account yet: open it so the stake fails as insufficient funds.
  // Opening an account moves nothing, so it need not wait for the round's transaction.
  await openAccount(db, account)
  await openAccount(db, HOUSE_GAMES, { allowNegative: true })
  // Stake and payout stay separate legs (the ledger applies a member's debit before its credit), so the
  // conditional update refuses a stake the balance cannot cover even when the payout would cover it.
  const legs = [
    { account, amount: -stake },
    { account: HOUSE_GAMES, amount: stake },
    ...(payout > 0
      ? [
          { account: HOUSE_GAMES, amount: -payout },
          { account, amount: payout },
        ]
      : []),
  ]
  // Claiming the key, moving the money, settling the round and recording the win are one database
  // transaction: a refusal, a crash or a failed statement anywhere leaves no round and no money moved,
  // so a retry with the same key plays afresh instead of finding a round stuck half-settled.
  const balance = await db.tx(async (q) => {
    // Player protection: a break or a loss or wager limit refuses the stake; the member's lock is held
    // until this transaction ends, so concurrent stakes are counted one after the other.
    await checkStake(q, player.id, stake, now)
    // Claiming the key first means two concurrent retries cannot both pay: on PostgreSQL the second
    // waits on the key until the first commits (then finds it) or rolls back (then plays).
    const claimed = await q.query<{ id: string }>(
      `INSERT INTO rounds (id, member_id, node_id, idempotency_key, stake, payout, choice, outcome, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9) ON CONFLICT (member_id, idempotency_key) DO NOTHING RETURNING id`,
      [roundId, player.id, game.nodeId, idempotencyKey, stake, payout, choice, JSON.stringify(outcome), now],
    )
    if (claimed.length === 0) return null
    const { transactionId } = await postTransactionIn(q, { idempotencyKey: `round:${roundId}`, kind: 'game_round', memo: game.nodeId, legs })
    await q.query(`UPDATE rounds SET status = 'settled', transaction_id = $2 WHERE id = $1`, [roundId, transactionId])
    await rewardRound(q, { id: roundId, memberId: player.id, gameType: game.gameType, stake, payout, at: now })
    if (payout > stake) {
      await q.query('INSERT INTO winners (account, member_id, node_id, win_amount, created_at) VALUES ($1, $2, $3, $4, $5)', [
        maskAccount(player.username),
        player.id,
        game.nodeId,
        payout,
        now,
      ])
    }
    return balanceOf(q, account)
  })
  if (balance === null) {
    const row = await findRound(db, player.id, idempotencyKey)
    if (!row) throw new Fail('conflict', 'Round could not be recorded: retry')
    return replayOf(db, player, game, row)
  }
  return {
    roundId,
    nodeId: game.nodeId,
    stake,
    payout,
    choice,
    outcome,
    balance,
    time: now,
    replay: false,
  }
}
