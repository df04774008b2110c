/**
 * Dates as the platform's record tables show them, in the platform's time zone (read from the status).
 * Only code that loads on demand (the member centre's records, the notice list) formats dates.
 * @module
 */

import { $status } from '../stores/status.ts'

/** Options of {@link formatDate}. */
export interface DateFormatOptions {
  /** Include hours and minutes (default true). */
  time?: boolean
  /** IANA zone, default the platform's ({@link platformTimeZone}). */
  timeZone?: string
}

/**
 * The platform's time zone (the status's `brand.timeZone`; UTC until the status is in): one zone for
 * every date a player sees, whatever the device's, named on the page by {@link zoneLabel}.
 */
export const platformTimeZone = (): string => $status.get().data?.brand.timeZone ?? 'UTC'

/**
 * The zone as a page names it: its offset from UTC at `at`, e.g. `UTC+08:00`.
 * @example zoneLabel('Asia/Manila') // 'UTC+08:00'
 */
export function zoneLabel(timeZone: string = platformTimeZone(), at: Date = new Date()): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT'
  // `GMT` alone is UTC itself; `GMT+08:00` reads as UTC+08:00.
  return name === 'GMT' || name === 'GMT+00:00' ? 'UTC' : name.replace('GMT', 'UTC')
}

/**
 * Formats a date as `yyyy-MM-dd HH:mm` (the platform's record style), or `''` when it is not a date.
 * @example formatDate('2025-03-09T14:05:00Z', { timeZone: 'UTC' }) // '2025-03-09 14:05'
 */
export function formatDate(value: string | number | Date, options: DateFormatOptions = {}): string {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: options.timeZone ?? platformTimeZone(),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date)
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? ''
  const day = `${get('year')}-${get('month')}-${get('day')}`
  return options.time === false ? day : `${day} ${get('hour')}:${get('minute')}`
}
