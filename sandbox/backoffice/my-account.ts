/**
 * An operator's own account: a new password (the current one and an authenticator code prove who
 * asks; the operator's other sessions end) and a new authenticator (the current password and code
 * first; the new secret is shown once, held sealed as the current one is, and takes effect only when
 * a code from it is confirmed within {@link PENDING_TOTP_MS}). Each change is audited in its own
 * transaction, with no password or secret in the row. Wrong passwords and codes count against the
 * sign-in's limit for that operator, so a session left open is no way to guess them faster.
 * @module
 */
import type { Db } from '../db/index.ts'
import type { Hasher } from '../auth/password.ts'
import { release, reserve, seconds, type Charge } from '../auth/ratelimit.ts'
import { Fail } from '../http/fail.ts'
import { type Actor, auditBy, replayed } from './actions.ts'
import { actionOfKey } from './audit-log.ts'
import { operatorNamed, type OperatorRow } from './operators.ts'
import { seal, unseal, type SecretKey } from './secret-box.ts'
import { matchingStep, newTotpSecret, otpauthUri } from './totp.ts'

/** A new authenticator not confirmed within this long is dropped: the current one stays. */
export const PENDING_TOTP_MS = 10 * 60_000

/** What these changes need of the server. */
export interface AccountKeys {
  hasher: Hasher
  secretKey: SecretKey
  /** The sign-in's failed-attempt limit per operator (sandbox/backoffice/routes.ts operatorLimits.account). */
  attempts: Charge['limit']
}

const refused = () => new Fail('invalid_credentials', 'Wrong password or code.', { fields: { currentPassword: 'admin_err_password_or_code' } })

/**
 * Checks the actor's current password and a code of its current authenticator, spending the code (a
 * code proves once). A wrong answer counts against the operator's sign-in limit; a right one does not.
 * @returns the operator's row and the code's step
 * @throws Fail('invalid_credentials' | 'rate_limited')
 */
async function provenBy(db: Db, keys: AccountKeys, actor: Actor, password: string, code: string): Promise<OperatorRow> {
  const charges: Charge[] = [{ limit: keys.attempts, key: actor.operator.username.toLowerCase() }]
  const full = await reserve(db, charges, actor.now)
  if (full) throw new Fail('rate_limited', `Too many attempts: try again in ${seconds(full.wait)} s`, { value: { retryAfter: seconds(full.wait) } })
  const row = await operatorNamed(db, actor.operator.username)
  if (!row || row.disabled) throw new Fail('unauthorized', 'Sign in to the back office.')
  if (!(await keys.hasher.verify(password, row.password_hash, `ip:${actor.ip}`))) throw refused()
  const step = matchingStep(unseal(keys.secretKey, row.totp_secret, row.id), code, actor.now, Number(row.totp_last_step))
  if (step === null) throw refused()
  const claimed = await db.query('UPDATE operators SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2 RETURNING id', [row.id, step])
  if (claimed.length === 0) throw refused()
  await release(db, charges, actor.now)
  return row
}

/**
 * Changes the actor's own password (the contract's operator password rule is checked by the request)
 * and ends every other session of the operator; the session that asked stays. The same key answers
 * the first call.
 * @throws Fail('invalid_credentials' | 'rate_limited' | 'conflict')
 */
export async function changeOwnPassword(
  db: Db,
  keys: AccountKeys,
  actor: Actor,
  currentPassword: string,
  newPassword: string,
  code: string,
): Promise<{ otherSessionsEnded: number }> {
  const action = 'operator.password'
  const target = actor.operator.username
  const earlier = await replayed<{ otherSessionsEnded: number }>(db, actor, action, target)
  if (earlier) return earlier
  const row = await provenBy(db, keys, actor, currentPassword, code)
  const hash = await keys.hasher.hash(newPassword, `operator:${row.username.toLowerCase()}`)
  return db.tx(async (q) => {
    await q.query('UPDATE operators SET password_hash = $2 WHERE id = $1', [row.id, hash])
    const ended = await q.query('UPDATE operator_sessions SET ended_at = $3 WHERE operator_id = $1 AND token_hash <> $2 AND ended_at IS NULL RETURNING token_hash', [
      row.id,
      actor.operator.tokenHash,
      actor.now,
    ])
    const after = { otherSessionsEnded: ended.length }
    await auditBy(q, actor, action, target, { password: 'old' }, { password: 'new', ...after })
    return after
  })
}

/**
 * Starts replacing the actor's authenticator: after the current password and code, a new secret is
 * made, held sealed beside the current one, and answered this once (the same key again does not show
 * it again: `conflict`, start over). The current authenticator signs in until the new one is confirmed.
 * @param issuer - the name the authenticator app shows beside the account (the brand)
 * @throws Fail('invalid_credentials' | 'rate_limited' | 'conflict')
 */
export async function beginNewAuthenticator(
  db: Db,
  keys: AccountKeys,
  actor: Actor,
  currentPassword: string,
  code: string,
  issuer: string,
): Promise<{ totpSecret: string; otpauthUri: string; expiresAt: number }> {
  if (await actionOfKey(db, actor.operator.id, actor.idempotencyKey)) {
    throw new Fail('conflict', 'This call already made a new secret; it was shown then and is not shown again. Start over.')
  }
  const row = await provenBy(db, keys, actor, currentPassword, code)
  const totpSecret = newTotpSecret()
  const expiresAt = actor.now + PENDING_TOTP_MS
  await db.tx(async (q) => {
    await q.query('UPDATE operators SET totp_pending_secret = $2, totp_pending_expires_at = $3 WHERE id = $1', [row.id, seal(keys.secretKey, totpSecret, row.id), expiresAt])
    await auditBy(q, actor, 'operator.authenticator_start', row.username, { authenticator: 'current' }, { authenticator: 'current', pending: true, expiresAt })
  })
  return { totpSecret, otpauthUri: otpauthUri(issuer, row.username, totpSecret), expiresAt }
}

/**
 * Puts the new authenticator in effect with a code from it: it replaces the current one (whose codes
 * no longer sign in), and the code is spent. Without a new secret waiting, or after it expired, or with
 * a code that is not the new secret's, nothing changes.
 * @throws Fail('invalid_credentials' | 'conflict')
 */
export async function confirmNewAuthenticator(db: Db, keys: AccountKeys, actor: Actor, code: string): Promise<{ replaced: true }> {
  const action = 'operator.authenticator'
  const target = actor.operator.username
  const earlier = await replayed<{ replaced: true }>(db, actor, action, target)
  if (earlier) return { replaced: true }
  const [row] = await db.query<{ id: string; totp_pending_secret: string | null; totp_pending_expires_at: string | number | null }>(
    'SELECT id, totp_pending_secret, totp_pending_expires_at FROM operators WHERE id = $1',
    [actor.operator.id],
  )
  if (!row?.totp_pending_secret || Number(row.totp_pending_expires_at) <= actor.now) {
    throw new Fail('conflict', 'No new authenticator is waiting: start again.', { fields: { code: 'admin_err_no_new_authenticator' } })
  }
  const pending = row.totp_pending_secret
  const step = matchingStep(unseal(keys.secretKey, pending, row.id), code, actor.now, 0)
  if (step === null) throw new Fail('invalid_credentials', 'That code is not from the new authenticator.', { fields: { code: 'admin_err_new_code' } })
  return db.tx(async (q) => {
    // Only the secret read is put in effect: a new start meanwhile leaves this one unconfirmed.
    const swapped = await q.query(
      'UPDATE operators SET totp_secret = totp_pending_secret, totp_last_step = $3, totp_pending_secret = NULL, totp_pending_expires_at = NULL WHERE id = $1 AND totp_pending_secret = $2 RETURNING id',
      [row.id, pending, step],
    )
    if (swapped.length === 0) throw new Fail('conflict', 'No new authenticator is waiting: start again.', { fields: { code: 'admin_err_no_new_authenticator' } })
    await auditBy(q, actor, action, target, { authenticator: 'previous' }, { authenticator: 'new' })
    return { replaced: true as const }
  })
}
