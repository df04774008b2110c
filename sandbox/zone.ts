/**
 * The platform's time zone (`settings.brand.timeZone`, default Asia/Manila) and its calendar: local
 * days numbered as dates (day `n` is `1970-01-01 + n` in the zone), the instant each starts at, and a
 * clock's offset. Agent reports, pay periods, player limits and the embed funnel count days with it.
 * @module
 */
import type { Queryable } from './db/index.ts'
import { brand as defaultBrand } from './seed/config.ts'

export const DAY_MS = 86_400_000

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(zone, f)
  }
  return f
}

/** How far the zone's wall clock is ahead of UTC at `ms` (ms; negative west of Greenwich). */
export function offsetAt(ms: number, zone: string): number {
  if (zone === 'UTC') return 0
  const p: Record<string, number> = {}
  for (const part of formatter(zone).formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value)
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return wall - (ms - (((ms % 1000) + 1000) % 1000))
}

/** The local date (days since 1970-01-01) of the instant `ms` in `zone`. */
export const dayOf = (ms: number, zone: string): number => Math.floor((ms + offsetAt(ms, zone)) / DAY_MS)

/** The instant local day `day` starts at in `zone` (its midnight, or the first instant after it). */
export function dayStart(day: number, zone: string): number {
  const wall = day * DAY_MS
  let t = wall - offsetAt(wall, zone)
  // Twice more: the offset at the guess may differ from the one at the midnight (a DST change that day).
  for (let i = 0; i < 2; i++) t = wall - offsetAt(t, zone)
  while (dayOf(t, zone) < day) t += 15 * 60_000
  return t
}

/** `YYYY-MM-DD` of a local day number. */
export const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10)

/** `now` on the zone's wall clock (local time written as if it were UTC). */
export const wallNow = (now: number, zone: string): number => now + offsetAt(now, zone)

/** Whether `zone` is a time zone name Intl knows (`Asia/Manila`, `UTC`). */
export function validTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !zone) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

const warned = new Set<string>()

/**
 * The brand's zone when it names one Intl knows, else the seed's (Asia/Manila). The start refuses a bad
 * zone (sandbox/seed/index.ts `prepareForStart`); one written while running is named on stderr once.
 */
export function validZone(zone: unknown): string {
  if (zone === undefined || zone === null || zone === '') return defaultBrand.timeZone
  if (validTimeZone(zone)) return zone
  const key = String(zone)
  if (!warned.has(key)) {
    warned.add(key)
    console.error(`The brand's time zone ${JSON.stringify(zone)} is not a time zone: days are counted in ${defaultBrand.timeZone} until it is fixed.`)
  }
  return defaultBrand.timeZone
}

/** The brand's zone (`settings.brand.timeZone`), for a count that keys by day without the roll-ups. */
export async function brandZone(q: Queryable): Promise<string> {
  const [r] = await q.query<{ brand: string | null }>(`SELECT value->>'timeZone' AS brand FROM settings WHERE key = 'brand'`)
  return validZone(r?.brand)
}
