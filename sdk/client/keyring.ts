import type { PublicKey } from './crypto.ts'

// Loaded with the first sealed call, like the sealing itself.
const importPublicKey: typeof import('./crypto.ts').importPublicKey = async (key) => (await import('./crypto.ts')).importPublicKey(key)

/** The platform key, imported and ready to wrap AES keys. */
export interface SealingKey {
  keyId: string
  key: CryptoKey
}

/**
 * Holds the platform's public key: fetched once and shared by concurrent calls, fetched again after
 * a failure or when the server says the key changed.
 */
export function createKeyring(fetchKey: () => Promise<PublicKey>) {
  let current: Promise<SealingKey> | undefined

  function get(): Promise<SealingKey> {
    if (current) return current
    const loading = fetchKey().then(async (k) => ({ keyId: k.keyId, key: await importPublicKey(k) }))
    // A failed fetch must not poison every later encrypted call.
    loading.catch(() => {
      if (current === loading) current = undefined
    })
    return (current = loading)
  }

  /** Drops the cached key and reports whether the server now has a different one than `usedKeyId`. */
  async function rotated(usedKeyId: string): Promise<boolean> {
    current = undefined
    try {
      return (await get()).keyId !== usedKeyId
    } catch {
      return false
    }
  }

  return { get, rotated }
}
