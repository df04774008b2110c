import { createDecipheriv, createHash, generateKeyPair, privateDecrypt, constants, type KeyObject } from 'node:crypto'
import type { EncryptedBody } from '../../sdk/contract/all.ts'
import { Fail } from '../http/fail.ts'
import { parseJson } from '../http/body.ts'

/**
 * The platform key for encrypted request bodies (sdk/contract/wire.ts): RSA-OAEP 2048 with SHA-256
 * wraps a fresh AES-256-GCM key per request. The key pair lives for the process; clients fetch the
 * public key again when a `keyId` stops matching.
 * @module
 */

interface KeyPair {
  keyId: string
  spki: string
  privateKey: KeyObject
}

let pair: Promise<KeyPair> | undefined

function keyPair(): Promise<KeyPair> {
  pair ??= new Promise((resolve, reject) =>
    generateKeyPair('rsa', { modulusLength: 2048, publicExponent: 0x10001 }, (err, publicKey, privateKey) => {
      if (err) return reject(err)
      const der = publicKey.export({ type: 'spki', format: 'der' })
      const keyId = createHash('sha256').update(der).digest('base64url').slice(0, 16)
      resolve({ keyId, spki: der.toString('base64'), privateKey })
    }),
  )
  return pair
}

/**
 * The current public key, SPKI DER in base64, with its id.
 * @example const { keyId, spki } = await publicKeySpki()
 */
export async function publicKeySpki(): Promise<{ keyId: string; spki: string }> {
  const { keyId, spki } = await keyPair()
  return { keyId, spki }
}

const B64 = /^[A-Za-z0-9+/]*={0,2}$/
const b64 = (s: string): Buffer => {
  if (!B64.test(s)) throw new Error('not base64')
  return Buffer.from(s, 'base64')
}

/**
 * Opens an encrypted body: unwraps the AES key with the private key, decrypts and authenticates the
 * data (ciphertext followed by the 16-byte tag, as WebCrypto produces it) and parses the JSON.
 * @throws Fail('validation_failed') on any failure, never anything more specific (no padding oracle).
 */
export async function decryptBody(body: EncryptedBody): Promise<unknown> {
  const { keyId, privateKey } = await keyPair()
  if (body.keyId !== keyId) throw new Fail('validation_failed', 'The encryption key has changed: fetch the public key again', { value: { keyChanged: true } })
  try {
    const key = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, b64(body.key))
    const iv = b64(body.iv)
    const data = b64(body.data)
    if (key.length !== 32 || iv.length !== 12 || data.length < 16) throw new Error('bad sizes')
    const decipher = createDecipheriv('aes-256-gcm', key, iv)
    decipher.setAuthTag(data.subarray(data.length - 16))
    const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()])
    // The same filter as plain bodies: no __proto__ / constructor / prototype keys.
    return parseJson(plain.toString('utf8'))
  } catch {
    throw new Fail('validation_failed', 'The encrypted body could not be opened')
  }
}
