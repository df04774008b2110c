/**
 * The lottery opening-data refresh rule (SPEC §4, constants §9) as a pure function, so the store that
 * polls and the table test read the same rule.
 * @module
 */

/** Refresh after this long when the shortest remaining time is zero or less (SPEC §9). */
export const lotteryPollFallbackMs = 7_000
/** The longest wait between two refreshes (SPEC §9). */
export const lotteryPollCapMs = 30_000
/** Never sooner than this: a late reply whose corrections exceed the wait must not turn into a busy loop. */
export const lotteryPollFloorMs = 1_000

/** The part of a lottery menu the rule reads (seconds, as the platform sends them). */
export interface PollGame {
  remainTime: number
  lockTime: number
}

/**
 * When to refresh the lottery opening data next, SPEC §4 word by word, each clause one step: start
 * from the shortest remaining time among the open games; 7 s if that is zero or less; otherwise capped
 * at 30 s; then, whichever of the two it is, minus half the measured round trip and the lock time (of
 * the game with the shortest remaining time). Never below {@link lotteryPollFloorMs}; with no open
 * games there is no shortest time, so the 7 s branch applies (minus half the round trip).
 * @param games - the open games of the last reply
 * @param roundTripMs - how long the last reply took to arrive
 * @returns milliseconds until the next refresh
 * @example pollDelayMs([{ remainTime: 12, lockTime: 5 }], 400) // 12 000 − 200 − 5 000 = 6 800
 */
export function pollDelayMs(games: readonly PollGame[], roundTripMs: number): number {
  let shortest: PollGame | undefined
  for (const game of games) if (!shortest || game.remainTime < shortest.remainTime) shortest = game
  const base = !shortest || shortest.remainTime <= 0 ? lotteryPollFallbackMs : Math.min(shortest.remainTime * 1000, lotteryPollCapMs)
  const delay = base - Math.max(0, roundTripMs) / 2 - Math.max(0, shortest?.lockTime ?? 0) * 1000
  return Math.max(lotteryPollFloorMs, Math.round(delay))
}
