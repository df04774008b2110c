/**
 * Operator sessions, apart from members' sessions: a 256-bit token in an httpOnly, SameSite=Strict
 * cookie scoped to the back office's API (Secure in production); the database keeps only its SHA-256.
 * A session ends on sign-out, after 15 minutes without a call, or 8 hours after sign-in.
 * @module
 */
import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { OperatorRole } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { hashToken } from '../auth/sessions.ts'

/** A session ends after this long without a call. */
export const OPS_IDLE_MS = 15 * 60_000
/** A session ends this long after sign-in, however busy. */
export const OPS_ABSOLUTE_MS = 8 * 60 * 60_000
/** The cookie's name. */
export const opsCookie = 'lk_ops'
/** The only path the browser sends the cookie to. */
const cookiePath = '/ops/api'
const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** The operator behind a live session. */
export interface OperatorSession {
  id: string
  username: string
  role: OperatorRole
  tokenHash: string
}

/** Opens a session for an operator and sets its cookie. */
export async function openOperatorSession(c: Context, q: Queryable, operatorId: string, ip: string, now: number, secure: boolean): Promise<void> {
  const token = randomBytes(32).toString('base64url')
  await q.query(`INSERT INTO operator_sessions (token_hash, operator_id, ip, created_at, idle_expires_at, absolute_expires_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
    hashToken(token),
    operatorId,
    ip,
    now,
    now + OPS_IDLE_MS,
    now + OPS_ABSOLUTE_MS,
  ])
  setCookie(c, opsCookie, token, { httpOnly: true, sameSite: 'Strict', secure, path: cookiePath, maxAge: OPS_ABSOLUTE_MS / 1000 })
}

/**
 * The operator of the request's cookie when its session is live and the operator not disabled; each
 * call moves the idle expiry on.
 */
export async function operatorOfCookie(c: Context, q: Queryable, now: number): Promise<OperatorSession | null> {
  const token = getCookie(c, opsCookie) ?? ''
  if (!TOKEN.test(token)) return null
  const tokenHash = hashToken(token)
  const [row] = await q.query<{ id: string; username: string; role: OperatorRole }>(
    `UPDATE operator_sessions s SET idle_expires_at = LEAST($2::bigint + $3::bigint, s.absolute_expires_at)
     FROM operators o
     WHERE s.token_hash = $1 AND s.ended_at IS NULL AND s.idle_expires_at > $2 AND s.absolute_expires_at > $2 AND o.id = s.operator_id AND NOT o.disabled
     RETURNING o.id, o.username, o.role`,
    [tokenHash, now, OPS_IDLE_MS],
  )
  return row ? { ...row, tokenHash } : null
}

/** Ends the request's session (if any) and clears the cookie. */
export async function endOperatorSession(c: Context, q: Queryable, now: number, secure: boolean): Promise<void> {
  const token = getCookie(c, opsCookie) ?? ''
  if (TOKEN.test(token)) await q.query('UPDATE operator_sessions SET ended_at = $2 WHERE token_hash = $1 AND ended_at IS NULL', [hashToken(token), now])
  deleteCookie(c, opsCookie, { path: cookiePath, secure, httpOnly: true, sameSite: 'Strict' })
}
