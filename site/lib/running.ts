/** Promotion scheduling, kept apart from `astro:content` so it can be unit tested. */

/**
 * Whether a promotion with these dates runs on `at`: from `starts` on, through the whole `ends` day.
 * @example isRunning({ starts: new Date('2025-01-01') }, new Date()) // true
 */
export function isRunning(dates: { starts: Date; ends?: Date }, at: Date): boolean {
  const endOfLastDay = dates.ends ? dates.ends.getTime() + 86_400_000 : Infinity
  return dates.starts.getTime() <= at.getTime() && at.getTime() < endOfLastDay
}
