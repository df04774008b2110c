import { atom, computed } from 'nanostores'
import { flagsOf, type Status } from '../contract/index.ts'
import { setPlatformCurrency } from '../format/currency.ts'
import { roomApi, getBaseURL, onPlatform, $storage } from '../runtime/index.ts'
import * as core from '../contract/routes/core/site.ts'
import { ask, createFetcherStore, hold, untilAsked, type RemoteValue } from './query.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core/site.ts).
const api = roomApi({ status: core.status })

/**
 * The host the platform is asked about: the configured platform origin's; the page's own only when no
 * origin is configured (the page is the platform). An embedded element on a partner page so never
 * tells the platform the partner's host.
 */
function platformHost(): string | undefined {
  const base = getBaseURL()
  if (base) {
    try {
      return new URL(base).host
    } catch {
      return undefined
    }
  }
  return typeof location === 'undefined' ? undefined : location.host
}

// Each configuration (configure(): another platform, another storage) has its own status, asked anew:
// a computed store runs again only when its input changes, so this counts configurations.
let contexts = 0
const $context = computed($storage, (): number => ++contexts)
/** The host {@link loadStatus} asked about, in which configuration; nothing is asked before it. */
const $asked = atom<{ context: number; host: string } | null>(null)
const $statusKey = computed([$context, $asked], (context, asked) => (asked && asked.context === context ? `${context}|${asked.host}` : null))
/** A reply to take instead of asking (the head script's call), used by the next fetch only. */
let adopted: (() => Promise<Status>) | undefined

/**
 * Permission info and system status (SPEC §3, §4) of the configured platform: asked at start-up by
 * {@link loadStatus} (the status gate), then kept for the page's life; nothing is asked before that,
 * so a server render asks nothing.
 */
export const $status = createFetcherStore<Status>(
  ['status', '|', $statusKey],
  () => {
    const reply = adopted
    adopted = undefined
    const host = $asked.get()?.host
    return reply ? reply() : api('status', host ? { url: host } : {})
  },
  untilAsked,
)

/**
 * Asks `/wps/system/status` for the platform's host now (or takes `reply`, the head script's call of
 * it) and resolves with the state. Never rejects (the error lands in `$status`, the last status
 * staying beside it).
 */
export function loadStatus(reply?: () => Promise<Status>): Promise<RemoteValue<Status>> {
  adopted = reply
  $asked.set({ context: $context.get(), host: platformHost() ?? '' })
  const asked = ask($status).then((state) => {
    // Every amount shown from now on is in the platform's currency (its symbol and decimals by Intl).
    setPlatformCurrency(state.data?.brand?.currency)
    if (state.data?.paymentSimulator) console.warn('Lobbykit: this platform runs the payment simulator in production: deposits are FAKE.')
    return state
  })
  // Read with get() by the CDN helpers at any time: kept for the page's life once asked.
  hold($status)
  return asked
}

/** Which top-level view to show: 0 the app, 1 maintenance, 2 region blocked (SPEC §4). */
export type SystemStatus = 0 | 1 | 2

/** {@link SystemStatus} from the status reply, or from a `maintenance`/`region_blocked` error. */
export const $systemStatus = computed($status, ({ data, error }): SystemStatus => {
  if (data) return data.maintenance.enabled ? 1 : data.regionRestriction.enabled ? 2 : 0
  if (error?.code === 'maintenance') return 1
  if (error?.code === 'region_blocked') return 2
  return 0
})

/** Every known whitelabel flag's state in a tree, by the contract's one rule (`isFlagOn`). */
export const flattenWhitelabel = flagsOf

/** Whitelabel feature switches by modId (all off until the status has loaded). */
export const $flags = computed($status, ({ data }) => flattenWhitelabel(data?.whitelabel ?? []))
/** Customer-service entries (live chat, WhatsApp, Telegram…). */
export const $customerService = computed($status, ({ data }) => data?.customerService ?? [])
/** App downloads, logo and favicon resources. */
export const $resources = computed($status, ({ data }) => data?.resources ?? [])
/** The visitor's address as the platform sees it (shown on the region-blocked page). */
export const $location = computed($status, ({ data }) => data?.location)

/** A random entry of `list` (SPEC §9: CDNs are picked at random), or `undefined` when empty. */
export const pickCdn = <T>(list: readonly T[]): T | undefined => list[Math.floor(Math.random() * list.length)]

const isAbsolute = (path: string): boolean => /^(https?:)?\/\//.test(path) || path.startsWith('data:')

const join = (base: string | undefined, path: string): string => {
  if (!base || isAbsolute(path)) return path
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}

/** How many image paths keep their CDN: as many as the loaded-image cache holds (SPEC §9). */
export const imagePicksKept = 200
// Path → image CDN picked for it, least recently used first. The pick is made once per path because
// the loaded-image cache and the browser's cache are keyed by the full address: a new pick on every
// mount would miss both, blank the thumbnail and download it again.
const imagePicks = new Map<string, string>()

/**
 * URL of an image path on an image CDN picked at random the first time the path is asked for and
 * kept for the session (the {@link imagePicksKept} most recent paths), so a path always gets the same
 * address. The path itself when absolute or no CDN is known (then nothing is kept).
 * @param failed - an address of this path that failed to load: pick another CDN for the path, when
 *   there is one, and keep that instead
 * @example <img src={imageUrl('/games/a.png')}> // same address on every render and revisit
 */
export function imageUrl(path: string, failed?: string): string {
  const cdns = $status.get().data?.imageCDNs ?? []
  if (cdns.length === 0 || isAbsolute(path)) return path
  const kept = imagePicks.get(path)
  imagePicks.delete(path)
  // A kept CDN that has left the list, or that just failed this path, is picked again.
  const at = (c: string) => onPlatform(join(c, path))
  let cdn = kept !== undefined && cdns.includes(kept) && at(kept) !== failed ? kept : undefined
  if (cdn === undefined) {
    const others = cdns.filter((c) => at(c) !== failed)
    cdn = pickCdn(others.length > 0 ? others : cdns) as string
  }
  imagePicks.set(path, cdn)
  if (imagePicks.size > imagePicksKept) imagePicks.delete(imagePicks.keys().next().value as string)
  return at(cdn)
}

/**
 * Keeps `url` as the address of image `path` when it is one of the CDNs' (an embed's first paint
 * picked it on the server): the browser then asks the address the server's HTML already loaded.
 */
export function keepImageUrl(path: string, url: string): void {
  const cdn = ($status.get().data?.imageCDNs ?? []).find((c) => onPlatform(join(c, path)) === url)
  if (cdn !== undefined && !isAbsolute(path)) imagePicks.set(path, cdn)
}

/** URL of a game launch path on a random launch CDN (the path itself when absolute or no CDN is known). */
export const launchUrl = (path: string): string => join(pickCdn($status.get().data?.launchGameCDNs ?? []), path)
