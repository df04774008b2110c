/** Promotion scheduling, kept apart from `astro:content` so it can be unit tested. */
import { instantOf, parseContentDate } from './schedule.ts'

/** When a promotion shows: from (inclusive) until (exclusive, absent for no end), epoch milliseconds. */
export interface Window {
  from: number
  until?: number
}

/**
 * The window of a promotion's content dates (`2026-12-06` or `2026-12-06T10:00`, as the schema keeps
 * them) in `zone`: from its start, through the whole `ends` day or to its `ends` minute.
 * @example windowOf({ starts: '2026-12-06T10:00' }, 'Asia/Manila') // { from: Date.UTC(2026, 11, 6, 2) }
 */
export function windowOf(dates: { starts: string; ends?: string }, zone: string): Window {
  const at = (text: string, endOfDay: boolean) => {
    const w = parseContentDate(text)
    if (typeof w === 'string') throw new Error(w)
    return instantOf(w, zone, endOfDay)
  }
  return { from: at(dates.starts, false), until: dates.ends === undefined ? undefined : at(dates.ends, true) }
}

/**
 * Whether a promotion with this window runs at `at`.
 * @example isRunning({ from: 0 }, new Date()) // true
 */
export const isRunning = (w: Window, at: Date): boolean => w.from <= at.getTime() && (w.until === undefined || at.getTime() < w.until)

/** Whether it is over at `at` (its end has passed): the build leaves such promotions out. */
export const isOver = (w: Window, at: Date): boolean => w.until !== undefined && w.until <= at.getTime()
