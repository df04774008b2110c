/**
 * The browser's device id: a random id made once and kept in local storage (`lkDevice`), sent with
 * the account calls that open a session. The platform reads it with the address to pay a referral
 * once per device; it says nothing about the person and is never shown.
 * @module
 */
import type { AppStorage } from './index.ts'

const KEY = 'lkDevice'
const shape = /^[A-Za-z0-9_-]{16,64}$/

/** The device id kept in `storage`, made and stored on first use. */
export function deviceId(storage: AppStorage): string {
  const kept = storage.local.get(KEY)
  if (typeof kept === 'string' && shape.test(kept)) return kept
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(18))
  const made = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
  storage.local.set(KEY, made)
  return made
}
