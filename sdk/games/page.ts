/**
 * The electronic games page's decisions, apart from what it renders: which vendor tab it opens on
 * (the address, else the provider a launch remembered), the search an address brought, the vendor
 * tab kept in the address, the game a banner link asked to launch, which list modes it offers, and
 * the hot games and classifications it shows. The page's store starts all of it from `onMount` and
 * stops when the page goes.
 * @module
 */
import { atom, computed, onMount, type ReadableAtom } from 'nanostores'
import type * as v from 'valibot'
import type { ClassifySchema } from '../contract/games.ts'
import type { GameMenu, Vendor } from '../contract/index.ts'
import { guard } from '../guard/index.ts'
import { $locale } from '../i18n/index.ts'
import { $loggedIn, $session } from '../stores/session.ts'
import { createLauncher, type Launcher } from './launcher.ts'
import { listModes, type ListMode } from './list-state.ts'
import type { GameList } from './list.ts'
import { classifications, hotGames } from './lobby.ts'
import { gameMenus, vendorsOf, type ElectronicType } from './menus.ts'

/** One classification of the filter. */
export type Classification = v.InferOutput<typeof ClassifySchema>

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
  /** The list modes it may offer (default all four; an embed offers only those a guest can use). */
  modes?: readonly ListMode[]
  /** Launches its cards and its banner link (default: a launcher of its own; none in the embed). */
  launcher?: Launcher
}

/** The games page's store and actions. */
export interface GamesPage {
  /** This page type's vendors, from the menus in the page language (empty until they load). */
  $vendors: ReadableAtom<Vendor[]>
  /** The menus naming the vendors have neither loaded nor failed yet (the vendor bar keeps room for them). */
  $vendorsLoading: ReadableAtom<boolean>
  /** Set once the list has opened: the name the address searched for (`''` for none), for the search field. */
  $opened: ReadableAtom<{ name: string } | undefined>
  /** The list modes shown: those offered, hot only when the type has hot games, favourites only signed in. */
  $modes: ReadableAtom<readonly ListMode[]>
  /** The classifications of the shown type and vendor (undefined until they load). */
  $classes: ReadableAtom<readonly Classification[] | undefined>
  /**
   * Launches the page's cards; a banner's `?nodeId=` is launched by it when the page opens. `undefined`
   * in the embed's bundle unless given: an element launches on the brand site (its `onLaunch`), so the
   * site's launch rules and their store stay out of it.
   */
  launcher: Launcher | undefined
  /** Whether the member may open `mode` now (favourites and recent games need a session: the login prompt shows otherwise). */
  mayOpenMode(mode: ListMode): boolean
  /** Searches by name unless the list already shows that search; answers the search, or undefined when there was none to do. */
  search(term: string): Promise<unknown> | undefined
  /** An embed's `vendor` attribute changed: switch to that tab once the list is open. */
  followVendor(vendor: string): void
  /** Switches the vendor tab, keeping it in the address when the page syncs it. */
  selectVendor(vendor: string): Promise<void>
  /**
   * The game a link asked to launch (`?nodeId=`, from a GAME banner), taken out of the address so a
   * reload or the back button does not launch it again. Only the first call can answer it.
   */
  takeLaunchId(): string | undefined
}

// True in the embed's bundle (widgets/embed/vite.config.ts defines it): an element never syncs the
// partner's address, so the bundler drops the address code (the tab, the search, the launch link) there.
declare const __LK_EMBED__: boolean | undefined
const onPartnerPage = typeof __LK_EMBED__ === 'boolean' && __LK_EMBED__

const current = () => new URL(window.location.href)
const replaceAddress = (url: URL) => window.history.replaceState(window.history.state, '', url)

/**
 * Creates the store of one games page. While `$opened` has listeners it loads the menus (again when
 * the language changes) and opens the list once the vendor is known.
 * @example const page = createGamesPage({ list: gameList, gameType: 'RNG', syncAddress: true })
 */
export function createGamesPage({
  list,
  gameType,
  syncAddress: asked,
  vendor = '',
  modes: offered = listModes,
  launcher = onPartnerPage ? undefined : createLauncher(),
}: GamesPageOptions): GamesPage {
  const syncAddress = onPartnerPage ? false : asked
  // The menus of the page language, followed while the page is shown.
  const $menuState = atom<{ data?: readonly GameMenu[]; error?: unknown }>({})
  const $vendors = computed($menuState, (menus) => vendorsOf(menus.data ?? [], gameType))
  const $vendorsLoading = computed($menuState, (menus) => !menus.data && !menus.error)
  const $opened = atom<{ name: string } | undefined>(undefined)
  // An embed's tab: its `vendor` attribute, which may change before the list opens.
  let embedVendor = vendor
  let listOpened = false
  const $modes = computed([hotGames.of(gameType), $loggedIn], (hot, loggedIn) =>
    offered.filter((mode) => (mode === 'hot' ? (hot.data?.list.length ?? 0) > 0 : mode === 'fav' ? loggedIn : true)),
  )
  const $classes = atom<readonly Classification[] | undefined>(undefined)
  // The classifications of the list's type and vendor, followed as the vendor tab changes.
  const followClasses = () => {
    let key = ''
    let stopKey = () => {}
    const stopList = list.$state.subscribe((state) => {
      const next = state.vendor ? `${gameType}:${state.vendor}` : gameType
      if (next === key) return
      key = next
      stopKey()
      classifications.load(key)
      stopKey = classifications.of(key).subscribe((classes) => $classes.set(classes.data))
    })
    return () => {
      stopList()
      stopKey()
    }
  }

  const open = (chosen: string, name: string) => {
    listOpened = true
    $opened.set({ name })
    void list.open(gameType, chosen).then(() => (name ? list.searchName(name) : undefined))
  }
  // Opens at once when the address names the vendor; waits for the menus when a tab number or a
  // remembered provider has to be checked against them (an error in the menus opens every vendor).
  const tryOpen = (): boolean => {
    if ($opened.get()) return true
    if (!syncAddress) {
      open(embedVendor, '')
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
    hotGames.load(gameType)
    const stops = [$locale.listen(follow), () => stopMenus(), followClasses()]
    // A GAME banner leads here with the game's id: launch it by the normal rules (login, trial, routing).
    const nodeId = takeLaunchId()
    if (nodeId) void launcher?.startById(nodeId)
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
  const takeLaunchId = () => {
    if (!syncAddress || launchTaken) return undefined
    launchTaken = true
    const url = current()
    if (!url.searchParams.has('nodeId')) return undefined
    const nodeId = url.searchParams.get('nodeId')?.trim()
    url.searchParams.delete('nodeId')
    replaceAddress(url)
    return nodeId || undefined
  }
  return {
    $vendors,
    $vendorsLoading,
    $opened,
    $modes,
    $classes,
    launcher,
    takeLaunchId,
    mayOpenMode: (mode) => (mode !== 'fav' && mode !== 'recent') || guard('play').ok,
    search(term) {
      const name = term.trim()
      return name === (list.$state.get().name ?? '') ? undefined : list.searchName(name)
    },
    followVendor(next) {
      if (syncAddress || next === embedVendor) return
      embedVendor = next
      // Read without `$opened.get()`, which would start the page (and open the list) if nothing shows it.
      if (listOpened) void list.setVendor(next)
    },
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
  }
}
