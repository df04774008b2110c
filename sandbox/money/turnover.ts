/**
 * Turnover shared out between requirements: each stake counts towards one requirement at a time,
 * the oldest open one first, and only the part it does not need carries over to the next. A stake
 * counts only towards requirements that existed when it was placed. Used by the bonuses' wagering
 * (./promotion.ts) and by the points a deposit earns (../rewards/points.ts).
 * @module
 */

/** One requirement, oldest first, with the stakes placed after it and before the next one began. */
export interface TurnoverStep {
  required: number
  /** Valid stakes placed from this requirement's start until the next requirement's start. */
  staked: number
}

/**
 * How much of each requirement the stakes met, shared out oldest first. A stake placed in one step's
 * window may go to that requirement or any older one still open, never to a later one.
 * @returns per requirement (same order), the part met: at most its `required`
 * @example allocateTurnover([{ required: 500, staked: 0 }, { required: 50, staked: 520 }]) // [500, 20]
 */
export function allocateTurnover(steps: readonly TurnoverStep[]): number[] {
  const met = steps.map(() => 0)
  for (let i = 0; i < steps.length; i++) {
    let stake = Math.max(0, steps[i].staked)
    for (let j = 0; j <= i && stake > 0; j++) {
      const take = Math.min(stake, Math.max(0, steps[j].required) - met[j])
      if (take <= 0) continue
      met[j] += take
      stake -= take
    }
  }
  return met
}
