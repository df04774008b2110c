import * as v from 'valibot'
import { IdempotencyKey, PositiveMinor, int, qint, text } from './common.ts'

/**
 * Lottery play types of the sandbox's betting screen, their picks, odds and the win rule: one copy for
 * the server that settles and the screens that show odds.
 * @module
 */

/** Play types: big/small and odd/even of the last digit, the last digit, the last two digits. */
export const lotteryPlayTypes = ['BIG_SMALL', 'ODD_EVEN', 'LAST_1', 'LAST_2'] as const
export type LotteryPlayType = (typeof lotteryPlayTypes)[number]

/** What a winning bet pays back per unit staked, × 100 (1.95 → 195). */
export const lotteryOdds: Record<LotteryPlayType, number> = { BIG_SMALL: 195, ODD_EVEN: 195, LAST_1: 950, LAST_2: 9_500 }

/** Largest multiplier of one bet. */
export const maxLotteryMultiplier = 100

const digitPicks = Array.from({ length: 10 }, (_, i) => String(i))

/** The picks a play type offers. */
export function picksOf(playType: LotteryPlayType): readonly string[] {
  switch (playType) {
    case 'BIG_SMALL':
      return ['BIG', 'SMALL']
    case 'ODD_EVEN':
      return ['ODD', 'EVEN']
    case 'LAST_1':
      return digitPicks
    case 'LAST_2':
      return digitPicks.flatMap((a) => digitPicks.map((b) => a + b))
  }
}

/**
 * Whether a pick wins against a winning number (BIG is a last digit of 5–9, ODD an odd last digit).
 * @example lotteryWins('LAST_2', '07', '48207') // true
 */
export function lotteryWins(playType: LotteryPlayType, pick: string, winningNumber: string): boolean {
  const last = Number(winningNumber.slice(-1))
  switch (playType) {
    case 'BIG_SMALL':
      return pick === (last >= 5 ? 'BIG' : 'SMALL')
    case 'ODD_EVEN':
      return pick === (last % 2 === 1 ? 'ODD' : 'EVEN')
    case 'LAST_1':
      return pick === winningNumber.slice(-1)
    case 'LAST_2':
      return winningNumber.length >= 2 && pick === winningNumber.slice(-2)
  }
}

/** Payout of a settled bet in minor units (0 for a loss; a win rounds down). */
export function lotteryPayout(playType: LotteryPlayType, pick: string, winningNumber: string, stake: number): number {
  return lotteryWins(playType, pick, winningNumber) ? Math.floor((stake * lotteryOdds[playType]) / 100) : 0
}

/** A bet on the open draw of one game: the stake is `amount × multiplier` minor units. */
export const LotteryBetRequest = v.object({
  numero: text(32),
  playType: v.picklist(lotteryPlayTypes),
  pick: text(8),
  amount: PositiveMinor,
  multiplier: int(1, maxLotteryMultiplier),
  idempotencyKey: IdempotencyKey,
})

/** One bet as its player sees it. */
export const LotteryBetSchema = v.object({
  betId: text(64),
  gameCode: text(64),
  numero: text(32),
  playType: v.picklist(lotteryPlayTypes),
  pick: text(8),
  multiplier: int(1),
  stake: int(0),
  payout: int(0),
  status: v.picklist(['open', 'settled']),
  winningNumber: text(64),
  drawAt: text(40),
})

/** One draw of a game's history: the commitment always; seed and number once drawn. */
export const LotteryDrawSchema = v.object({
  gameCode: text(64),
  numero: text(32),
  drawAt: text(40),
  commitment: text(64),
  /** `''` until the draw has happened. */
  seed: text(64),
  /** `''` until the draw has happened. */
  winningNumber: text(64),
})

/** Query of a game's draw history: the open draw first, then the last `count` draws. */
export const LotteryDrawsQuery = v.object({ gameCode: text(64), count: v.optional(qint(1, 100), 20) })
