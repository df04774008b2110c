import type { Queryable } from '../db/index.ts'

/**
 * Reading members for the auth code: one column list and one row mapper so every query returns the
 * same {@link Member} shape.
 * @module
 */

/** The logged-in member a session token resolves to: what every route sees of a member. */
export interface Member {
  id: string
  username: string
  type: number
  isAgent: number
  nickname: string
  mobileNum: string
  countryDialingCode: string
  email: string
  rankLevel: number
  uplineId: string | null
}

/** Columns selected for a {@link Member} plus the auth-only fields of {@link AuthRow}. */
export const MEMBER_COLUMNS = `m.id, m.username, m.type, m.is_agent, m.nickname, m.mobile_num, m.country_dialing_code,
  m.email, m.rank_level, m.upline_id, m.password_hash, m.password_temporary, m.profile,
  (extract(epoch from m.password_changed_at) * 1000)::float8 AS password_changed_ms,
  (extract(epoch from m.last_login_at) * 1000)::float8 AS last_login_ms, m.known_ips`

/** A members row as selected with {@link MEMBER_COLUMNS}. */
export interface MemberRow {
  id: string
  username: string
  type: number
  is_agent: number
  nickname: string | null
  mobile_num: string | null
  country_dialing_code: string | null
  email: string | null
  rank_level: number
  upline_id: string | null
  password_hash: string | null
  password_temporary: boolean
  profile: Record<string, unknown> | string | null
  password_changed_ms: number | null
  last_login_ms: number | null
  known_ips: unknown
}

/** Maps a row to the {@link Member} every route sees. */
export function toMember(r: MemberRow): Member {
  return {
    id: r.id,
    username: r.username,
    type: Number(r.type),
    isAgent: Number(r.is_agent),
    nickname: r.nickname ?? r.username,
    mobileNum: r.mobile_num ?? '',
    countryDialingCode: r.country_dialing_code ?? '',
    email: r.email ?? '',
    rankLevel: Number(r.rank_level ?? 0),
    uplineId: r.upline_id ?? null,
  }
}

/** The member's free-form profile as an object (node-postgres and PGlite both parse jsonb, but be safe). */
export function profileOf(r: Pick<MemberRow, 'profile'>): Record<string, unknown> {
  const p = typeof r.profile === 'string' ? (JSON.parse(r.profile) as unknown) : r.profile
  return p && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, unknown>) : {}
}

/** Addresses the member has logged in from. */
export function knownIpsOf(r: Pick<MemberRow, 'known_ips'>): string[] {
  const k = typeof r.known_ips === 'string' ? (JSON.parse(r.known_ips) as unknown) : r.known_ips
  return Array.isArray(k) ? k.filter((x): x is string => typeof x === 'string') : []
}

/** Finds a member by username, case-insensitively. */
export async function findByUsername(q: Queryable, username: string): Promise<MemberRow | null> {
  const rows = await q.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM members m WHERE lower(m.username) = lower($1)`, [username])
  return rows[0] ?? null
}

/** Finds a member by id. */
export async function findById(q: Queryable, id: string): Promise<MemberRow | null> {
  const rows = await q.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM members m WHERE m.id = $1`, [id])
  return rows[0] ?? null
}

/** Keeps digits only: `+63` and `63`, `0917-123` and `0917123` compare equal. */
export const digits = (s: string): string => s.replace(/\D/g, '')

/** Finds the member registered with a mobile number (dialing code and number compared as digits). */
export async function findByMobile(q: Queryable, dial: string, mobile: string): Promise<MemberRow | null> {
  const rows = await q.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM members m
      WHERE regexp_replace(m.country_dialing_code, '\\D', '', 'g') = $1 AND regexp_replace(m.mobile_num, '\\D', '', 'g') = $2
      ORDER BY m.created_at LIMIT 1`,
    [digits(dial), digits(mobile)],
  )
  return rows[0] ?? null
}

/** Account types that may log in: 0 member, 1/2/41/42 agents, 4 trial (SPEC §6). */
export const LOGIN_TYPES: ReadonlySet<number> = new Set([0, 1, 2, 4, 41, 42])
/** `isAgent` values that make a member an agent (SPEC §6). */
export const AGENT_VALUES: ReadonlySet<number> = new Set([1, 2, 41, 42])
/** Trial account marker (type and isAgent 4). */
export const TRIAL = 4
