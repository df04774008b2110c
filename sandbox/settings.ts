/**
 * Run-time switches of the sandbox: whitelabel flags and the system status (maintenance, region
 * restriction), stored in the database so every process on one database sees the same state.
 * @module
 */
import { whitelabelFlags, type WhitelabelFlag, type WhitelabelNode } from '../sdk/contract/index.ts'
import type { Queryable } from './db/index.ts'

/** System status switches (SPEC §4), kept in `settings` under `status`. */
export interface StatusSettings {
  maintenance: { enabled: boolean; title: string; info: string; endTime: string | null }
  regionRestriction: { enabled: boolean; message: string }
}

/** Status before anything was switched. */
export const defaultStatus: StatusSettings = {
  maintenance: { enabled: false, title: 'Scheduled maintenance', info: 'We are upgrading the platform. Please come back soon.', endTime: null },
  regionRestriction: { enabled: false, message: 'Access from your location or IP address is restricted.' },
}

/** Reads one `settings` value, or `fallback` when it is absent. */
export async function getSetting<T>(q: Queryable, key: string, fallback: T): Promise<T> {
  const rows = await q.query<{ value: T }>('SELECT value FROM settings WHERE key = $1', [key])
  return rows.length ? rows[0].value : fallback
}

/** Writes one `settings` value (JSON). */
export async function putSetting(q: Queryable, key: string, value: unknown): Promise<void> {
  await q.query(
    'INSERT INTO settings (key, value, updated_at) VALUES ($1, $2::jsonb, now()) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()',
    [key, JSON.stringify(value)],
  )
}

/** The system status switches. */
export async function getStatus(q: Queryable): Promise<StatusSettings> {
  const s = await getSetting<Partial<StatusSettings>>(q, 'status', {})
  return {
    maintenance: { ...defaultStatus.maintenance, ...s.maintenance },
    regionRestriction: { ...defaultStatus.regionRestriction, ...s.regionRestriction },
  }
}

// Every API call checks the switches; reading them from the database each time costs a query per
// request (PGlite runs one at a time). A short-lived copy per database keeps the hot path free while
// other processes on the same database still see a change within a second.
const statusCache = new WeakMap<Queryable, { at: number; value: StatusSettings }>()
const statusTtlMs = 1000

/** The system status switches, read at most once a second per database (and at once after a change here). */
export async function getStatusCached(q: Queryable): Promise<StatusSettings> {
  const hit = statusCache.get(q)
  if (hit && Date.now() - hit.at < statusTtlMs) return hit.value
  const value = await getStatus(q)
  statusCache.set(q, { at: Date.now(), value })
  return value
}

/** Switches maintenance and/or region restriction on or off. */
export async function setStatus(q: Queryable, change: { maintenance?: boolean; regionRestriction?: boolean }): Promise<StatusSettings> {
  statusCache.delete(q)
  const s = await getStatus(q)
  if (change.maintenance !== undefined) s.maintenance.enabled = change.maintenance
  if (change.regionRestriction !== undefined) s.regionRestriction.enabled = change.regionRestriction
  await putSetting(q, 'status', s)
  statusCache.delete(q)
  return s
}

/** Every whitelabel flag with its state (a flag missing from the table is off). */
export async function loadFlags(q: Queryable): Promise<Record<WhitelabelFlag, boolean>> {
  const rows = await q.query<{ mod_id: string; enabled: boolean }>('SELECT mod_id, enabled FROM whitelabel')
  const on = new Map(rows.map((r) => [r.mod_id, r.enabled]))
  return Object.fromEntries(whitelabelFlags.map((f) => [f, on.get(f) ?? false])) as Record<WhitelabelFlag, boolean>
}

/** Flips one whitelabel flag. */
export async function setFlag(q: Queryable, flag: WhitelabelFlag, enabled: boolean): Promise<void> {
  await q.query('UPDATE whitelabel SET enabled = $2 WHERE mod_id = $1', [flag, enabled])
}

/** The whitelabel module tree as the platform sends it. */
export async function whitelabelTree(q: Queryable): Promise<WhitelabelNode[]> {
  const rows = await q.query<{ mod_id: string; parent_id: string | null; enabled: boolean }>(
    'SELECT mod_id, parent_id, enabled FROM whitelabel ORDER BY position, mod_id',
  )
  const nodes = new Map(rows.map((r) => [r.mod_id, { modId: r.mod_id, enabled: r.enabled, childrenNodes: [] as WhitelabelNode[] }]))
  const roots: WhitelabelNode[] = []
  for (const r of rows) {
    const node = nodes.get(r.mod_id)!
    const parent = r.parent_id ? nodes.get(r.parent_id) : undefined
    if (parent) parent.childrenNodes.push(node)
    else roots.push(node)
  }
  return roots
}
