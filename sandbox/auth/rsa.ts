import { createDecipheriv, createHash, createPrivateKey, generateKeyPair, privateDecrypt, constants, type KeyObject } from 'node:crypto'
import type { EncryptedBody } from '../../sdk/contract/all.ts'
import type { Db } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { parseJson } from '../http/body.ts'

/**
 * The platform key for encrypted request bodies (sdk/contract/wire.ts): RSA-OAEP 2048 with SHA-256
 * wraps a fresh AES-256-GCM key per request. The key pairs are kept in the database (`platform_keys`),
 * so every process on one database hands out and opens the same key: a key fetched from one instance
 * opens a login sent to another. The first process that finds no current key makes one, under a
 * lock, so processes starting together agree on it. A key is current for `rotateMs`, then a new one
 * is made and the old one is still accepted for `overlapMs` (clients holding it keep working); past
 * that a body sealed with it is refused with `key_unknown`, and clients fetch the key again once.
 * @module
 */

/** How long keys live (settings with defaults). */
export interface KeyOptions {
  /** A key is handed out for this long, then a new one is made (default 30 days). */
  rotateMs: number
  /** A replaced key is still accepted for this long (default 1 day). */
  overlapMs: number
  /** A process re-reads the keys at least this often, to learn another's rotation (default 1 minute). */
  refreshMs: number
}

/** The defaults of {@link KeyOptions}. */
export const defaultKeyOptions: KeyOptions = { rotateMs: 30 * 24 * 3_600_000, overlapMs: 24 * 3_600_000, refreshMs: 60_000 }

interface HeldKey {
  keyId: string
  spki: string
  privateKey: KeyObject
  createdAt: number
}

interface Ring {
  /** The key handed out now. */
  current: HeldKey
  /** Every key a body may be sealed with now, by id (the current one and those in their overlap). */
  accepted: Map<string, HeldKey>
  readAt: number
}

/** The platform keys of one server: the public key to hand out and the opening of sealed bodies. */
export interface PlatformKeys {
  /** The current public key, SPKI DER in base64, with its id. */
  publicKey(now: number): Promise<{ keyId: string; spki: string }>
  /**
   * Opens an encrypted body: unwraps the AES key with the private key of the key it names, decrypts
   * and authenticates the data (ciphertext followed by the 16-byte tag, as WebCrypto produces it) and
   * parses the JSON.
   * @throws Fail('key_unknown') when the named key is not (or no longer) accepted;
   *   Fail('validation_failed') on any other failure, never anything more specific (no padding oracle)
   */
  open(body: EncryptedBody, now: number): Promise<unknown>
}

interface KeyRow {
  key_id: string
  spki: string
  private_pkcs8: string
  created_at: string | number
}

/** A new RSA key pair, as stored. */
function generate(now: number): Promise<KeyRow> {
  return new Promise((resolve, reject) =>
    generateKeyPair('rsa', { modulusLength: 2048, publicExponent: 0x10001 }, (err, publicKey, privateKey) => {
      if (err) return reject(err)
      const der = publicKey.export({ type: 'spki', format: 'der' })
      resolve({
        key_id: createHash('sha256').update(der).digest('base64url').slice(0, 16),
        spki: der.toString('base64'),
        private_pkcs8: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        created_at: now,
      })
    }),
  )
}

const lockName = 'lk_platform_key'

/**
 * Makes sure the database holds a current key at `now` (made and stored when it does not): under an
 * advisory lock, so two processes starting together store one and both use it. Old keys past their
 * overlap are dropped on the way.
 */
export async function ensurePlatformKey(db: Db, now: number, opts: KeyOptions = defaultKeyOptions): Promise<void> {
  const fresh = (rows: { created_at: string | number }[]) => rows.length > 0 && Number(rows[0].created_at) > now - opts.rotateMs
  const newest = () => db.query<{ created_at: string | number }>('SELECT created_at FROM platform_keys ORDER BY created_at DESC LIMIT 1')
  if (fresh(await newest())) return
  // Made outside the lock (it takes a while): thrown away when another process stored one first.
  const made = await generate(now)
  await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lockName])
    const rows = await q.query<{ created_at: string | number }>('SELECT created_at FROM platform_keys ORDER BY created_at DESC LIMIT 1')
    if (fresh(rows)) return
    await q.query('INSERT INTO platform_keys (key_id, spki, private_pkcs8, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (key_id) DO NOTHING', [
      made.key_id,
      made.spki,
      made.private_pkcs8,
      now,
    ])
    await q.query('DELETE FROM platform_keys WHERE created_at < $1', [now - opts.rotateMs - opts.overlapMs])
  })
}

/** Creates the platform keys of one server on `db` (each server keeps its own read of them). */
export function createPlatformKeys(db: Db, over: Partial<KeyOptions> = {}): PlatformKeys {
  const opts = { ...defaultKeyOptions, ...over }
  let ring: Promise<Ring> | undefined
  // Private keys parsed once per id.
  const parsed = new Map<string, KeyObject>()

  const read = async (now: number): Promise<Ring> => {
    await ensurePlatformKey(db, now, opts)
    const rows = await db.query<KeyRow>('SELECT key_id, spki, private_pkcs8, created_at FROM platform_keys WHERE created_at > $1 ORDER BY created_at DESC', [
      now - opts.rotateMs - opts.overlapMs,
    ])
    const accepted = new Map<string, HeldKey>()
    for (const r of rows) {
      let privateKey = parsed.get(r.key_id)
      if (!privateKey) parsed.set(r.key_id, (privateKey = createPrivateKey(r.private_pkcs8)))
      accepted.set(r.key_id, { keyId: r.key_id, spki: r.spki, privateKey, createdAt: Number(r.created_at) })
    }
    for (const id of parsed.keys()) if (!accepted.has(id)) parsed.delete(id)
    return { current: accepted.get(rows[0].key_id)!, accepted, readAt: now }
  }

  /** The keys as last read, read again when they are older than `refreshMs` or the current key is due. */
  const ringAt = async (now: number, force = false): Promise<Ring> => {
    const held = ring && (await ring.catch(() => undefined))
    const stale = !held || force || now - held.readAt >= opts.refreshMs || now < held.readAt || now - held.current.createdAt >= opts.rotateMs
    if (!stale) return held
    const loading = read(now)
    // A failed read must not poison every later call.
    loading.catch(() => {
      if (ring === loading) ring = undefined
    })
    ring = loading
    return loading
  }

  return {
    async publicKey(now) {
      const { keyId, spki } = (await ringAt(now)).current
      return { keyId, spki }
    },
    async open(body, now) {
      let key = (await ringAt(now)).accepted.get(body.keyId)
      // Perhaps made by another process since this one last read: read once more before refusing.
      if (!key) key = (await ringAt(now, true)).accepted.get(body.keyId)
      const held = key && now - key.createdAt < opts.rotateMs + opts.overlapMs ? key : undefined
      if (!held) {
        throw new Fail('key_unknown', 'The encryption key is unknown or retired: fetch the public key again', { value: { keyChanged: true } })
      }
      try {
        const aes = privateDecrypt({ key: held.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, b64(body.key))
        const iv = b64(body.iv)
        const data = b64(body.data)
        if (aes.length !== 32 || iv.length !== 12 || data.length < 16) throw new Error('bad sizes')
        const decipher = createDecipheriv('aes-256-gcm', aes, iv)
        decipher.setAuthTag(data.subarray(data.length - 16))
        const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()])
        // The same filter as plain bodies: no __proto__ / constructor / prototype keys.
        return parseJson(plain.toString('utf8'))
      } catch {
        throw new Fail('validation_failed', 'The encrypted body could not be opened')
      }
    },
  }
}

const B64 = /^[A-Za-z0-9+/]*={0,2}$/
const b64 = (s: string): Buffer => {
  if (!B64.test(s)) throw new Error('not base64')
  return Buffer.from(s, 'base64')
}
