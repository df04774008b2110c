/**
 * The calendar periods limits run over: the day, the week (from Monday) and the month of the
 * platform's time zone, as `[start, end)` in epoch milliseconds.
 * @module
 */
import type { LimitPeriod } from '../../sdk/contract/all.ts'
import { DAY_MS, dayOf, dayStart, wallNow } from '../zone.ts'

export { brandZone } from '../zone.ts'

/** A time window `[start, end)`, epoch ms. */
export interface Window {
  start: number
  end: number
}

/**
 * The period of kind `period` that holds `now`, in the time zone `zone` (an IANA name; the platform's
 * is `settings.brand.timeZone`, see {@link brandZone}).
 * @example periodWindow('week', Date.UTC(2026, 10, 27, 12), 'UTC') // Monday 23 Nov 00:00 → Monday 30 Nov 00:00 UTC
 */
export function periodWindow(period: LimitPeriod, now: number, zone = 'UTC'): Window {
  const day = dayOf(now, zone)
  if (period === 'day') return { start: dayStart(day, zone), end: dayStart(day + 1, zone) }
  if (period === 'week') {
    // 1 January 1970 was a Thursday: Monday-based weekday of day 0 is 3.
    const monday = day - ((day + 3) % 7)
    return { start: dayStart(monday, zone), end: dayStart(monday + 7, zone) }
  }
  const d = new Date(wallNow(now, zone))
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY_MS
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / DAY_MS
  return { start: dayStart(first, zone), end: dayStart(next, zone) }
}

/** `yyyy-mm` of `at` in the time zone `zone`. */
export const monthOf = (at: number, zone = 'UTC'): string => new Date(wallNow(at, zone)).toISOString().slice(0, 7)
