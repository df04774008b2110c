import { atom, type ReadableAtom, type WritableAtom } from 'nanostores'
import { toApiError } from '../client/index.ts'
import type { Loadable } from '../stores/index.ts'

/** What a store holds for remote data: components render these three (STYLE: errors are state). */
export type Resource<T> = Loadable<T>

/** A remote value per key (game type, vendor …), loaded once and reloaded on demand. */
export interface ResourceFamily<K extends string, T> {
  /** The store of `key` (created empty on first use). */
  of(key: K): ReadableAtom<Resource<T>>
  /**
   * Loads `key` unless it is loaded or loading; `force` reloads. Resolves when done; never rejects
   * (the error is in the store).
   */
  load(key: K, force?: boolean): Promise<void>
  /** Forgets every loaded value (sign-out). */
  clear(): void
  /** Reloads every key loaded so far, keeping the old data on screen meanwhile (language change). */
  refreshAll(): Promise<void>
}

/**
 * Creates a {@link ResourceFamily} over `fetcher`. Concurrent loads of one key share one request;
 * a reply that arrives after {@link ResourceFamily.clear} is dropped.
 * @example const lanes = resourceFamily((type: GameType) => api('vendorLanes', { gameType: type }))
 */
export function resourceFamily<K extends string, T>(fetcher: (key: K) => Promise<T>): ResourceFamily<K, T> {
  const stores = new Map<K, WritableAtom<Resource<T>>>()
  const pending = new Map<K, Promise<void>>()
  let generation = 0

  const of = (key: K): WritableAtom<Resource<T>> => {
    let store = stores.get(key)
    if (!store) stores.set(key, (store = atom<Resource<T>>({ loading: false })))
    return store
  }

  function load(key: K, force = false): Promise<void> {
    const store = of(key)
    const running = pending.get(key)
    if (running && !force) return running
    if (!force && store.get().data !== undefined) return Promise.resolve()
    const mine = generation
    store.set({ data: store.get().data, loading: true })
    const request = fetcher(key).then(
      (data) => {
        if (mine === generation) store.set({ data, loading: false })
      },
      (error: unknown) => {
        if (mine === generation) store.set({ data: store.get().data, error: toApiError(error), loading: false })
      },
    )
    const done = request.finally(() => {
      if (pending.get(key) === done) pending.delete(key)
    })
    pending.set(key, done)
    return done
  }

  function clear(): void {
    generation++
    pending.clear()
    for (const store of stores.values()) store.set({ loading: false })
  }

  async function refreshAll(): Promise<void> {
    // Only what was asked for before: a store merely rendered (e.g. on the server) stays untouched.
    const asked = [...stores].filter(([key, store]) => pending.has(key) || store.get().data !== undefined || store.get().error !== undefined)
    generation++
    pending.clear()
    await Promise.all(asked.map(([key]) => load(key, true)))
  }

  return { of, load, clear, refreshAll }
}
