import { createHash, randomBytes } from 'node:crypto'
import type { Language } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'

/**
 * Password reset links: a forgotten-password email carries a random single-use token valid 15
 * minutes. Only its SHA-256 is stored; the password stays as it is until the token is used.
 * @module
 */

/** How long a reset link works. */
export const RESET_LINK_TTL_MS = 15 * 60_000

/**
 * The site path a reset link opens, in the language of the page that asked for it (the site serves
 * English at the root and every other language under its code); the token rides in the fragment so no
 * server or Referer sees it.
 */
export const resetLinkPath = (token: string, language: Language = 'en'): string => `${language === 'en' ? '' : `/${language}`}/forget#reset=${token}`

const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url')

/**
 * Issues a link token for a member. Earlier unused links of the member stop working: only the newest
 * email can reset the password.
 * @returns the token (to mail; never stored)
 */
export async function issueResetLink(q: Queryable, memberId: string, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await q.query('UPDATE password_reset_links SET used_at = $2 WHERE member_id = $1 AND used_at IS NULL', [memberId, now])
  await q.query('INSERT INTO password_reset_links (token_hash, member_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    hashToken(token),
    memberId,
    now,
    now + RESET_LINK_TTL_MS,
  ])
  await q.query('DELETE FROM password_reset_links WHERE expires_at < $1', [now - 24 * 60 * 60_000])
  return token
}

/** Kills a link that was never delivered (its email failed to send). */
export async function revokeResetLink(q: Queryable, token: string, now: number): Promise<void> {
  await q.query('UPDATE password_reset_links SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL', [hashToken(token), now])
}

/**
 * Uses a link token up, atomically (one conditional update: two parallel uses cannot both pass).
 * @throws Fail('reset_link_expired') past its 15 minutes; Fail('reset_link_invalid') when used or unknown
 * @returns the member the link resets
 */
export async function useResetLink(q: Queryable, token: string, now: number): Promise<string> {
  const hash = hashToken(token)
  const used = await q.query<{ member_id: string }>(
    'UPDATE password_reset_links SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING member_id',
    [hash, now],
  )
  if (used[0]) return used[0].member_id
  const row = (await q.query<{ used_at: number | string | null }>('SELECT used_at FROM password_reset_links WHERE token_hash = $1', [hash]))[0]
  if (row && row.used_at === null) throw new Fail('reset_link_expired', 'This reset link has expired: ask for a new one')
  throw new Fail('reset_link_invalid', 'This reset link was already used or is not valid: ask for a new one')
}
