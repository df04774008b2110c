import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, type FormEvent } from 'react'
import type { Game, Vendor } from '../../sdk/contract/index.ts'
import {
  $favouriteIds,
  $vendorPopup,
  closeVendorPopup,
  createGamesPage,
  gameList,
  minBetChoices,
  type GameList,
  type ElectronicType,
  type ListMode,
  type PageTarget,
  type GamesPage as GamesPageStore,
} from '../../sdk/games/index.ts'
import type { Launcher } from '../../sdk/games/launcher.ts'
import { EmptyState, ErrorState, useClientStore, useOnDemand, useT } from '../ui/index.ts'
import { CardSkeletons, GameCard } from './GameCard.tsx'
import { smallScreenQuery, useInfiniteScroll, useMediaQuery } from './hooks.ts'
import { Pagination } from './Pagination.tsx'
import { VendorBar } from './VendorBar.tsx'
import { toggleFavouriteOrWarn } from './favourite.ts'
import { useLaunch, type LaunchHook } from './useLaunch.ts'
import './lobby.css'

/** Props of {@link GamesPage}. */
export interface GamesPageProps {
  /** RNG, PVP or FISH (from the route, e.g. `/rng/fish` → FISH). */
  gameType: ElectronicType
  /** The list this page shows (default: the page's one list; an embed gives each element its own). */
  list?: GameList
  /**
   * Whether the vendor tab, search and `?nodeId=` live in the address (default true: the site's
   * page). An embed leaves the partner's address alone and takes {@link vendor} instead.
   */
  syncAddress?: boolean
  /** Vendor tab when the address is not used (`''` = every vendor); a change switches the tab. */
  vendor?: string
  /** List modes offered (default all four; an embed shows only the ones a guest can use). */
  modes?: readonly ListMode[]
  /** Opens a game somewhere else instead of the launch rules (an embed opens the brand site). */
  onLaunch?: (game: Game) => void
  /** The page's store made beforehand (an embed's first paint loads it before rendering); default: made here. */
  page?: GamesPageStore
}

// True in the embed's bundle (widgets/embed/vite.config.ts), false in the site's (astro.config.mjs).
declare const __LK_EMBED__: boolean | undefined
const embedded = typeof __LK_EMBED__ === 'boolean' && __LK_EMBED__
// An embedded list opens a game on the brand site (its element gives `onLaunch`), never by the site's
// launch rules, which are what open the vendor popup: the embed's bundle leaves the popup out.

const noFavourites: ReadonlySet<string> = new Set()
const noVendors: Vendor[] = []
// The vendor popup loads when a card first opens it (the launch rules open it: never in an embed).
const loadVendorPopup = () => import('./VendorPopup.tsx')
const noModes: readonly ListMode[] = []
const modeLabels: Record<ListMode, string> = { normal: 'lobby_mode_all', hot: 'lobby_mode_hot', fav: 'lobby_mode_fav', recent: 'lobby_mode_recent' }
const useVendorPopup = embedded
  ? () => null
  : function useVendorPopup() {
      const vendorPopup = useClientStore($vendorPopup, null)
      return useOnDemand(vendorPopup !== null, loadVendorPopup, closeVendorPopup)
    }
// The site's launch rules and the launcher store (`useLaunch`): the embed's element gives `onLaunch`
// and its bundle leaves them out.
const useLaunchRules: (given: Launcher | undefined) => LaunchHook | undefined = embedded ? () => undefined : useLaunch

/**
 * The electronic games page (`/rng`, `/pvp`, `/fish`): vendor bar, list modes, search by name,
 * classification and minimum bet, the game grid with paging (infinite scroll on small screens),
 * and favourites. PvP pages show the room list (`PvpRooms`) after it, as an island of its own.
 */
export function GamesPage({ gameType, list = gameList, syncAddress = true, vendor: vendorProp = '', modes: offered, onLaunch: launchElsewhere, page: given }: GamesPageProps) {
  const t = useT()
  const ids = useId()
  const state = useClientStore(list.$state, undefined)
  const favourites = useClientStore($favouriteIds, noFavourites)
  const small = useMediaQuery(smallScreenQuery)
  const VendorPopup = useVendorPopup()
  // The name field is uncontrolled: what a player types before the island hydrates is kept.
  const nameInput = useRef<HTMLInputElement>(null)
  const gridTop = useRef<HTMLDivElement>(null)
  // One store per page for its life: the list, type, address mode and modes offered are fixed for it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: an embed's later `vendor` changes switch the tab below, not the page
  const page = useMemo(() => given ?? createGamesPage({ list, gameType, syncAddress, vendor: vendorProp, modes: offered }), [given, list, gameType, syncAddress])
  const opened = useClientStore(page.$opened, undefined)
  const vendors = useClientStore(page.$vendors, noVendors)
  const vendorsLoading = useClientStore(page.$vendorsLoading, true)
  const visibleModes = useClientStore(page.$modes, noModes)
  const classes = useClientStore(page.$classes, undefined)
  const rules = useLaunchRules(page.launcher)
  const launching = rules?.launching ?? null
  const start = rules?.start
  const current = state?.gameType === gameType ? state : undefined
  // The grid, the vendor tabs and the classifications render from deferred copies: a reply's render
  // then runs as a transition React splits into short tasks (a phone's main thread stays free for
  // input), and replies arriving together render once. The controls and handlers read the live state.
  const shown = useDeferredValue(current)
  const shownVendors = useDeferredValue(vendors)
  const shownVendorsLoading = useDeferredValue(vendorsLoading)
  const shownClasses = useDeferredValue(classes)

  // The name an address searched for goes into the field, which is uncontrolled.
  useEffect(() => {
    if (opened?.name && nameInput.current) nameInput.current.value = opened.name
  }, [opened])
  useEffect(() => page.followVendor(vendorProp), [page, vendorProp])

  useInfiniteScroll(small && Boolean(current?.ready), () => void list.loadMore(), current?.appending ? 'loading' : current?.items.length)

  const selectVendor = (vendor: string) => void page.selectVendor(vendor)
  const selectMode = (mode: ListMode) => {
    if (!page.mayOpenMode(mode)) return
    if (nameInput.current) nameInput.current.value = ''
    void list.setMode(mode)
  }
  const search = (event: FormEvent) => {
    event.preventDefault()
    void page.search(nameInput.current?.value ?? '')
  }
  const go = (target: PageTarget) => {
    void list.goTo(target)
    gridTop.current?.scrollIntoView({ block: 'nearest' })
  }
  const onLaunch = useCallback((game: Game) => (launchElsewhere ? launchElsewhere(game) : void start?.(game)), [start, launchElsewhere])
  const count = shown?.ready && !shown.error ? t('lobby_result_count', { count: shown.total }) : ''

  return (
    <div className="lk-lobby lk-games" data-game-type={gameType} part="games">
      <VendorBar vendors={shownVendors} selected={current?.vendor ?? ''} onSelect={selectVendor} loading={shownVendorsLoading} />

      <div className="lk-filters">
        <div className="lk-modes" role="group" aria-label={t('lobby_modes')}>
          {visibleModes.map((mode) => (
            <button key={mode} type="button" className="lk-chip" aria-pressed={(current?.mode ?? 'normal') === mode} onClick={() => selectMode(mode)}>
              {t(modeLabels[mode])}
            </button>
          ))}
        </div>
        <form role="search" className="lk-search" onSubmit={search}>
          <label htmlFor={`${ids}-name`} className="lk-visually-hidden">
            {t('lobby_search_label')}
          </label>
          <input id={`${ids}-name`} ref={nameInput} type="search" name="gameName" placeholder={t('lobby_search_placeholder')} maxLength={100} enterKeyHint="search" />
          <button type="submit" className="lk-button lk-button--primary">
            {t('lobby_search')}
          </button>
        </form>
        <label className="lk-select">
          <span>{t('lobby_classification')}</span>
          <select value={current?.classify ?? ''} disabled={!current} onChange={(event) => void list.setClassify(event.target.value)}>
            <option value="">{t('lobby_classification_all')}</option>
            {(shownClasses ?? []).map((c) => (
              <option key={c.gameClassify} value={c.gameClassify}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="lk-select">
          <span>{t('lobby_min_bet')}</span>
          <select
            value={current?.minBet === undefined ? '' : String(current.minBet)}
            // Until the page is live a choice would reach no handler (and hydration would put it back).
            disabled={!current}
            onChange={(event) => void list.searchMinBet(event.target.value === '' ? undefined : Number(event.target.value))}
          >
            {minBetChoices.map((choice) => (
              <option key={choice ?? 'all'} value={choice === undefined ? '' : String(choice)}>
                {choice === undefined ? t('lobby_min_bet_all') : choice}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div ref={gridTop} className="lk-results">
        <p className="lk-results__count" role="status" aria-live="polite">
          {count}
        </p>
        {/* Skeletons until the first answer; then the games (kept while a new filter loads), the empty
            message when there are none, and a failed load's error under whatever shows. */}
        {!shown?.ready ? (
          <CardSkeletons count={list.pageSize} />
        ) : shown.items.length > 0 || (shown.loading && !shown.error) ? (
          <ul className="lk-grid" aria-busy={shown.loading || undefined} aria-label={t('lobby_games_list')}>
            {shown.items.map((game) => (
              <GameCard
                key={game.nodeId}
                game={game}
                favourite={favourites.has(game.nodeId)}
                busy={launching === game.nodeId}
                onLaunch={onLaunch}
                onToggleFavourite={!offered || offered.includes('fav') ? toggleFavouriteOrWarn : undefined}
              />
            ))}
          </ul>
        ) : (
          !shown.error && <EmptyState messageKey={shown.mode === 'fav' ? 'lobby_no_favourites' : shown.mode === 'recent' ? 'lobby_no_recent' : 'lobby_no_games'} />
        )}
        {shown?.ready && shown.error && <ErrorState messageKey={shown.error.messageKey} onRetry={() => void list.reload()} />}
        <div className="lk-pager-slot">
          {small
            ? shown?.appending && <p className="lk-results__more">{t('loading')}</p>
            : shown && <Pagination page={shown.page} totalPages={shown.totalPages} onGo={go} disabled={shown.loading} />}
        </div>
      </div>

      {VendorPopup && <VendorPopup />}
    </div>
  )
}

export default GamesPage
