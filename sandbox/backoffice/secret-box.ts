/**
 * Operators' TOTP secrets at rest: sealed with AES-256-GCM under a key from the configuration
 * (OPERATOR_SECRET_KEY, required in production), bound to the operator's id, so a copy of the
 * database (a backup, a leaked dump) holds no usable second factor, and a sealed secret moved to
 * another operator's row does not open. Rows written in the clear before this existed are sealed at
 * the next start ({@link sealOperatorSecrets}).
 * @module
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import type { Db } from '../db/index.ts'

/** The AES-256 key secrets are sealed with. */
export type SecretKey = Buffer & { readonly __secretKey: true }

/** The key's text outside production when OPERATOR_SECRET_KEY is unset: public, so it protects nothing. */
export const developmentKeyText = 'lobbykit-development-operator-secret-key (public: set OPERATOR_SECRET_KEY in production)'

/** The shortest OPERATOR_SECRET_KEY accepted (`openssl rand -base64 32` gives 44 characters). */
export const MIN_KEY_CHARS = 32

const PREFIX = 'v1.'

/**
 * The AES-256 key of OPERATOR_SECRET_KEY's text (SHA-256 of it, apart from any other use of the text).
 * @example secretKey(process.env.OPERATOR_SECRET_KEY ?? developmentKeyText)
 */
export function secretKey(text: string): SecretKey {
  return createHash('sha256').update('lobbykit operator totp secret\0').update(text).digest() as SecretKey
}

/** The development key ({@link developmentKeyText}). */
export const developmentKey = (): SecretKey => secretKey(developmentKeyText)

/** Whether a stored value is sealed (else it is a secret still in the clear). */
export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX)

/** Seals `plain` for the operator `owner`: `v1.<iv>.<ciphertext>.<tag>`, base64url. */
export function seal(key: SecretKey, plain: string, owner: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(owner))
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return `${PREFIX}${[iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.')}`
}

/** A sealed value that does not open: another key, another operator's row, or altered. */
export class SealBroken extends Error {
  override name = 'SealBroken'
}

/**
 * Opens a value {@link seal} made for `owner`.
 * @throws SealBroken when the key, the owner or the bytes are not those it was sealed with
 */
export function unseal(key: SecretKey, sealed: string, owner: string): string {
  const parts = isSealed(sealed) ? sealed.slice(PREFIX.length).split('.') : []
  if (parts.length !== 3) throw new SealBroken('not a sealed secret')
  const [iv, body, tag] = parts.map((p) => Buffer.from(p, 'base64url'))
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv)
    decipher.setAAD(Buffer.from(owner))
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
  } catch {
    throw new SealBroken('the secret does not open with this key')
  }
}

/**
 * Seals every operator secret still in the clear, checks that the key opens the sealed ones, then
 * has the database hold every row to the sealed form. Safe from several processes at once.
 * @throws Error naming OPERATOR_SECRET_KEY when the key is not the one the secrets were sealed with
 */
export async function sealOperatorSecrets(db: Db, key: SecretKey): Promise<void> {
  const clear = await db.query<{ id: string; totp_secret: string }>("SELECT id, totp_secret FROM operators WHERE totp_secret NOT LIKE 'v1.%'")
  // Only the value read is replaced: another process sealing the same row meanwhile wins, once.
  for (const row of clear) await db.query('UPDATE operators SET totp_secret = $2 WHERE id = $1 AND totp_secret = $3', [row.id, seal(key, row.totp_secret, row.id), row.totp_secret])
  const [sample] = await db.query<{ id: string; totp_secret: string }>('SELECT id, totp_secret FROM operators ORDER BY created_at DESC LIMIT 1')
  if (sample) {
    try {
      unseal(key, sample.totp_secret, sample.id)
    } catch {
      throw new Error("OPERATOR_SECRET_KEY is not the key the operators' TOTP secrets were sealed with: start with that key (operators cannot sign in otherwise).")
    }
  }
  const [constraint] = await db.query<{ convalidated: boolean }>("SELECT convalidated FROM pg_constraint WHERE conname = 'operators_totp_sealed'")
  if (constraint && !constraint.convalidated) await db.query('ALTER TABLE operators VALIDATE CONSTRAINT operators_totp_sealed')
}
