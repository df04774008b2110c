/** Time-outs and self-exclusions the player can take, with their length. */
export const breakDurations = {
  timeout: ['24h', '7d', '30d', '6w'],
  self_exclusion: ['6m', '1y', '5y'],
} as const
export type BreakKind = keyof typeof breakDurations
export type BreakDuration = (typeof breakDurations)[BreakKind][number]

/**
 * When a break of `duration` taken at `now` ends (months are calendar months of UTC). The platform
 * decides with it; the browser that took the break uses it to stay quiet until then. In a module of its
 * own (no schema library), so the shell can read it in the first load.
 */
export function breakEnd(duration: BreakDuration, now: number): number {
  const hours: Record<string, number> = { '24h': 24, '7d': 7 * 24, '30d': 30 * 24, '6w': 42 * 24 }
  if (duration in hours) return now + hours[duration] * 3_600_000
  const d = new Date(now)
  const months = duration === '6m' ? 6 : duration === '1y' ? 12 : 60
  d.setUTCMonth(d.getUTCMonth() + months)
  return d.getTime()
}
