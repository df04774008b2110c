import { createHash, randomBytes } from 'node:crypto'
import type { Queryable } from '../db/index.ts'
import { IDLE_MS } from '../auth/sessions.ts'
import type { Ctx } from '../http/context.ts'
import { Fail } from '../http/fail.ts'
import { getStatusCached } from '../settings.ts'
import type { GameRec } from './catalogue.ts'
import { pageLanguageOf } from './strings.ts'

/**
 * Launch tokens: single-purpose credentials bound to one member and one game, carried in the game's
 * launch URL. They never authorise anything but that member playing that game, and expire after 2 h
 * or with the session that launched them (logout, idle or absolute expiry, a password change),
 * whichever comes first. Only their hash is stored.
 * @module
 */

/** Lifetime of a launch token. */
export const LAUNCH_TTL_MS = 2 * 3_600_000

const hashOf = (token: string): string => createHash('sha256').update(token).digest('base64url')

/** A launch token's binding, as resolved from the URL. */
export interface LaunchBinding {
  memberId: string
  nodeId: string
  language: string
  view: string
  expiresAt: number
}

/**
 * Issues a launch token and returns its launch address relative to a launch CDN (`play/<token>`):
 * the client puts it on one of the status's `launchGameCDNs`, picked at random (SPEC §9); the
 * sandbox's CDNs (`/sandbox/cdn1`, `/sandbox/cdn2`) both serve it.
 * @param q - database
 * @param b - member and the hash of the session launching, game, page language and (lottery) view
 * @param now - epoch ms
 */
export async function issueLaunch(q: Queryable, b: { memberId: string; sessionHash: string; nodeId: string; language: string; view?: string }, now: number): Promise<string> {
  const token = randomBytes(24).toString('base64url')
  // Expired tokens of anyone are swept on issue, so the table stays the size of the active sessions.
  await q.query('DELETE FROM launch_tokens WHERE expires_at < $1', [now])
  await q.query('INSERT INTO launch_tokens (token_hash, member_id, node_id, language, view, expires_at, created_at, session_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
    hashOf(token),
    b.memberId,
    b.nodeId,
    b.language,
    b.view ?? '',
    now + LAUNCH_TTL_MS,
    now,
    b.sessionHash,
  ])
  return `play/${token}`
}

/**
 * Why the platform is closed to play right now (maintenance or a region block), or null when open:
 * every call made with a launch token (a round, a lottery bet) is refused while it is closed.
 */
export async function closedReason(q: Queryable): Promise<{ code: 'maintenance' | 'region_blocked'; message: string } | null> {
  const status = await getStatusCached(q)
  if (status.maintenance.enabled) return { code: 'maintenance', message: status.maintenance.info || 'The system is under maintenance.' }
  if (status.regionRestriction.enabled) return { code: 'region_blocked', message: status.regionRestriction.message || 'Access from your location is restricted.' }
  return null
}

/** Why a token does not resolve. */
export type LaunchProblem = 'unknown' | 'expired'

/**
 * Resolves a launch token from a URL. A token whose launching session has ended is expired; a live
 * one counts as activity of that session (a member playing for an hour stays signed in).
 * @returns the binding, or the reason it is not usable
 */
export async function resolveLaunch(q: Queryable, token: string, now: number): Promise<LaunchBinding | LaunchProblem> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return 'unknown'
  const [row] = await q.query<{ member_id: string; node_id: string; language: string; view: string; expires_at: string | number; session_hash: string | null }>(
    'SELECT member_id, node_id, language, view, expires_at, session_hash FROM launch_tokens WHERE token_hash = $1',
    [hashOf(token)],
  )
  if (!row) return 'unknown'
  const expiresAt = Number(row.expires_at)
  if (expiresAt <= now || !row.session_hash) return 'expired'
  const alive = await q.query(
    `UPDATE sessions SET idle_expires_at = LEAST($2::bigint + ${IDLE_MS}, absolute_expires_at)
      WHERE token_hash = $1 AND member_id = $3 AND ended_at IS NULL AND idle_expires_at > $2 AND absolute_expires_at > $2
        AND NOT must_change_password
      RETURNING token_hash`,
    [row.session_hash, now, row.member_id],
  )
  if (!alive.length) return 'expired'
  return { memberId: row.member_id, nodeId: row.node_id, language: row.language, view: row.view, expiresAt }
}

/**
 * Checks a game can be launched (not a vendor card, not under maintenance) and issues its launch URL.
 * @param view - lottery page view (`betting` or `lobby`)
 */
export async function launchUrl(ctx: Ctx, memberId: string, g: GameRec, language: string | undefined, view?: string): Promise<string> {
  if (g.isGame === 'VASSALAGE') throw new Fail('validation_failed', `${g.vendor} opens its game list: launch one of its games`, { fields: { nodeId: 'err_validation_failed' } })
  // Maintenance is read from the database on every launch so an operator's switch applies at once.
  const [row] = await ctx.db.query<{ maintenance: boolean }>('SELECT maintenance FROM games WHERE node_id = $1', [g.nodeId])
  if (row?.maintenance) throw new Fail('game_maintenance', `${g.name.en} is under maintenance: please try another game`)
  if (!ctx.session) throw new Fail('session_expired')
  return issueLaunch(ctx.db, { memberId, sessionHash: ctx.session.hash, nodeId: g.nodeId, language: pageLanguageOf(language ?? ctx.language), view }, ctx.now())
}
