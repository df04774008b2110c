import type { CacheName, Language } from '../contract/index.ts'
import type { StorageArea } from '../storage/index.ts'

/** Prefix of every cached reply in session storage, so invalidation finds them all. */
export const cachePrefix = 'lk.cache.'

/**
 * Storage key of a cached reply: the cache name plus the language and input, so a language change
 * (or different query) misses instead of serving stale text.
 */
export function cacheKey(name: CacheName, language: Language, input: unknown): string {
  return `${cachePrefix}${name}:${language}:${stableJson(input ?? {})}`
}

/** JSON with sorted object keys: `{ a, b }` and `{ b, a }` share a cache entry. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** Removes every cached reply (SPEC §3: on login, logout and language change). */
export function clearCachedReplies(session: StorageArea): void {
  for (const key of session.keys()) if (key.startsWith(cachePrefix)) session.remove(key)
}
