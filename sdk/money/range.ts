/**
 * Date ranges of the records (SPEC §9: pick the next or previous 7 or 30 days), as UTC `yyyy-mm-dd`.
 * @module
 */
const DAY = 86_400_000

/** An inclusive range of days. */
export interface DayRange {
  from: string
  to: string
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const ms = (d: string) => Date.parse(`${d}T00:00:00Z`)

/** The last `days` days up to today. */
export const lastDays = (days: number, now = Date.now()): DayRange => ({ from: day(now - (days - 1) * DAY), to: day(now) })

/** Length of a range in days. */
export const rangeDays = (r: DayRange): number => Math.round((ms(r.to) - ms(r.from)) / DAY) + 1

/**
 * The range `days` long just before (`-1`) or after (`1`) the given one; never past today.
 * @example shiftRange({ from: '2026-11-17', to: '2026-11-23' }, -1, 7) // 2026-11-10 … 2026-11-16
 */
export function shiftRange(r: DayRange, direction: -1 | 1, days: number, now = Date.now()): DayRange {
  const today = ms(day(now))
  if (direction < 0) return { from: day(ms(r.from) - days * DAY), to: day(ms(r.from) - DAY) }
  const from = Math.min(ms(r.to) + DAY, today - (days - 1) * DAY)
  return { from: day(from), to: day(Math.min(from + (days - 1) * DAY, today)) }
}

/** Whether the range already ends today (no "next"). */
export const endsToday = (r: DayRange, now = Date.now()): boolean => r.to >= day(now)
