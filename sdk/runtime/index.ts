/**
 * The configured singletons the stores use: one client, one storage, one merchant.
 * Call {@link configure} once at start-up (pages, embed loader, tests); everything else reads from here.
 * @module
 */
import { atom } from 'nanostores'
import type { EndpointKey, Route } from '../contract/index.ts'
import { createRequester, roomCaller, type Requester } from '../client/index.ts'
import { $locale } from '../i18n/index.ts'
import { pageStorage, type AppStorage } from '../storage/index.ts'
import { brandWire } from '../brand/index.ts'

/** What {@link configure} accepts; every field has a default. */
export interface RuntimeConfig {
  /** API origin; `''` (default) is the page's own origin. */
  baseURL?: string
  /** Merchant code (default: the brand's, `brandWire.merchant`). */
  merchant?: string
  /** Default: browser storage when `window` exists, else memory. */
  storage?: AppStorage
  fetch?: typeof fetch
  /** Public reads without custom headers (see the client's `simpleReads`): a page on another origin. */
  simpleReads?: boolean
}

let config: Required<Omit<RuntimeConfig, 'fetch' | 'simpleReads'>> & Pick<RuntimeConfig, 'fetch' | 'simpleReads'> = {
  baseURL: '',
  merchant: brandWire.merchant,
  storage: pageStorage(),
}
let client: Requester | undefined
const expiredListeners = new Set<() => void>()
const passwordListeners = new Set<() => void>()

/**
 * The storage in use. Stores subscribe to it so that {@link configure} with a new storage reloads
 * their persisted state.
 */
export const $storage = atom<AppStorage>(config.storage)

/**
 * Sets the platform origin, merchant, storage or fetch. Later calls replace the client.
 * @example configure({ baseURL: 'https://api.example.com', merchant: 'ACME' })
 */
export function configure(next: RuntimeConfig = {}): void {
  config = { ...config, ...next, storage: next.storage ?? config.storage }
  client = undefined
  $storage.set(config.storage)
}

/** The platform origin in use (`''`: the page's own origin). */
export const getBaseURL = (): string => config.baseURL

/**
 * A root-relative platform address (`/sandbox/cdn1/img/a.png`) made absolute on the configured
 * platform, so an embedded page on another origin asks the platform, not itself.
 */
export const onPlatform = (url: string): string => (config.baseURL && url.startsWith('/') && !url.startsWith('//') ? config.baseURL.replace(/\/+$/, '') + url : url)

/** The merchant code in use. */
export const getMerchant = (): string => config.merchant

/** The storage in use (same as `$storage.get()`). */
export const getStorage = (): AppStorage => $storage.get()

/** The shared client, created on first use with the current configuration and language. */
export function getClient(): Requester {
  client ??= createRequester({
    baseURL: config.baseURL,
    merchant: config.merchant,
    storage: config.storage,
    fetch: config.fetch,
    simpleReads: config.simpleReads,
    language: () => $locale.get(),
    onSessionExpired: () => {
      for (const listener of expiredListeners) listener()
    },
    onPasswordChangeRequired: () => {
      for (const listener of passwordListeners) listener()
    },
  })
  return client
}

/**
 * The `api` of a room (lottery, money, agent): calls the room's table through the shared client, so
 * the room's reply schemas load with the room's code and not on every page.
 * @example export const api = roomApi(moneyRoutes) // sdk/money/api.ts
 */
// Pure: a bundle that imports a room's module but never calls its api drops the room's table.
export const roomApi = /* @__NO_SIDE_EFFECTS__ */ <T extends Partial<Record<EndpointKey, Route>>>(table: T) => roomCaller(getClient, table)

/** Drops every session-cached reply (SPEC §3: on login, logout and language change). */
export function invalidateSessionCache(): void {
  getClient().clearCache()
}

/**
 * Registers a listener for the server ending the session; returns the unsubscribe function.
 * The session keys are already cleared when it runs.
 */
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener)
  return () => expiredListeners.delete(listener)
}

/**
 * Registers a listener for the platform answering that the session must change its password first
 * (a weak, expired or emailed temporary password: after a reload or in a new tab as much as after the
 * login); returns the unsubscribe function.
 */
export function onPasswordChangeRequired(listener: () => void): () => void {
  passwordListeners.add(listener)
  return () => passwordListeners.delete(listener)
}

// Cached replies hold language-dependent text; keys include the language, this frees the stale ones.
$locale.listen(() => invalidateSessionCache())
