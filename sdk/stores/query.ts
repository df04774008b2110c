import { nanoquery, type FetcherStore, type FetcherValue, type KeyInput, type KeySelector } from '@nanostores/query'
import { atom, computed, onMount, STORE_UNMOUNT_DELAY, type ReadableAtom, type WritableAtom } from 'nanostores'
import { toApiError, type ApiError } from '../client/index.ts'
import { $locale } from '../i18n/index.ts'
import { $token } from './session.ts'

/**
 * How long a reply counts as fresh: a new viewer within this time gets it without a request; after
 * it, the old value stays on screen while it is asked again (stale-while-revalidate).
 */
export const remoteFreshMs = 60_000

/** What a fetcher store holds: the value, the error of the last attempt (an {@link ApiError}), and whether a request runs. */
export type Remote<T> = FetcherStore<T, ApiError>

/** The state of remote data as components render it: `data`, `error` (with its retry), or a spinner while `loading`. */
export type RemoteValue<T> = FetcherValue<T, ApiError>

/** The state of a store that has asked nothing (signed out, not asked yet): what a server render shows. */
export const notAsked = { loading: false } as const

/** Replies kept at most (every query of a game list is one): the oldest goes first. */
const cacheLimit = 200

/** nanoquery's cache, bounded: a long visit searching games must not grow it without end. */
class BoundedCache<K, V> extends Map<K, V> {
  // No reordering of a known key: nanoquery rewrites entries while it iterates over the keys.
  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= cacheLimit) this.delete(this.keys().next().value as K)
    return super.set(key, value)
  }
}

type Context = ReturnType<typeof nanoquery>
let context: Context | undefined
// Made on first use, not at import: nanoquery listens to the window's visibility and network events.
const query = (): Context =>
  (context ??= nanoquery({
    cache: new BoundedCache(),
    dedupeTime: remoteFreshMs,
    // A page opened in a background tab loads when it is shown (nanoquery does not fetch while hidden).
    revalidateOnFocus: true,
    // The client retries a GET once already; a failure is shown with its retry button, not retried on a timer.
    onErrorRetry: false,
  }))

/** Rejects with an {@link ApiError} whatever `run` rejects with: components read `error.messageKey`. */
const asApiErrors = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run()
  } catch (error) {
    throw toApiError(error)
  }
}

/**
 * A store of remote data keyed by `keys` (strings and stores; a store holding `false`, `null` or
 * `undefined` pauses it). It fetches while it has listeners, shares one request between every store of
 * the same key, serves a reply younger than `freshMs` without asking, and keeps the previous value while
 * asking again. The fetcher goes through the sdk client, whose session cache (SPEC §3, sessionStorage
 * through `sdk/storage`) is read before the network and written after it.
 * @example const $rooms = createFetcherStore(['rooms'], () => api('roomList', {}))
 */
export function createFetcherStore<T>(keys: KeyInput, fetcher: () => Promise<T>, options: FreshnessOptions = {}): Remote<T> {
  const { freshMs = remoteFreshMs, lifetimeMs, everyMs } = options
  const store = query()[0]<T, ApiError>(keys, {
    fetcher: () => asApiErrors(fetcher),
    dedupeTime: freshMs,
    ...(lifetimeMs === undefined ? {} : { cacheLifetime: lifetimeMs }),
    ...(everyMs === undefined ? {} : { revalidateInterval: everyMs }),
  })
  // nanoquery drops a fetch asked for while one of the same key runs. After a change (a withdrawal
  // confirmed, a transfer sent) the running one may have left before the change, and its older reply
  // would stand: ask again once it has settled.
  for (const name of ['revalidate', 'invalidate'] as const) {
    const ask = store[name]
    store[name] = () => {
      const running = store.value?.promise
      if (running) void running.then(ask, ask)
      else ask()
    }
  }
  return store
}

/**
 * For a member's own figures, which move with every round and payment: each view asks again (showing
 * the last reply meanwhile), so a reply is never reused without asking.
 */
export const everyView: FreshnessOptions = { freshMs: 0 }

/** How long a reply is reused without asking ({@link remoteFreshMs} by default) and how long it is shown at all. */
export interface FreshnessOptions {
  freshMs?: number
  /** After this a stale reply is no longer shown while asking again (default: kept for the page's life). */
  lifetimeMs?: number
  /** Asks again this often while something shows the store (a polled figure). */
  everyMs?: number
}

/** For what is asked once and kept (the platform's status, a captcha): asked again only when an action asks ({@link ask}). */
export const untilAsked: FreshnessOptions = { freshMs: Number.POSITIVE_INFINITY }

/** Key parts after a store's name: strings and stores (see {@link createFetcherStore}). */
export type KeyParts = Exclude<KeyInput, string | number | true>

/** A store of remote data as {@link ask} takes it: a fetcher store, or a view of one. */
export type Askable<T> = ReadableAtom<RemoteValue<T>> & Pick<Remote<T>, 'revalidate'>

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
const ignore = () => {}

/**
 * Asks `store` now and resolves with its state once the reply is in (never rejects: an error is in
 * the state), for an action that needs the value (sign-in, start-up, a retry). The store fetches
 * while this runs even when nothing shows it. `force` (the default) asks the platform even when a
 * fresh reply is kept, and asks again after a request that was already running; without it a fresh
 * reply is taken as is. A store whose key is paused (signed out) resolves at once with its empty state.
 * `release: 'now'` stops listening as soon as the reply is in (for a poll that runs while others listen).
 * @example const status = await ask($status) // status.data or status.error
 */
export async function ask<T>(store: Askable<T>, force = true, release: 'later' | 'now' = 'later'): Promise<RemoteValue<T>> {
  const before = store.value?.promise
  // Whether a request started since this call (by mounting, or by a key that changed just before).
  let started = false
  const stop = store.listen((state) => {
    if (state.promise && state.promise !== before) started = true
  })
  try {
    // A key part changed just before (a sign-in): nanoquery follows it in the next task.
    await nextTask()
    if (force && !started) store.revalidate()
    for (let state = store.get(); state.loading && state.promise; state = store.get()) await state.promise.then(ignore, ignore)
    return store.get()
  } finally {
    // Released as nanostores releases a store (after its unmount delay): the caller may read it right
    // after. A store's own poll releases at once, or its asking would keep the store it polls alive.
    if (release === 'now') stop()
    else setTimeout(stop, STORE_UNMOUNT_DELAY)
  }
}

/**
 * Keeps `store` listened to for the page's life, for a value read with `get()` outside any view (a
 * fetcher store nobody listens to holds nothing).
 */
export function hold<T>(store: ReadableAtom<T>): void {
  if (!held.has(store)) held.set(store, store.listen(ignore))
}
const held = new WeakMap<object, () => void>()

/**
 * A member's own data (their info, their balance), asked under `name`, the session token and `more`
 * key parts (a store in them holding nothing pauses it, as in {@link createFetcherStore}). It shows
 * nothing while signed out, and from the moment a session ends or changes it shows nothing of the
 * old one, even a reply of it that arrives later: the key follows the session only in the next task,
 * this view at once; a new session has a new key, so it asks afresh.
 * @example export const $member = createSessionStore('member', () => api('memberInfo', {}))
 */
export function createSessionStore<T>(name: string, fetcher: () => Promise<T>, options: FreshnessOptions & { more?: KeyParts } = {}): ShownRemote<T> {
  // The token last: a key is the session's when it ends with it.
  const store = createFetcherStore<T>([name, ...(options.more ?? []), '|', $token], fetcher, options)
  const ofSession = (key: string | undefined, token: string | undefined) => Boolean(token && key?.endsWith(`|${token}`))
  const view = computed([store, $token], (state, token): RemoteValue<T> => (ofSession(store.key, token) ? state : notAsked))
  // A session ended and the same one came back within one task: the key never changed, so ask here.
  onMount(view, () => $token.listen((token) => ofSession(store.key, token) && store.revalidate()))
  return Object.assign(view, { revalidate: store.revalidate, invalidate: store.invalidate, mutate: store.mutate })
}

/** Drops the cached replies of `selector` (a key, keys or a test); stores showing them ask again. */
export const invalidateKeys = (selector: KeySelector): void => query()[2].invalidateKeys(selector)

/** Marks the replies of `selector` stale; stores showing them ask again and keep the old value meanwhile. */
export const revalidateKeys = (selector: KeySelector): void => query()[2].revalidateKeys(selector)

/** Fetcher stores per key (game type, vendor …): the lobby's lanes, hot games, menus, rooms. */
export interface QueryFamily<K extends string, T> {
  /** The store of `key`: stays idle (`{ loading: false }`) until {@link load} asks for it, so a server render fetches nothing. */
  of(key: K): Remote<T>
  /** Asks for `key` (fetched while the store has listeners); `force` asks again at once (retry), keeping the old value meanwhile. */
  load(key: K, force?: boolean): void
}

/** Options of {@link queryFamily}. */
export interface QueryFamilyOptions {
  /** The reply carries translated text: the page language is part of the key, so a language change asks again. */
  localized?: boolean
  /** See {@link remoteFreshMs}. */
  freshMs?: number
}

/**
 * Creates a {@link QueryFamily} named `name` (the start of its cache keys) over `fetcher`.
 * @example export const hotGames = queryFamily('hotGames', (type: GameType) => api('hotGames', { gameType: type, language: $locale.get() }), { localized: true })
 */
export function queryFamily<K extends string, T>(name: string, fetcher: (key: K) => Promise<T>, options: QueryFamilyOptions = {}): QueryFamily<K, T> {
  const stores = new Map<K, { store: Remote<T>; $asked: WritableAtom<string | false> }>()
  const entry = (key: K) => {
    let found = stores.get(key)
    if (!found) {
      const $asked = atom<string | false>(false)
      // `|` keeps `RNG` + `:PG` apart from `RNG:` + `PG`; the key is written once it is asked for.
      const keys: KeyInput = options.localized ? [name, '|', $asked, '|', $locale] : [name, '|', $asked]
      found = { store: createFetcherStore(keys, () => fetcher(key), { freshMs: options.freshMs }), $asked }
      stores.set(key, found)
    }
    return found
  }
  return {
    of: (key) => entry(key).store,
    load(key, force = false) {
      const found = entry(key)
      // Asked once, kept for the page's life (as the lobby's data always was): a render reading the
      // store between two listeners must not unmount it, which would drop a reply that just arrived.
      hold(found.store)
      found.$asked.set(`${key}`)
      if (force) found.store.revalidate()
    },
  }
}

/** A {@link Remote} seen through a view (a session store, `keepShown` of sdk/stores/centre-lists.ts): the same state and actions. */
export type ShownRemote<T> = ReadableAtom<FetcherValue<T, ApiError>> & Pick<Remote<T>, 'revalidate' | 'invalidate' | 'mutate'>
