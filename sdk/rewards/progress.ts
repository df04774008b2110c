/**
 * Progress figures the pages draw as bars: whole percents, never above 100, and a mission's figures as shown.
 * @module
 */
import { formatCount, formatMoney } from '../format/index.ts'

/** Percent of `target` reached by `value` (0 for a target of 0 or less). */
export const progressPercent = (value: number, target: number): number => (target <= 0 ? 100 : Math.min(100, Math.floor((Math.max(0, value) * 100) / target)))

/** Percent of a bonus's wagering done: 100 when it required none. */
export const wageringPercent = (b: { required: number; wagered: number }): number => progressPercent(b.wagered, b.required)

/**
 * A mission's progress and target as the page shows them: money for amounts (minor units on the wire),
 * a grouped count otherwise.
 * @example missionFigures({ progress: 24000, target: 50000, unit: 'money' }) // { progress: '₱240.00', target: '₱500.00' }
 */
export function missionFigures(m: { progress: number; target: number; unit?: 'count' | 'money' }): { progress: string; target: string } {
  const shown = m.unit === 'money' ? (n: number) => formatMoney(n) : (n: number) => formatCount(n)
  return { progress: shown(m.progress), target: shown(m.target) }
}
