import { atom, onMount } from 'nanostores'
import type { GameMenu } from '../contract/index.ts'
import { gameMenus, lotteryVendors } from '../games/menus.ts'
import { $locale } from '../i18n/index.ts'
import type { RemoteValue } from '../stores/index.ts'
import { pageHref, pageOf, pages } from '../pages/index.ts'

/** How many providers a nav dropdown lists before its 'more' entry (SPEC §9). */
export const navVendorLimit = 11

/**
 * Game menus for the nav in the current language, regrouped (SPEC §4: ESPORTS and COCKFIGHT split
 * out of SPORTS). Follows language switches.
 */
export const $navMenus = atom<RemoteValue<GameMenu[]>>({ loading: false })

onMount($navMenus, () => {
  let follow = () => {}
  const stopLocale = $locale.subscribe((lang) => {
    follow()
    follow = gameMenus.of(lang).subscribe((value) => $navMenus.set(value))
    void gameMenus.load(lang)
  })
  return () => {
    stopLocale()
    follow()
  }
})

/** A nav dropdown's providers: the first 11, and whether a 'more' entry follows. */
export function navVendors<T>(vendors: readonly T[]): { shown: T[]; more: boolean } {
  return { shown: vendors.slice(0, navVendorLimit), more: vendors.length > navVendorLimit }
}

/** Site route of a game category (`/rng`, `/live`, …). */
export const categoryHref = (menu: Pick<GameMenu, 'gameType' | 'page'>): string => {
  if (menu.gameType === 'LOTT') return pages.lottery
  const name = menu.page || menu.gameType
  // A page the platform names that this site lacks still gets its address (and the 404 page).
  return pageOf(name) ?? `/${name.toLowerCase().replace(/^\/+/, '')}`
}

/** Where a provider of a nav dropdown leads: its lobby tab, the lottery page, or the FB sports page. */
export function vendorHref(menu: Pick<GameMenu, 'gameType' | 'page'>, vassalage: string): string {
  if (menu.gameType === 'SPORTS' && vassalage === 'FB') return pages.fbsports
  if (lotteryVendors.includes(vassalage)) return pageHref.lottery({ vendor: vassalage })
  return `${categoryHref(menu)}?${new URLSearchParams({ vassalage })}`
}
