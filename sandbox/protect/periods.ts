/**
 * The calendar periods limits run over: the day, the week (from Monday) and the month of the
 * platform's time zone, as `[start, end)` in epoch milliseconds.
 * @module
 */
import { PLATFORM_UTC_OFFSET_MINUTES, type LimitPeriod } from '../../sdk/contract/all.ts'

const DAY_MS = 86_400_000

/** A time window `[start, end)`, epoch ms. */
export interface Window {
  start: number
  end: number
}

/**
 * The period of kind `period` that holds `now`.
 * @param offsetMinutes the time zone's offset from UTC (`+480` for UTC+8); the platform's by default
 * @example periodWindow('week', Date.UTC(2026, 10, 27, 12)) // Monday 23 Nov 00:00 → Monday 30 Nov 00:00 UTC
 */
export function periodWindow(period: LimitPeriod, now: number, offsetMinutes = PLATFORM_UTC_OFFSET_MINUTES): Window {
  const off = offsetMinutes * 60_000
  const local = now + off
  const day = Math.floor(local / DAY_MS)
  if (period === 'day') return { start: day * DAY_MS - off, end: (day + 1) * DAY_MS - off }
  if (period === 'week') {
    // 1 January 1970 was a Thursday: Monday-based weekday of day 0 is 3.
    const monday = day - ((day + 3) % 7)
    return { start: monday * DAY_MS - off, end: (monday + 7) * DAY_MS - off }
  }
  const d = new Date(local)
  return { start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - off, end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - off }
}

/** `yyyy-mm` of `at` in the platform's time zone. */
export const monthOf = (at: number, offsetMinutes = PLATFORM_UTC_OFFSET_MINUTES): string => new Date(at + offsetMinutes * 60_000).toISOString().slice(0, 7)
