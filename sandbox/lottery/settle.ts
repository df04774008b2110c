import { type LotteryPlayType, lotteryPayout } from '../../sdk/contract/index.ts'
import type { Db } from '../db/index.ts'
import { HOUSE_GAMES, maskAccount } from '../games/rounds.ts'
import { memberAccount, postTransactionIn } from '../ledger.ts'
import { drawSecret, winningNumberOf } from './fair.ts'
import { findLotteryGame } from './games.ts'

/**
 * Settling draws: every open bet whose draw time has passed is settled against the draw's winning
 * number, one database transaction per bet (claim, payout through the ledger, `rounds` row, winner
 * row), so a settle that is interrupted or run twice at once pays each bet exactly once.
 * @module
 */

interface OpenBet {
  id: string; member_id: string; node_id: string; numero: string; play_type: string; pick: string; multiplier: number
  stake: number; draw_at: number; username: string
}

/**
 * Settles one bet. Answers `false` when another settle got there first (nothing moves then).
 * @param winningNumber - the draw's number
 */
export async function settleBet(db: Db, bet: OpenBet, gameCode: string, winningNumber: string, now: number): Promise<boolean> {
  const stake = Number(bet.stake)
  const payout = lotteryPayout(bet.play_type as LotteryPlayType, bet.pick, winningNumber, stake)
  return db.tx(async (q) => {
    // The conditional claim is the lock: a concurrent settle waits on the row, then finds it settled.
    const claimed = await q.query<{ id: string }>(
      `UPDATE lottery_bets SET status = 'settled', payout = $2, winning_number = $3, settled_at = $4 WHERE id = $1 AND status = 'open' RETURNING id`,
      [bet.id, payout, winningNumber, now])
    if (claimed.length === 0) return false
    const account = memberAccount(bet.member_id)
    let transactionId: string | null = null
    if (payout > 0) {
      transactionId = (await postTransactionIn(q, {
        idempotencyKey: `lottery-payout:${bet.id}`, kind: 'lottery_payout', memo: `${gameCode} ${bet.numero}`,
        legs: [{ account: HOUSE_GAMES, amount: -payout }, { account, amount: payout }],
      })).transactionId
      await q.query('UPDATE lottery_bets SET payout_transaction_id = $2 WHERE id = $1', [bet.id, transactionId])
    }
    // The member's betting record, recent games and missions read `rounds`: the settled bet is one round there.
    const outcome = JSON.stringify({ kind: 'lottery', drawn: winningNumber, gameCode, numero: bet.numero })
    await q.query(
      `INSERT INTO rounds (id, member_id, node_id, idempotency_key, stake, payout, choice, outcome, status, transaction_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'settled', $9, $10) ON CONFLICT (member_id, idempotency_key) DO NOTHING`,
      [`lot-${bet.id}`, bet.member_id, bet.node_id, `lottery:${bet.id}`, stake, payout, `${bet.play_type}:${bet.pick}×${bet.multiplier}`, outcome, transactionId, Number(bet.draw_at)])
    if (payout > stake) {
      await q.query('INSERT INTO winners (account, member_id, node_id, win_amount, created_at) VALUES ($1, $2, $3, $4, $5)',
        [maskAccount(bet.username), bet.member_id, bet.node_id, payout, Number(bet.draw_at)])
    }
    return true
  })
}

/**
 * Settles every bet whose draw has happened by `now` (the deps' clock, so tests move time).
 * @param opts.concurrency - bets settled at once (PostgreSQL pools; PGlite runs them one by one anyway)
 * @returns how many bets this call settled
 */
export async function settleDue(db: Db, now: number, opts: { concurrency?: number } = {}): Promise<number> {
  const draws = await db.query<{ game_code: string; numero: string }>(
    `SELECT DISTINCT game_code, numero FROM lottery_bets WHERE status = 'open' AND draw_at <= $1`, [now])
  if (draws.length === 0) return 0
  const secret = await drawSecret(db)
  let settled = 0
  for (const draw of draws) {
    const game = await findLotteryGame(db, { gameCode: draw.game_code })
    if (!game) continue
    const winning = await winningNumberOf(secret, game.schedule, draw.numero)
    const bets = await db.query<OpenBet>(
      `SELECT b.id, b.member_id, b.node_id, b.numero, b.play_type, b.pick, b.multiplier, b.stake, b.draw_at, m.username
         FROM lottery_bets b JOIN members m ON m.id = b.member_id
        WHERE b.game_code = $1 AND b.numero = $2 AND b.status = 'open' AND b.draw_at <= $3 ORDER BY b.id`, [draw.game_code, draw.numero, now])
    const width = Math.max(1, opts.concurrency ?? 1)
    for (let i = 0; i < bets.length; i += width) {
      const done = await Promise.all(bets.slice(i, i + width).map((bet) => settleBet(db, bet, draw.game_code, winning, now)))
      settled += done.filter(Boolean).length
    }
  }
  return settled
}
