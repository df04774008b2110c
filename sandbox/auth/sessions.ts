import { createHash, randomBytes } from 'node:crypto'
import type { Queryable } from '../db/index.ts'
import { MEMBER_COLUMNS, toMember, type Member, type MemberRow } from './members.ts'

/**
 * Session tokens: 256 random bits, base64url, handed to the client once; the database keeps only
 * their SHA-256. A session dies on logout, after 30 minutes without use, or 12 hours after login.
 * @module
 */

/** A session ends after this long without a request. */
export const IDLE_MS = 30 * 60 * 1000
/** A session ends this long after login, however busy. */
export const ABSOLUTE_MS = 12 * 60 * 60 * 1000

/** The stored form of a session token (also what a game launch records as its session). */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url')
const TOKEN = /^[A-Za-z0-9_-]{43}$/

/**
 * Opens a session and returns its token (new on every login; other sessions stay valid).
 * @param now epoch milliseconds
 * @param opts `mustChangePassword`: the login used a weak or expired password, so until it is changed
 *   the session may only change it and log out
 */
export async function createSession(
  db: Queryable,
  memberId: string,
  now: number,
  ip: string,
  opts: { mustChangePassword?: boolean; withdrawOnly?: boolean; deviceId?: string | null } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.query(
    `INSERT INTO sessions (token_hash, member_id, ip, created_at, idle_expires_at, absolute_expires_at, must_change_password, withdraw_only, device_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      hashToken(token),
      memberId,
      ip,
      now,
      Math.min(now + IDLE_MS, now + ABSOLUTE_MS),
      now + ABSOLUTE_MS,
      opts.mustChangePassword ?? false,
      opts.withdrawOnly ?? false,
      opts.deviceId ?? null,
    ],
  )
  return token
}

/** A live session as a request sees it. */
export interface SessionInfo {
  member: Member
  /** The stored hash of the token (what launches record). */
  hash: string
  /** Until the password is changed, only change-password and logout are allowed. */
  mustChangePassword: boolean
  /** Opened during a time-out or self-exclusion: only the withdrawal's calls are answered. */
  withdrawOnly: boolean
}

/**
 * The session a token opens, or `null` when the token is unknown, expired or logged out, or its
 * member locked by an operator.
 * A hit pushes the idle expiry forward (never past the absolute one).
 */
export async function resolveSession(db: Queryable, token: string, now: number): Promise<SessionInfo | null> {
  if (!TOKEN.test(token)) return null
  const hash = hashToken(token)
  const rows = await db.query<MemberRow & { must_change_password: boolean; withdraw_only: boolean }>(
    `UPDATE sessions s SET idle_expires_at = LEAST($2::bigint + ${IDLE_MS}, s.absolute_expires_at)
       FROM members m
      WHERE s.token_hash = $1 AND m.id = s.member_id AND s.ended_at IS NULL AND m.locked_at IS NULL
        AND s.idle_expires_at > $2 AND s.absolute_expires_at > $2
      RETURNING ${MEMBER_COLUMNS}, s.must_change_password, s.withdraw_only`,
    [hash, now],
  )
  return rows[0] ? { member: toMember(rows[0]), hash, mustChangePassword: rows[0].must_change_password === true, withdrawOnly: rows[0].withdraw_only === true } : null
}

/** Lifts the change-password restriction of one session (its password was just changed). */
export async function clearMustChange(db: Queryable, token: string): Promise<void> {
  await db.query('UPDATE sessions SET must_change_password = false WHERE token_hash = $1', [hashToken(token)])
}

/** Ends one session (logout). Other sessions of the same member keep working. */
export async function endSession(db: Queryable, token: string, now: number): Promise<void> {
  await db.query('UPDATE sessions SET ended_at = $2 WHERE token_hash = $1 AND ended_at IS NULL', [hashToken(token), now])
  // Its game launches end with it, and the embed handoff codes it asked for.
  await db.query('UPDATE launch_tokens SET expires_at = $2 WHERE session_hash = $1 AND expires_at > $2', [hashToken(token), now])
  await db.query('UPDATE embed_handoffs SET used_at = $2 WHERE session_hash = $1 AND used_at IS NULL', [hashToken(token), now])
}

/**
 * Ends every session of a member, except the one holding `keep` (after a password change the
 * device that changed it stays signed in).
 */
export async function endMemberSessions(db: Queryable, memberId: string, now: number, keep?: string): Promise<void> {
  await db.query('UPDATE sessions SET ended_at = $2 WHERE member_id = $1 AND ended_at IS NULL AND token_hash <> $3', [memberId, now, keep ? hashToken(keep) : ''])
  // Every game launch of the member ends too, the kept session's included (a password change
  // or reset ends what was launched under the old password).
  await db.query('UPDATE launch_tokens SET expires_at = $2 WHERE member_id = $1 AND expires_at > $2', [memberId, now])
  // So does every embed handoff code of the member.
  await db.query('UPDATE embed_handoffs SET used_at = $2 WHERE member_id = $1 AND used_at IS NULL', [memberId, now])
}
