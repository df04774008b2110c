import type { GameMenu } from '../contract/index.ts'
import { $locale } from '../i18n/index.ts'
import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core/site.ts'
import { ask, createFetcherStore, type RemoteValue } from '../stores/query.ts'
import { pageHref, pages } from '../pages/index.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core/site.ts).
const api = roomApi({ hotGames: core.hotGames, gameMenus: core.gameMenus })

/** Size of the login window non-slot vendors open (SPEC §2, §9). */
export const loginWindowFeatures = 'width=1300,height=900'

/** What choosing a vendor in the login popup's menu does. */
export type VendorTarget = { kind: 'link'; href: string } | { kind: 'window'; href: string; features: string }

/** A vendor entry of the menu. */
export interface LoginMenuVendor {
  vassalage: string
  name: string
  logo: string
  target: VendorTarget
}

/** A category of the login popup's game menu: hot games first, then the navigation categories. */
export interface LoginMenuCategory {
  /** `HOT` for the hot-games entry, else the category's game type. */
  id: string
  /** Locale key (hot games) or the platform's category name. */
  nameKey?: string
  name?: string
  vendors: LoginMenuVendor[]
}

/**
 * Where a vendor leads (SPEC §2): hot and slot vendors to `/rng?vassalage=`, fish to `/fish`, every
 * other kind opens the login page in a new 1300×900 window.
 */
export function vendorTarget(gameType: string, vassalage: string, hot: boolean): VendorTarget {
  if (hot || gameType === 'RNG') return { kind: 'link', href: pageHref.rng({ vassalage }) }
  if (gameType === 'FISH') return { kind: 'link', href: pages.fish }
  return { kind: 'window', href: pages.login, features: loginWindowFeatures }
}

/** Builds the menu from the hot-game vendors and the navigation categories. */
export function buildLoginMenu(hotVendors: GameMenu['vendors'], categories: readonly GameMenu[]): LoginMenuCategory[] {
  const vendor = (v: GameMenu['vendors'][number], hot: boolean): LoginMenuVendor => ({
    vassalage: v.vassalage,
    name: v.name,
    logo: v.logo,
    target: vendorTarget(v.gameType, v.vassalage, hot),
  })
  const menu: LoginMenuCategory[] = []
  if (hotVendors.length) menu.push({ id: 'HOT', nameKey: 'auth_menu_hot', vendors: hotVendors.map((v) => vendor(v, true)) })
  for (const c of categories) menu.push({ id: c.gameType, name: c.name, vendors: c.vendors.map((v) => vendor(v, false)) })
  return menu
}

/** The login popup's game menu in the current language, asked while shown (again after a language switch). */
export const $loginMenu = createFetcherStore<LoginMenuCategory[]>(['loginMenu', '|', $locale], async () => {
  const language = $locale.get()
  const [hot, categories] = await Promise.all([api('hotGames', { language }), api('gameMenus', { language })])
  return buildLoginMenu(hot.footer, categories)
})

/** Asks for the menu again (retry) and resolves with it. */
export const loadLoginMenu = (): Promise<RemoteValue<LoginMenuCategory[]>> => ask($loginMenu)

/** Opens the login page in a new window of the size SPEC §9 names. */
export function openLoginWindow(target: Extract<VendorTarget, { kind: 'window' }>): void {
  window.open(target.href, 'lk-login', target.features)
}
