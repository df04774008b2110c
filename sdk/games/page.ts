/**
 * The electronic games page's decisions, apart from what it renders: which vendor tab it opens on
 * (the address, else the provider a launch remembered), the search an address brought, the vendor
 * tab kept in the address, and the game a banner link asked to launch. The page's store starts all of
 * it from `onMount` and stops when the page goes.
 * @module
 */
import { atom, computed, onMount, type ReadableAtom } from 'nanostores'
import type { GameMenu, Vendor } from '../contract/index.ts'
import { $locale } from '../i18n/index.ts'
import { $session } from '../stores/session.ts'
import type { GameList } from './list.ts'
import { gameMenus, vendorsOf, type ElectronicType } from './menus.ts'

/**
 * The vendor an address asks for: `vassalage`, else `page` (a vendor code or a 1-based tab number).
 * @example vendorFromAddress('?page=2', [{ vassalage: 'PG' }, { vassalage: 'JILI' }]) // 'JILI'
 */
export function vendorFromAddress(search: string, vendors: readonly Pick<Vendor, 'vassalage'>[]): string | undefined {
  const query = new URLSearchParams(search)
  const vassalage = query.get('vassalage')
  if (vassalage) return vassalage
  const page = query.get('page')
  if (!page) return undefined
  const byCode = vendors.find((v) => v.vassalage.toLowerCase() === page.toLowerCase())
  if (byCode) return byCode.vassalage
  const index = Number(page)
  return Number.isInteger(index) && index >= 1 ? vendors[index - 1]?.vassalage : undefined
}

/**
 * Whether the address or a remembered provider must be checked against the page's vendors before the
 * list opens: a tab number or code, or a remembered provider, without an explicit `vassalage`.
 */
export const needsVendors = (search: string, remembered: string | undefined): boolean => {
  const query = new URLSearchParams(search)
  return !query.get('vassalage') && (Boolean(query.get('page')) || Boolean(remembered))
}

/** Options of {@link createGamesPage}. */
export interface GamesPageOptions {
  list: GameList
  gameType: ElectronicType
  /** The site's page keeps its tab, search and launch link in the address; an embed leaves the partner's address alone. */
  syncAddress: boolean
  /** The tab of an embed (`''`: every vendor); with `syncAddress` the address decides. */
  vendor?: string
}

/** The games page's store and actions. */
export interface GamesPage {
  /** This page type's vendors, from the menus in the page language (empty until they load). */
  $vendors: ReadableAtom<Vendor[]>
  /** The menus naming the vendors have neither loaded nor failed yet (the vendor bar keeps room for them). */
  $vendorsLoading: ReadableAtom<boolean>
  /** Set once the list has opened: the name the address searched for (`''` for none), for the search field. */
  $opened: ReadableAtom<{ name: string } | undefined>
  /** Switches the vendor tab, keeping it in the address when the page syncs it. */
  selectVendor(vendor: string): Promise<void>
  /**
   * The game a link asked to launch (`?nodeId=`, from a GAME banner), taken out of the address so a
   * reload or the back button does not launch it again. Only the first call can answer it.
   */
  takeLaunchId(): string | undefined
}

const current = () => new URL(window.location.href)
const replaceAddress = (url: URL) => window.history.replaceState(window.history.state, '', url)

/**
 * Creates the store of one games page. While `$opened` has listeners it loads the menus (again when
 * the language changes) and opens the list once the vendor is known.
 * @example const page = createGamesPage({ list: gameList, gameType: 'RNG', syncAddress: true })
 */
export function createGamesPage({ list, gameType, syncAddress, vendor = '' }: GamesPageOptions): GamesPage {
  // The menus of the page language, followed while the page is shown.
  const $menuState = atom<{ data?: readonly GameMenu[]; error?: unknown }>({})
  const $vendors = computed($menuState, (menus) => vendorsOf(menus.data ?? [], gameType))
  const $vendorsLoading = computed($menuState, (menus) => !menus.data && !menus.error)
  const $opened = atom<{ name: string } | undefined>(undefined)

  const open = (chosen: string, name: string) => {
    $opened.set({ name })
    void list.open(gameType, chosen).then(() => (name ? list.searchName(name) : undefined))
  }
  // Opens at once when the address names the vendor; waits for the menus when a tab number or a
  // remembered provider has to be checked against them (an error in the menus opens every vendor).
  const tryOpen = (): boolean => {
    if ($opened.get()) return true
    if (!syncAddress) {
      open(vendor, '')
      return true
    }
    const search = window.location.search
    const remembered = $session.get().gameVendor
    const menus = $menuState.get()
    if (needsVendors(search, remembered) && !menus.data && !menus.error) return false
    const vendors = $vendors.get()
    const chosen = vendorFromAddress(search, vendors) ?? (remembered && vendors.some((v) => v.vassalage === remembered) ? remembered : '')
    // A search sent before the island was ready arrives as `?gameName=` (the form's plain submit).
    open(chosen, new URLSearchParams(search).get('gameName')?.trim() ?? '')
    return true
  }

  onMount($opened, () => {
    // A server render shows the page unopened: the address and the menus are the browser's (an
    // embed's page, which reads no address, opens there too: its first paint is rendered loaded).
    if (syncAddress && typeof window === 'undefined') return
    let stopMenus = () => {}
    const follow = (lang: string) => {
      gameMenus.load(lang)
      stopMenus()
      stopMenus = gameMenus.of(lang).subscribe((state) => $menuState.set(state))
    }
    follow($locale.get())
    const stops = [$locale.listen(follow), () => stopMenus()]
    if (!tryOpen()) {
      const stopWaiting = $menuState.listen(() => {
        if (tryOpen()) stopWaiting()
      })
      stops.push(stopWaiting)
    }
    return () => {
      for (const stop of stops) stop()
    }
  })

  let launchTaken = false
  return {
    $vendors,
    $vendorsLoading,
    $opened,
    selectVendor(next) {
      if (syncAddress) {
        const url = current()
        url.searchParams.delete('page')
        if (next) url.searchParams.set('vassalage', next)
        else url.searchParams.delete('vassalage')
        replaceAddress(url)
      }
      return list.setVendor(next)
    },
    takeLaunchId() {
      if (!syncAddress || launchTaken) return undefined
      launchTaken = true
      const url = current()
      if (!url.searchParams.has('nodeId')) return undefined
      const nodeId = url.searchParams.get('nodeId')?.trim()
      url.searchParams.delete('nodeId')
      replaceAddress(url)
      return nodeId || undefined
    },
  }
}
