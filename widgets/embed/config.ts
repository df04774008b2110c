/**
 * What the elements share on one page: the brand origin (the platform), defaults given through the
 * loader's command queue, and the runtime configured for them (memory storage: nothing of the
 * brand is written to the partner's storage).
 * @module
 */
import { configure, getBaseURL } from '../../sdk/runtime/index.ts'
import { createStorage } from '../../sdk/storage/index.ts'
import { replayingFetch } from '../../sdk/client/replay.ts'

/** Page-wide defaults a partner sets with `Lobbykit.q.push(['config', { … }])`. */
export interface EmbedDefaults {
  platform?: string
  lang?: string
  theme?: string
  affiliateCode?: string
}

/** The loader's global: command queue, version, page defaults. */
export interface LobbykitGlobal {
  q: unknown[][]
  version?: string
  defaults?: EmbedDefaults
  [name: string]: unknown
}

/** The bundle's version (package.json, replaced at build). */
export const version: string = typeof __LK_VERSION__ === 'string' ? __LK_VERSION__ : '0.0.0'
declare const __LK_VERSION__: string | undefined

/** The brand origin this bundle was served from (the default `platform`). */
export const bundleOrigin: string = new URL(import.meta.url).origin

/** The page's Lobbykit global (created by the loader or the snippet). */
export const lobbykit = (): LobbykitGlobal => ((window as unknown as { Lobbykit?: LobbykitGlobal }).Lobbykit ??= { q: [] })

/** The page defaults given with `config` (own properties only: a polluted Object.prototype adds none). */
export function pageDefaults(): EmbedDefaults {
  const lk = lobbykit()
  return Object.hasOwn(lk, 'defaults') && lk.defaults ? lk.defaults : {}
}

/** The origin of a platform attribute value, or an error naming what is expected. */
export function platformOrigin(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new TypeError(`lk-*: platform expects an origin like "https://brand.example", received "${value}"`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`lk-*: platform expects an http(s) origin, received "${value}"`)
  return url.origin
}

let configured = false

/**
 * Points the shared client at `origin` (one platform per page: the first element's wins, later
 * ones with another origin are refused with an error).
 */
export function usePlatform(origin: string): { ok: true } | { ok: false; message: string } {
  if (!configured) {
    // From a partner's page every public read is a simple request: no preflight before each. The
    // replies a first paint came with answer the element's first calls (see replay.ts).
    configure({ baseURL: origin, storage: createStorage(), simpleReads: true, fetch: replayingFetch })
    configured = true
    return { ok: true }
  }
  return getBaseURL() === origin ? { ok: true } : { ok: false, message: `lk-*: one platform per page; this page uses ${getBaseURL()}, the element asks ${origin}` }
}
