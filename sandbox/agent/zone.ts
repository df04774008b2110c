/**
 * The platform's time zone as the agent reports count days in it: a day filter
 * `2026-11-27` is 00:00–24:00 in `brand.timeZone` (default Asia/Manila), "today", weeks and months are
 * that zone's, and daily, weekly and monthly pay periods close at its midnight.
 *
 * Days are numbered as local dates: day `n` is the date `1970-01-01 + n` in the zone, and
 * {@link dayStart} is the instant its midnight falls on. The per-member roll-ups are keyed by those
 * numbers in the zone named in `agent_rollup_zone` (migration 025); {@link reportZone} rebuilds them
 * when the brand's zone is another, so no report ever sums days of two zones.
 * @module
 */
import type { Queryable } from '../db/index.ts'
import { brand as defaultBrand } from '../seed/config.ts'

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

/**
 * Moves a window computed on the zone's wall clock (`start`/`end` are local midnights written as if
 * UTC, what `Date.UTC` arithmetic on `now + offsetAt(now)` gives) to the instants they are, with
 * their local day numbers `[firstDay, endDay)`.
 */
export function fromWall(w: { start: number; end: number }, zone: string): ZoneWindow {
  const firstDay = Math.floor(w.start / DAY_MS)
  const endDay = Math.floor(w.end / DAY_MS)
  return { start: dayStart(firstDay, zone), end: dayStart(endDay, zone), firstDay, endDay, zone }
}

/** A window of whole local days: instants `[start, end)` and local days `[firstDay, endDay)`. */
export interface ZoneWindow {
  start: number
  end: number
  firstDay: number
  endDay: number
  zone: string
}

/** `now` on the zone's wall clock (local time written as if it were UTC). */
export const wallNow = (now: number, zone: string): number => now + offsetAt(now, zone)

/** The brand's zone when it names one Intl knows, else the seed's (Asia/Manila). */
export function validZone(zone: unknown): string {
  if (typeof zone !== 'string' || !zone) return defaultBrand.timeZone
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return zone
  } catch {
    return defaultBrand.timeZone
  }
}

/** The brand's zone (`settings.brand.timeZone`), for a count that keys by day without the roll-ups. */
export async function brandZone(q: Queryable): Promise<string> {
  const [r] = await q.query<{ brand: string | null }>(`SELECT value->>'timeZone' AS brand FROM settings WHERE key = 'brand'`)
  return validZone(r?.brand)
}

type TxCapable = Queryable & { tx?: <T>(fn: (q: Queryable) => Promise<T>) => Promise<T> }

/**
 * The zone every agent report and pay period counts days in: `settings.brand.timeZone`. When the
 * roll-ups were kept in another zone (the setting changed, or the database predates migration 025)
 * they are rebuilt in this one first, under an advisory lock so two processes rebuild once.
 */
export async function reportZone(q: TxCapable): Promise<string> {
  const [r] = await q.query<{ brand: string | null; rollup: string | null }>(
    `SELECT (SELECT value->>'timeZone' FROM settings WHERE key = 'brand') AS brand, (SELECT zone FROM agent_rollup_zone) AS rollup`,
  )
  const zone = validZone(r?.brand)
  if (r?.rollup === zone) return zone
  const rebuild = async (t: Queryable) => {
    await t.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['agent_rollup_zone'])
    const [now] = await t.query<{ zone: string | null }>('SELECT zone FROM agent_rollup_zone')
    if (now?.zone !== zone) await t.query('SELECT agent_rollups_rebuild($1)', [zone])
  }
  if (q.tx) await q.tx(rebuild)
  else await rebuild(q)
  return zone
}
