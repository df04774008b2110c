import type { EncryptedBody } from '../contract/index.ts'

/** The platform's public key as `publicKey` returns it. */
export interface PublicKey {
  keyId: string
  /** RSA-OAEP SHA-256 key, SPKI DER, base64. */
  spki: string
}

/** Base64 of bytes, in chunks so large payloads do not overflow the argument list. */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** Bytes of a base64 string. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

const subtle = (): SubtleCrypto => {
  const s = globalThis.crypto?.subtle
  // WebCrypto is only exposed on secure origins (https, localhost); say so instead of failing obscurely.
  if (!s) throw new Error('WebCrypto is unavailable: serve the site over https or from localhost')
  return s
}

/** Imports the platform key for wrapping AES keys. */
export function importPublicKey(key: PublicKey): Promise<CryptoKey> {
  return subtle().importKey('spki', fromBase64(key.spki), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['wrapKey'])
}

/**
 * Seals a JSON payload for an encrypted endpoint: a fresh AES-256-GCM key and 12-byte iv per call,
 * the key wrapped with the platform's RSA-OAEP key (format of `sdk/contract/wire.ts`).
 */
export async function seal(keyId: string, rsa: CryptoKey, payload: unknown): Promise<EncryptedBody> {
  const aes = await subtle().generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt'])
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12))
  const plain = new TextEncoder().encode(JSON.stringify(payload ?? {}))
  const data = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, aes, plain))
  const wrapped = new Uint8Array(await subtle().wrapKey('raw', aes, rsa, { name: 'RSA-OAEP' }))
  return { keyId, key: toBase64(wrapped), iv: toBase64(iv), data: toBase64(data) }
}
