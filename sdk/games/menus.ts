import type { GameMenu, GameType, Vendor } from '../contract/index.ts'
import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core/site.ts'
import { queryFamily } from '../stores/query.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core/site.ts).
const api = roomApi({ gameMenus: core.gameMenus })

/** Cockfight providers listed under sports by the platform (SPEC §4 category regrouping). */
export const cockfightVendors: readonly string[] = ['DS88', 'SV3']

/** Lottery vendors: their games open the lottery page (SPEC §3). */
export const lotteryVendors: readonly string[] = ['TCG_LOTTO_VN', 'TCG_SEA', 'ELOTT', 'LOTT']

/** Game types shown on the electronic games page (`/rng`, `/pvp`, `/fish`). */
export const electronicTypes = ['RNG', 'PVP', 'FISH'] as const satisfies readonly GameType[]
export type ElectronicType = (typeof electronicTypes)[number]

/** Game types shown on a category page (`/live`, `/sports`, `/esports`, `/elott`, `/cockfight`). */
export const categoryTypes = ['LIVE', 'SPORTS', 'ESPORTS', 'ELOTT', 'COCKFIGHT'] as const satisfies readonly GameType[]
export type CategoryType = (typeof categoryTypes)[number]

const splitType = (vendor: Vendor): 'ESPORTS' | 'COCKFIGHT' | undefined => {
  if (vendor.gameType === 'COCKFIGHT' || cockfightVendors.includes(vendor.vassalage)) return 'COCKFIGHT'
  if (vendor.gameType === 'ESPORTS') return 'ESPORTS'
  return undefined
}

/**
 * Splits esports providers out of sports into ESPORTS and cockfight providers (DS88, SV3) into
 * COCKFIGHT, both placed right after SPORTS (SPEC §4). Menus the platform already sends for those
 * types are merged, not duplicated; empty menus are dropped.
 * @param menus - the platform's menus in display order
 * @returns a new list; the input is not changed
 */
export function regroupMenus(menus: readonly GameMenu[]): GameMenu[] {
  const moved: Record<'ESPORTS' | 'COCKFIGHT', Vendor[]> = { ESPORTS: [], COCKFIGHT: [] }
  const kept: GameMenu[] = []
  for (const menu of menus) {
    if (menu.gameType === 'ESPORTS' || menu.gameType === 'COCKFIGHT') {
      moved[menu.gameType].push(...menu.vendors)
      continue
    }
    if (menu.gameType !== 'SPORTS') {
      kept.push(menu)
      continue
    }
    const stay: Vendor[] = []
    for (const vendor of menu.vendors) {
      const target = splitType(vendor)
      if (target) moved[target].push({ ...vendor, gameType: target })
      else stay.push(vendor)
    }
    kept.push({ ...menu, vendors: stay })
  }
  const extra = (['ESPORTS', 'COCKFIGHT'] as const)
    .filter((type) => moved[type].length > 0)
    .map((type): GameMenu => ({ gameType: type, page: type.toLowerCase(), name: type, vendors: moved[type] }))
  const at = kept.findIndex((menu) => menu.gameType === 'SPORTS')
  const out = at < 0 ? [...kept, ...extra] : [...kept.slice(0, at + 1), ...extra, ...kept.slice(at + 1)]
  return out.filter((menu) => menu.vendors.length > 0)
}

/** Lottery prize mode of the site (SPEC §4 and §9). */
export type PrizeMode = 'Lott' | 'ZY' | 'Elott' | 'SEA'

/**
 * Electronic lottery mode when an ELOTT category lists TCG_LOTTO_VN or LOTT, otherwise lottery mode.
 * @param menus - game menus (regrouped or not)
 */
export function prizeModeOf(menus: readonly GameMenu[]): PrizeMode {
  const elott = menus.filter((menu) => menu.gameType === 'ELOTT')
  const hit = elott.some((menu) => menu.vendors.some((vendor) => vendor.vassalage === 'TCG_LOTTO_VN' || vendor.vassalage === 'LOTT'))
  return hit ? 'Elott' : 'Lott'
}

/** Vendors of one game type in menu order (the vendor bar). */
export const vendorsOf = (menus: readonly GameMenu[], type: GameType): Vendor[] => menus.filter((menu) => menu.gameType === type).flatMap((menu) => menu.vendors)

/**
 * Game menus (category nav items with their vendors), regrouped, per language (the key).
 * @example gameMenus.load($locale.get()); gameMenus.of('en').get().data
 */
export const gameMenus = queryFamily('gameMenus', (language: string) => api('gameMenus', { language }).then(regroupMenus))
