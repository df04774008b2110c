/**
 * Run-time switches of the sandbox: whitelabel flags and the system status (maintenance, region
 * restriction), stored in the database so every process on one database sees the same state.
 * @module
 */
import { defaultRegisterPolicy, flagsOf, type Language, type RegisterPolicy, type WhitelabelFlag, type WhitelabelNode } from '../sdk/contract/all.ts'
import type { Queryable } from './db/index.ts'

/** A text in each language the platform serves; a language left out uses English. */
export type StatusTexts = Partial<Record<Language, string>> & { en: string }

/**
 * System status switches (SPEC §4), kept in `settings` under `status`. The texts are kept per
 * language so a Spanish page is told about maintenance in Spanish; `endTime` is ISO 8601 (UTC).
 */
export interface StatusSettings {
  maintenance: { enabled: boolean; title: StatusTexts; info: StatusTexts; endTime: string | null }
  regionRestriction: { enabled: boolean; message: StatusTexts }
}

/** The status as one request sees it: the texts in that request's language (the wire shape). */
export interface StatusView {
  maintenance: { enabled: boolean; title: string; info: string; endTime: string | null }
  regionRestriction: { enabled: boolean; message: string }
}

/** Status before anything was switched, with the default texts in every language. */
export const defaultStatus: StatusSettings = {
  maintenance: {
    enabled: false,
    title: { en: 'Scheduled maintenance', es: 'Mantenimiento programado', cn: '系统例行维护', vi: 'Bảo trì định kỳ' },
    info: {
      en: 'We are upgrading the platform. Please come back soon.',
      es: 'Estamos actualizando la plataforma. Vuelve pronto, por favor.',
      cn: '我们正在升级平台，请稍后再来。',
      vi: 'Chúng tôi đang nâng cấp hệ thống. Vui lòng quay lại sau.',
    },
    endTime: null,
  },
  regionRestriction: {
    enabled: false,
    message: {
      en: 'Access from your location or IP address is restricted.',
      es: 'El acceso desde tu ubicación o dirección IP está restringido.',
      cn: '您所在的地区或 IP 地址无法访问本站。',
      vi: 'Truy cập từ vị trí hoặc địa chỉ IP của bạn bị hạn chế.',
    },
  },
}

/** The status with its texts in `language` (English where that language has none). */
export function statusIn(s: StatusSettings, language: Language): StatusView {
  const pick = (texts: StatusTexts) => texts[language] ?? texts.en
  return {
    maintenance: { enabled: s.maintenance.enabled, title: pick(s.maintenance.title), info: pick(s.maintenance.info), endTime: s.maintenance.endTime },
    regionRestriction: { enabled: s.regionRestriction.enabled, message: pick(s.regionRestriction.message) },
  }
}

/** Reads one `settings` value, or `fallback` when it is absent. */
export async function getSetting<T>(q: Queryable, key: string, fallback: T): Promise<T> {
  const rows = await q.query<{ value: T }>('SELECT value FROM settings WHERE key = $1', [key])
  return rows.length ? rows[0].value : fallback
}

/**
 * Reads several `settings` values in one query: each key of `fallbacks` holds its stored value, or
 * its fallback when it is absent.
 * @example const { brand, cdn } = await getSettings(db, { brand: defaultBrand, cdn: { imageCDNs: [] } })
 */
export async function getSettings<T extends Record<string, unknown>>(q: Queryable, fallbacks: T): Promise<T> {
  const rows = await q.query<{ key: string; value: unknown }>('SELECT key, value FROM settings WHERE key = ANY($1::text[])', [Object.keys(fallbacks)])
  const stored = new Map(rows.map((r) => [r.key, r.value]))
  return Object.fromEntries(Object.entries(fallbacks).map(([key, fallback]) => [key, stored.has(key) ? stored.get(key) : fallback])) as T
}

/** Writes one `settings` value (JSON). */
export async function putSetting(q: Queryable, key: string, value: unknown): Promise<void> {
  await q.query('INSERT INTO settings (key, value, updated_at) VALUES ($1, $2::jsonb, now()) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()', [
    key,
    JSON.stringify(value),
  ])
}

/**
 * Stored texts over the defaults. Databases seeded before the texts were kept per language hold one
 * English string; it stays the English text.
 */
function textsOver(defaults: StatusTexts, stored: unknown): StatusTexts {
  if (typeof stored === 'string') return { ...defaults, en: stored }
  return stored && typeof stored === 'object' ? { ...defaults, ...(stored as Partial<StatusTexts>) } : { ...defaults }
}

/** The system status switches. */
export async function getStatus(q: Queryable): Promise<StatusSettings> {
  return statusFrom(await getSetting<StoredStatus>(q, 'status', {}))
}

/** The `status` setting as stored: switches and texts, any of them possibly absent. */
export type StoredStatus = { maintenance?: Record<string, unknown>; regionRestriction?: Record<string, unknown> }

/** The system status switches from the stored `status` setting, defaults where it has none. */
export function statusFrom(s: StoredStatus): StatusSettings {
  const m = s.maintenance ?? {}
  const r = s.regionRestriction ?? {}
  const d = defaultStatus
  return {
    maintenance: {
      enabled: m.enabled === true,
      title: textsOver(d.maintenance.title, m.title),
      info: textsOver(d.maintenance.info, m.info),
      endTime: typeof m.endTime === 'string' ? m.endTime : null,
    },
    regionRestriction: { enabled: r.enabled === true, message: textsOver(d.regionRestriction.message, r.message) },
  }
}

// Every API call checks the switches; reading them from the database each time costs a query per
// request (PGlite runs one at a time). A short-lived copy per database keeps the hot path free while
// other processes on the same database still see a change within a second.
const statusCache = new WeakMap<Queryable, { at: number; value: StatusSettings }>()
const statusTtlMs = 1000

/** Drops this process's copy of the status of `q`'s database (after a change written in a transaction). */
export const forgetCachedStatus = (q: Queryable): void => {
  statusCache.delete(q)
}

/**
 * The system status in `language` (default English), read at most once a second per database (and
 * at once after a change here).
 */
export async function getStatusCached(q: Queryable, language: Language = 'en'): Promise<StatusView> {
  const hit = statusCache.get(q)
  if (hit && Date.now() - hit.at < statusTtlMs) return statusIn(hit.value, language)
  const value = await getStatus(q)
  statusCache.set(q, { at: Date.now(), value })
  return statusIn(value, language)
}

/**
 * A change to the status: switches, and maintenance texts per language (a language left out keeps
 * its text; `null` puts back every language's default) and end time (`null` clears it).
 */
export interface StatusChange {
  maintenance?: boolean
  regionRestriction?: boolean
  title?: Partial<Record<Language, string>> | null
  info?: Partial<Record<Language, string>> | null
  /** ISO 8601 date-time; stored as UTC. */
  endTime?: string | null
}

/** Applies a (validated) status change and returns the stored status. */
export async function setStatus(q: Queryable, change: StatusChange): Promise<StatusSettings> {
  statusCache.delete(q)
  const s = await getStatus(q)
  if (change.maintenance !== undefined) s.maintenance.enabled = change.maintenance
  if (change.regionRestriction !== undefined) s.regionRestriction.enabled = change.regionRestriction
  if (change.title !== undefined) s.maintenance.title = change.title === null ? { ...defaultStatus.maintenance.title } : { ...s.maintenance.title, ...change.title }
  if (change.info !== undefined) s.maintenance.info = change.info === null ? { ...defaultStatus.maintenance.info } : { ...s.maintenance.info, ...change.info }
  if (change.endTime !== undefined) s.maintenance.endTime = change.endTime === null ? null : new Date(change.endTime).toISOString()
  await putSetting(q, 'status', s)
  statusCache.delete(q)
  return s
}

/**
 * Every whitelabel flag with its state, by the contract's rule (`isFlagOn`): a flag under a disabled
 * group is off, as the client sees it; a flag missing from the table is off.
 */
export async function loadFlags(q: Queryable): Promise<Record<WhitelabelFlag, boolean>> {
  return flagsOf(await whitelabelTree(q))
}

/** Flips one whitelabel flag. */
export async function setFlag(q: Queryable, flag: WhitelabelFlag, enabled: boolean): Promise<void> {
  await q.query('UPDATE whitelabel SET enabled = $2 WHERE mod_id = $1', [flag, enabled])
}

/** The whitelabel module tree as the platform sends it. */
export async function whitelabelTree(q: Queryable): Promise<WhitelabelNode[]> {
  const rows = await q.query<{ mod_id: string; parent_id: string | null; enabled: boolean }>('SELECT mod_id, parent_id, enabled FROM whitelabel ORDER BY position, mod_id')
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

/** The rates a pay ceiling bounds, in basis points (150 = 1.50 %). */
export interface PayCeiling {
  rateBp: number
  winRateBp: number
  lossRateBp: number
}

/**
 * The most a top-level agent (one with no upline) may offer its downlines, per contract kind
 *: every other agent is bounded by its own contract of the kind, so these bound
 * every agent's pay. Kept in `settings` under `agentPayCeilings`; a kind left out uses its default.
 * The defaults keep an agent that holds every kind at its ceiling and plays itself below the games'
 * 4 % house edge: salaries on stakes of at most 1.00 % + 0.50 % + 0.50 %, and 30 % of a 4 % loss, 3.2 % in all.
 */
export const defaultPayCeilings: Record<'dividend' | 'daily_salary' | 'hourly_salary' | 'realtime_salary', PayCeiling> = {
  dividend: { rateBp: 3000, winRateBp: 0, lossRateBp: 0 },
  daily_salary: { rateBp: 100, winRateBp: 0, lossRateBp: 0 },
  hourly_salary: { rateBp: 50, winRateBp: 0, lossRateBp: 0 },
  realtime_salary: { rateBp: 0, winRateBp: 50, lossRateBp: 50 },
}

/** The pay ceilings of top-level agents, per kind (stored values over the defaults). */
export async function getPayCeilings(q: Queryable): Promise<typeof defaultPayCeilings> {
  const stored = await getSetting<Partial<Record<keyof typeof defaultPayCeilings, Partial<PayCeiling>>>>(q, 'agentPayCeilings', {})
  const out = { ...defaultPayCeilings }
  for (const kind of Object.keys(out) as (keyof typeof defaultPayCeilings)[]) out[kind] = { ...defaultPayCeilings[kind], ...(stored[kind] ?? {}) }
  return out
}

/** Changes the pay ceilings of some kinds (validated by the caller) and returns them all. */
export async function setPayCeilings(q: Queryable, change: Partial<Record<keyof typeof defaultPayCeilings, Partial<PayCeiling>>>): Promise<typeof defaultPayCeilings> {
  const current = await getPayCeilings(q)
  for (const kind of Object.keys(change) as (keyof typeof defaultPayCeilings)[]) current[kind] = { ...current[kind], ...change[kind] }
  await putSetting(q, 'agentPayCeilings', current)
  return current
}

/**
 * The registration policy: minimum age and the terms box's default, kept in `settings`
 * under `registerPolicy`; a missing or partial value takes the defaults (18, ticked).
 */
export async function getRegisterPolicy(q: Queryable): Promise<RegisterPolicy> {
  const stored = await getSetting<Partial<RegisterPolicy>>(q, 'registerPolicy', {})
  const age = stored.minimumAge
  return {
    minimumAge: Number.isInteger(age) && (age as number) >= 0 && (age as number) <= 99 ? (age as number) : defaultRegisterPolicy.minimumAge,
    termsDefault: typeof stored.termsDefault === 'boolean' ? stored.termsDefault : defaultRegisterPolicy.termsDefault,
  }
}

/** Changes the registration policy (fields left out keep their value) and returns it. */
export async function setRegisterPolicy(q: Queryable, change: Partial<RegisterPolicy>): Promise<RegisterPolicy> {
  const next = { ...(await getRegisterPolicy(q)), ...change }
  await putSetting(q, 'registerPolicy', next)
  return next
}
