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
import { DAY_MS, dayStart, validZone } from '../zone.ts'

export { DAY_MS, brandZone, dayOf, dayStart, isoDay, offsetAt, validZone, wallNow } from '../zone.ts'

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
