/**
 * Rates as people type them (percent with up to two decimals) and as the platform keeps them (basis
 * points), converted without floating-point drift.
 * @module
 */

/** Basis points as a percent text: 150 → "1.50". */
export const percentOf = (bp: number): string => `${Math.trunc(bp / 100)}.${String(Math.abs(bp) % 100).padStart(2, '0')}`

/**
 * A typed percent as basis points, or null when it is not a number from 0 to 100 with at most two decimals.
 * @example basisPointsOf('1.5') // 150
 */
export function basisPointsOf(text: string): number | null {
  const m = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*$/.exec(text)
  if (!m) return null
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
  return bp <= 10_000 ? bp : null
}
