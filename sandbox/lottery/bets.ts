import { randomUUID } from 'node:crypto'
import { rewardLotteryBet } from '../rewards/hooks.ts'
import { type LotteryPlayType, picksOf } from '../../sdk/contract/all.ts'
import type { Db, Queryable } from '../db/index.ts'
import { currentDraw, remainTime } from '../games/draws.ts'
import { HOUSE_GAMES, MAX_STAKE } from '../games/rounds.ts'
import { TRIAL } from '../auth/members.ts'
import { Fail } from '../http/fail.ts'
import { balanceOf, memberAccount, openAccount, postTransactionIn } from '../ledger.ts'
import { checkStake } from '../protect/limits.ts'
import type { LotteryGame } from './games.ts'

/**
 * Selling lottery bets: a bet on the open draw debits its stake through the ledger and is recorded in
 * the same database transaction; the draw settles it later (./settle.ts).
 * @module
 */

/** A bet as the betting screen shows it. */
export interface BetView {
  betId: string
  gameCode: string
  numero: string
  playType: LotteryPlayType
  pick: string
  multiplier: number
  stake: number
  payout: number
  status: 'open' | 'settled'
  winningNumber: string
  drawAt: string
}

interface BetRow {
  id: string
  game_code: string
  numero: string
  play_type: string
  pick: string
  multiplier: number
  stake: number
  payout: number
  status: string
  winning_number: string
  draw_at: number
  node_id: string
}

const viewOf = (r: BetRow): BetView => ({
  betId: r.id,
  gameCode: r.game_code,
  numero: r.numero,
  playType: r.play_type as LotteryPlayType,
  pick: r.pick,
  multiplier: Number(r.multiplier),
  stake: Number(r.stake),
  payout: Number(r.payout),
  status: r.status as BetView['status'],
  winningNumber: r.winning_number,
  drawAt: new Date(Number(r.draw_at)).toISOString(),
})

const columns = 'id, game_code, numero, play_type, pick, multiplier, stake, payout, status, winning_number, draw_at, node_id'

/** A member's latest bets on one game, newest first. */
export async function betsOf(q: Queryable, memberId: string, gameCode: string, limit = 20): Promise<BetView[]> {
  const rows = await q.query<BetRow>(`SELECT ${columns} FROM lottery_bets WHERE member_id = $1 AND game_code = $2 ORDER BY created_at DESC, id LIMIT $3`, [
    memberId,
    gameCode,
    limit,
  ])
  return rows.map(viewOf)
}

/** What a player sends to bet. */
export interface BetInput {
  numero: string
  playType: LotteryPlayType
  pick: string
  /** Minor units per multiple. */
  amount: number
  multiplier: number
  idempotencyKey: string
}

/**
 * Sells a bet on the game's open draw. A retry with the same idempotency key answers the first bet and
 * moves no money; the same key with another bet is a conflict.
 * @throws Fail `draw_closed` when `numero` is not the open draw or betting on it has locked;
 *   `validation_failed` for a bad pick or amount; `insufficient_funds`; `trial_account` for a trial
 *   account (SPEC §5 in_need_true_account: the lottery is real money)
 */
export async function placeBet(db: Db, memberId: string, game: LotteryGame, bet: BetInput, now: number): Promise<{ bet: BetView; balance: number; replay: boolean }> {
  const account = memberAccount(memberId)
  const [who] = await db.query<{ type: number; is_agent: number }>('SELECT type, is_agent FROM members WHERE id = $1', [memberId])
  if (!who || who.type === TRIAL || who.is_agent === TRIAL) throw new Fail('trial_account', 'in_need_true_account: the lottery needs a real account')
  const [earlier] = await db.query<BetRow>(`SELECT ${columns} FROM lottery_bets WHERE member_id = $1 AND idempotency_key = $2`, [memberId, bet.idempotencyKey])
  if (earlier) return replay(db, account, earlier, game, bet)

  if (!picksOf(bet.playType).includes(bet.pick))
    throw new Fail('validation_failed', `Pick one of ${picksOf(bet.playType).slice(0, 10).join(', ')}…`, { fields: { pick: 'err_validation_failed' } })
  const stake = bet.amount * bet.multiplier
  if (bet.amount < game.minBet || stake > MAX_STAKE) {
    throw new Fail('validation_failed', `The amount must be at least ${game.minBet} and the stake at most ${MAX_STAKE} minor units`, {
      fields: { amount: 'err_validation_failed' },
    })
  }
  const draw = currentDraw(game.schedule, now)
  if (draw.numero !== bet.numero || remainTime(game.schedule, now) <= 0) throw new Fail('draw_closed', `Draw ${bet.numero} is closed for betting`)

  await openAccount(db, account)
  await openAccount(db, HOUSE_GAMES, { allowNegative: true })
  const betId = randomUUID()
  const placed = await db.tx(async (q) => {
    // Player protection: refused on a break or past a loss or wager limit, under the member's lock.
    await checkStake(q, memberId, stake, now)
    const claimed = await q.query<BetRow>(
      `INSERT INTO lottery_bets (id, member_id, node_id, game_code, numero, draw_at, idempotency_key, play_type, pick, multiplier, stake, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'open', $12) ON CONFLICT (member_id, idempotency_key) DO NOTHING RETURNING ${columns}`,
      [betId, memberId, game.nodeId, game.schedule.gameCode, draw.numero, draw.drawAt, bet.idempotencyKey, bet.playType, bet.pick, bet.multiplier, stake, now],
    )
    if (claimed.length === 0) return null
    const { transactionId } = await postTransactionIn(q, {
      idempotencyKey: `lottery-bet:${betId}`,
      kind: 'lottery_bet',
      memo: `${game.schedule.gameCode} ${draw.numero}`,
      legs: [
        { account, amount: -stake },
        { account: HOUSE_GAMES, amount: stake },
      ],
    })
    await q.query('UPDATE lottery_bets SET stake_transaction_id = $2 WHERE id = $1', [betId, transactionId])
    await rewardLotteryBet(q, { id: betId, memberId, stake, at: now })
    return { bet: viewOf(claimed[0]), balance: await balanceOf(q, account) }
  })
  if (placed) return { ...placed, replay: false }
  const [row] = await db.query<BetRow>(`SELECT ${columns} FROM lottery_bets WHERE member_id = $1 AND idempotency_key = $2`, [memberId, bet.idempotencyKey])
  if (!row) throw new Fail('conflict', 'The bet could not be recorded: retry')
  return replay(db, account, row, game, bet)
}

async function replay(db: Db, account: string, row: BetRow, game: LotteryGame, bet: BetInput) {
  const same =
    row.node_id === game.nodeId &&
    row.numero === bet.numero &&
    row.play_type === bet.playType &&
    row.pick === bet.pick &&
    Number(row.multiplier) === bet.multiplier &&
    Number(row.stake) === bet.amount * bet.multiplier
  if (!same) throw new Fail('conflict', 'This idempotency key was already used for another bet')
  return { bet: viewOf(row), balance: await balanceOf(db, account), replay: true }
}
