/**
 * Progress figures the pages draw as bars: whole percents, never above 100.
 * @module
 */

/** Percent of `target` reached by `value` (0 for a target of 0 or less). */
export const progressPercent = (value: number, target: number): number => (target <= 0 ? 100 : Math.min(100, Math.floor((Math.max(0, value) * 100) / target)))

/** Percent of a bonus's wagering done: 100 when it required none. */
export const wageringPercent = (b: { required: number; wagered: number }): number => progressPercent(b.wagered, b.required)
