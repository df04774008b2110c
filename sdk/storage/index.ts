/**
 * Browser storage behind one small interface: session and local areas with memory fallbacks (Node,
 * tests, private modes that throw) and JSON that never throws on a corrupt entry.
 * @module
 */

/** The part of the Web Storage API this module needs (`sessionStorage`, `localStorage` fit). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

/** Session keys of SPEC §3: gone when the tab closes, cleared on sign-out and session expiry. */
export const sessionKeys = ['token', 'memberLabel', 'customerId', 'account', 'isAgent', 'gameVendor'] as const
export type SessionKey = (typeof sessionKeys)[number]

/** Local keys of SPEC §3, plus `balanceHidden` (the header's hide toggle). */
export const localKeys = ['lang', 'hisLang', 'theme', 'LOTTFAV', 'balanceHidden'] as const
export type LocalKey = (typeof localKeys)[number]

/** One storage area with JSON values. */
export interface StorageArea {
  /** The parsed value, the raw string when the entry is not JSON, or `undefined` when absent. */
  get(key: string): unknown
  /** Stores `value` as JSON; `undefined` removes the key. Refuses password-like keys. */
  set(key: string, value: unknown): void
  remove(key: string): void
  /** Every key currently stored. */
  keys(): string[]
}

/** The session and local areas the client and stores share. */
export interface AppStorage {
  session: StorageArea
  local: StorageArea
}

/** A `Storage`-like object kept in memory. */
export function memoryStorage(): StorageLike {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size
    },
  }
}

// Passwords must never reach storage (SPEC §3 lists none; remember-me lives in a cookie elsewhere).
const forbidden = /pass(word)?|pwd/i

function area(backing: StorageLike): StorageArea {
  // Shadow copy so a backing store that throws (quota, Safari private mode) still behaves for the tab.
  const shadow = memoryStorage()
  const safe = <T>(run: () => T, fallback: () => T): T => {
    try {
      return run()
    } catch {
      return fallback()
    }
  }
  const raw = (key: string): string | null =>
    safe(
      () => backing.getItem(key) ?? shadow.getItem(key),
      () => shadow.getItem(key),
    )
  return {
    get(key) {
      const text = raw(key)
      if (text === null) return undefined
      try {
        return JSON.parse(text) as unknown
      } catch {
        return text
      }
    },
    set(key, value) {
      if (forbidden.test(key)) throw new Error(`storage: refusing to store "${key}" (passwords are never stored)`)
      if (value === undefined) return this.remove(key)
      const text = JSON.stringify(value)
      safe(
        () => {
          backing.setItem(key, text)
          shadow.removeItem(key)
        },
        () => shadow.setItem(key, text),
      )
    },
    remove(key) {
      shadow.removeItem(key)
      safe(
        () => backing.removeItem(key),
        () => undefined,
      )
    },
    keys() {
      const list = (s: StorageLike) => Array.from({ length: s.length }, (_, i) => s.key(i)).filter((k): k is string => k !== null)
      return [
        ...new Set([
          ...safe(
            () => list(backing),
            () => [],
          ),
          ...list(shadow),
        ]),
      ]
    },
  }
}

/**
 * Creates the storage the client and stores use. Missing areas fall back to memory.
 * @example createStorage({ session: sessionStorage, local: localStorage })
 */
export function createStorage(options: { session?: StorageLike; local?: StorageLike } = {}): AppStorage {
  return { session: area(options.session ?? memoryStorage()), local: area(options.local ?? memoryStorage()) }
}

/** Storage over `window.sessionStorage`/`localStorage` when available (access can throw), else memory. */
export function browserStorage(): AppStorage {
  const pick = (name: 'sessionStorage' | 'localStorage'): StorageLike | undefined => {
    try {
      return typeof window === 'undefined' ? undefined : window[name]
    } catch {
      return undefined
    }
  }
  return createStorage({ session: pick('sessionStorage'), local: pick('localStorage') })
}

let shared: AppStorage | undefined

// True in the embed's bundle (widgets/embed/vite.config.ts defines it): there the page is a partner's,
// whose storage keys (its own `lang`, `hisLang`, `theme`) the brand's code never reads or writes.
declare const __LK_EMBED__: boolean | undefined
const onPartnerPage = (): boolean => typeof __LK_EMBED__ === 'boolean' && __LK_EMBED__

/**
 * The one storage of this page: browser storage when `window` exists (memory where access throws:
 * third-party frames, blocked storage), else memory; memory too in the embed's bundle, which runs on
 * a partner's page (its brand-origin frame pages choose the browser's with `configure`). Created on
 * first use, never at import time, so importing a module that reads storage cannot throw.
 */
export function pageStorage(): AppStorage {
  shared ??= typeof window === 'undefined' || onPartnerPage() ? createStorage() : browserStorage()
  return shared
}

/** Removes the SPEC §3 session keys, keeping every other entry (merchant config, caches handled apart). */
export function clearSessionKeys(storage: AppStorage): void {
  for (const key of sessionKeys) storage.session.remove(key)
}

export { readCookie, writeCookie, type CookieOptions } from './cookie.ts'
