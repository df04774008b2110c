import { type LotteryPlayType, lotteryPayout } from '../../sdk/contract/all.ts'
import type { Db } from '../db/index.ts'
import { HOUSE_GAMES, maskAccount } from '../games/rounds.ts'
import { memberAccount, postCreditsIn } from '../ledger.ts'
import { drawSecret, winningNumberOf } from './fair.ts'
import { findLotteryGame } from './games.ts'

/**
 * Settling draws: every open bet whose draw time has passed is settled against the draw's winning
 * number, set-based: per draw (in slices of {@link settleSlice} bets) one database transaction claims
 * the open bets (locked in id order), posts one ledger transaction per winning bet keyed by the bet id
 * (`lottery-payout:<bet>`, inserted in bulk with ON CONFLICT DO NOTHING), and writes the `rounds` and
 * winner rows in bulk. A settle that is interrupted, run twice at once or re-run on a restarted draw
 * pays each bet exactly once.
 * @module
 */

/** Bets settled per database transaction. */
export const settleSlice = 10_000

interface OpenBet {
  id: string
  member_id: string
  node_id: string
  numero: string
  play_type: string
  pick: string
  multiplier: number
  stake: number
  draw_at: number
  username: string
}

/**
 * Settles a slice of one draw's bets in one database transaction. Bets another settle claimed first
 * are skipped; a bet whose payout was already posted (same key) moves no money again.
 * @returns how many bets this call claimed
 */
export async function settleBets(db: Db, bets: readonly OpenBet[], gameCode: string, winningNumber: string, now: number): Promise<number> {
  if (bets.length === 0) return 0
  const byId = new Map(bets.map((b) => [b.id, b]))
  return db.tx(async (q) => {
    // The claim is the lock: rows locked in id order (no deadlock between two settles), and a settle
    // that waited on a row finds it no longer open.
    const claimed = await q.query<{ id: string }>(
      `SELECT id FROM lottery_bets WHERE id IN (SELECT json_array_elements_text($1::json)) AND status = 'open' ORDER BY id FOR UPDATE`,
      [JSON.stringify([...byId.keys()])],
    )
    if (claimed.length === 0) return 0
    const settled = claimed.map(({ id }) => {
      const bet = byId.get(id)!
      return { bet, payout: lotteryPayout(bet.play_type as LotteryPlayType, bet.pick, winningNumber, Number(bet.stake)) }
    })
    const winners = settled.filter((s) => s.payout > 0)
    const posted = await postCreditsIn(
      q,
      'lottery_payout',
      winners.map((s) => ({
        idempotencyKey: `lottery-payout:${s.bet.id}`,
        from: HOUSE_GAMES,
        to: memberAccount(s.bet.member_id),
        amount: s.payout,
        memo: `${gameCode} ${s.bet.numero}`,
      })),
    )
    const transactionOf = (s: (typeof settled)[number]) => (s.payout > 0 ? (posted.get(`lottery-payout:${s.bet.id}`) ?? null) : null)
    // A replayed payout keeps the transaction id the bet already points at.
    await q.query(
      `UPDATE lottery_bets b SET status = 'settled', payout = x.payout, winning_number = $2, settled_at = $3, payout_transaction_id = COALESCE(x.tx, b.payout_transaction_id)
         FROM json_to_recordset($1::json) AS x(id text, payout bigint, tx text) WHERE b.id = x.id`,
      [JSON.stringify(settled.map((s) => ({ id: s.bet.id, payout: s.payout, tx: transactionOf(s) }))), winningNumber, now],
    )
    // The member's betting record, recent games and missions read `rounds`: the settled bet is one round there.
    await q.query(
      `INSERT INTO rounds (id, member_id, node_id, idempotency_key, stake, payout, choice, outcome, status, transaction_id, created_at)
       SELECT x.id, x.member, x.node, x.key, x.stake, x.payout, x.choice, x.outcome, 'settled', x.tx, x.at
         FROM json_to_recordset($1::json) AS x(id text, member text, node text, key text, stake bigint, payout bigint, choice text, outcome text, tx text, at bigint)
       ON CONFLICT DO NOTHING`,
      [
        JSON.stringify(
          settled.map((s) => ({
            id: `lot-${s.bet.id}`,
            member: s.bet.member_id,
            node: s.bet.node_id,
            key: `lottery:${s.bet.id}`,
            stake: Number(s.bet.stake),
            payout: s.payout,
            choice: `${s.bet.play_type}:${s.bet.pick}×${s.bet.multiplier}`,
            outcome: JSON.stringify({ kind: 'lottery', drawn: winningNumber, gameCode, numero: s.bet.numero }),
            tx: transactionOf(s),
            at: Number(s.bet.draw_at),
          })),
        ),
      ],
    )
    // A win row only for a payout this call posted, so a re-run adds no second winner.
    const bigWins = winners.filter((s) => s.payout > Number(s.bet.stake) && transactionOf(s))
    if (bigWins.length > 0) {
      await q.query(
        `INSERT INTO winners (account, member_id, node_id, win_amount, created_at)
         SELECT x.account, x.member, x.node, x.amount, x.at FROM json_to_recordset($1::json) AS x(account text, member text, node text, amount bigint, at bigint)`,
        [JSON.stringify(bigWins.map((s) => ({ account: maskAccount(s.bet.username), member: s.bet.member_id, node: s.bet.node_id, amount: s.payout, at: Number(s.bet.draw_at) })))],
      )
    }
    return claimed.length
  })
}

/**
 * Settles every bet whose draw has happened by `now` (the deps' clock, so tests move time).
 * @returns how many bets this call settled
 */
export async function settleDue(db: Db, now: number): Promise<number> {
  const draws = await db.query<{ game_code: string; numero: string }>(`SELECT DISTINCT game_code, numero FROM lottery_bets WHERE status = 'open' AND draw_at <= $1`, [now])
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
        WHERE b.game_code = $1 AND b.numero = $2 AND b.status = 'open' AND b.draw_at <= $3 ORDER BY b.id`,
      [draw.game_code, draw.numero, now],
    )
    for (let i = 0; i < bets.length; i += settleSlice) settled += await settleBets(db, bets.slice(i, i + settleSlice), draw.game_code, winning, now)
  }
  return settled
}
