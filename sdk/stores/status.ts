import { atom, computed } from 'nanostores'
import { whitelabelFlags, type Status, type WhitelabelFlag, type WhitelabelNode } from '../contract/index.ts'
import { api } from '../runtime/index.ts'
import { loadInto, type Loadable } from './loadable.ts'

/** Permission info and system status (SPEC §3, §4), loaded once at start-up by {@link loadStatus}. */
export const $status = atom<Loadable<Status>>({ loading: false })

/** Loads `/wps/system/status` for this host. Never rejects (the error lands in `$status`). */
export function loadStatus(): Promise<Loadable<Status>> {
  const host = typeof location === 'undefined' ? undefined : location.host
  return loadInto($status, () => api('status', host ? { url: host } : {}))
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

/**
 * Flattens the whitelabel tree to the known flags: a module is on only if it and every ancestor are
 * enabled; modules absent from the tree are off.
 */
export function flattenWhitelabel(tree: readonly WhitelabelNode[]): Record<WhitelabelFlag, boolean> {
  const flags = Object.fromEntries(whitelabelFlags.map((flag) => [flag, false])) as Record<WhitelabelFlag, boolean>
  const walk = (nodes: readonly WhitelabelNode[], parentOn: boolean) => {
    for (const node of nodes) {
      const on = parentOn && node.enabled
      if (node.modId in flags) flags[node.modId as WhitelabelFlag] ||= on
      walk(node.childrenNodes, on)
    }
  }
  walk(tree, true)
  return flags
}

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

const join = (base: string | undefined, path: string): string => {
  if (!base || /^(https?:)?\/\//.test(path) || path.startsWith('data:')) return path
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}

/** URL of an image path on a random image CDN (the path itself when absolute or no CDN is known). */
export const imageUrl = (path: string): string => join(pickCdn($status.get().data?.imageCDNs ?? []), path)
/** URL of a game launch path on a random launch CDN (the path itself when absolute or no CDN is known). */
export const launchUrl = (path: string): string => join(pickCdn($status.get().data?.launchGameCDNs ?? []), path)
