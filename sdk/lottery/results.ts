import type { ResponseOf } from '../contract/index.ts'
import { verifyDraw, type DrawCheck } from '../contract/draw.ts'
import { lotteryApi } from './api.ts'

/**
 * One game's draw history with each draw's commitment check, and the trend (hot and cold digits over
 * the last 100 draws).
 * @module
 */

/** A draw of the history. */
export type LotteryDraw = ResponseOf<'lotteryDraws'>[number]

/** Draws a trend reads (SPEC: last 100). */
export const trendDraws = 100

/** The open draw (commitment only) and the last `count` draws. */
export const loadDraws = (gameCode: string, count = 20): Promise<LotteryDraw[]> => lotteryApi('lotteryDraws', { gameCode, count })

/** Recomputes a revealed draw's commitment and number in the browser (Web Crypto). */
export const checkDraw = (d: LotteryDraw): Promise<DrawCheck> => verifyDraw(d)

/** How often each digit came out, and the three most and least frequent. */
export interface Trend {
  draws: number
  counts: number[]
  hot: number[]
  cold: number[]
}

/**
 * Digit frequencies over the revealed draws (every position counts), hottest and coldest three.
 * Ties go to the smaller digit.
 */
export function trendOf(draws: readonly LotteryDraw[]): Trend {
  const drawn = draws.filter((d) => d.winningNumber)
  const counts = Array.from({ length: 10 }, () => 0)
  for (const d of drawn) for (const ch of d.winningNumber) counts[Number(ch)]++
  const order = counts.map((n, digit) => ({ n, digit }))
  const hot = [...order]
    .sort((a, b) => b.n - a.n || a.digit - b.digit)
    .slice(0, 3)
    .map((x) => x.digit)
  const cold = [...order]
    .sort((a, b) => a.n - b.n || a.digit - b.digit)
    .slice(0, 3)
    .map((x) => x.digit)
  return { draws: drawn.length, counts, hot, cold }
}
