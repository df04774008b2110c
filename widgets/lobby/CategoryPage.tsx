import { useCallback, useEffect, useMemo } from 'react'
import type { Game, Vendor } from '../../sdk/contract/index.ts'
import { vendorLanes } from '../../sdk/games/category.ts'
import { $favouriteIds, $vendorPopup, classifications, closeVendorPopup, hotGames, type CategoryType } from '../../sdk/games/index.ts'
import { EmptyState, ErrorState, useClientStore, useOnDemand, useT } from '../ui/index.ts'
import { CardSkeletons, GameCard } from './GameCard.tsx'
import { LazyImage } from './LazyImage.tsx'
import { WinnerBoard } from './WinnerBoard.tsx'
import { toggleFavouriteOrWarn } from './favourite.ts'
import { launchKeyOf, useLaunch } from './useLaunch.ts'
import './lobby.css'

const noFavourites: ReadonlySet<string> = new Set()
// The vendor popup loads when a card first opens it.
const loadVendorPopup = () => import('./VendorPopup.tsx')
const notLoaded = { loading: false } as const

/** Props of {@link CategoryPage}. */
export interface CategoryPageProps {
  /** LIVE, SPORTS, ESPORTS, ELOTT or COCKFIGHT. */
  gameType: CategoryType
}

/**
 * A category page (`/live`, `/sports`, `/esports`, `/elott`, `/cockfight`): vendor lanes, hot
 * games with their vendors, and the winner board.
 */
export function CategoryPage({ gameType }: CategoryPageProps) {
  const t = useT()
  const lanes = useClientStore(vendorLanes.of(gameType), notLoaded)
  const hot = useClientStore(hotGames.of(gameType), notLoaded)
  const classes = useClientStore(classifications.of(gameType), notLoaded)
  const favourites = useClientStore($favouriteIds, noFavourites)
  const { launching, start } = useLaunch()
  const vendorPopup = useClientStore($vendorPopup, null)
  const VendorPopup = useOnDemand(vendorPopup !== null, loadVendorPopup, closeVendorPopup)

  useEffect(() => {
    void vendorLanes.load(gameType)
    void hotGames.load(gameType)
    void classifications.load(gameType)
  }, [gameType])

  // Lanes carry a classification code; its name in the page language comes with the classifications.
  const classifyNames = useMemo(() => new Map((classes.data ?? []).map((c) => [c.gameClassify, c.name])), [classes.data])

  // The platform lists every vendor under hot games; this page shows its own category's.
  const footer = (hot.data?.footer ?? []).filter((vendor) => vendor.gameType === gameType)
  const onLaunch = useCallback((target: Game | Vendor) => void start(target), [start])
  const cards = (games: readonly Game[], label: string) => (
    <ul className="lk-grid lk-grid--lane" aria-label={label}>
      {games.map((game) => (
        <GameCard
          key={game.nodeId}
          game={game}
          favourite={favourites.has(game.nodeId)}
          busy={launching === game.nodeId}
          onLaunch={onLaunch}
          onToggleFavourite={toggleFavouriteOrWarn}
        />
      ))}
    </ul>
  )

  return (
    <div className="lk-lobby lk-category" data-game-type={gameType}>
      <section className="lk-lobby-section" aria-labelledby="lk-hot-title">
        <h2 id="lk-hot-title" className="lk-lobby-section__title">
          {t('lobby_hot_title')}
        </h2>
        {hot.error ? (
          <ErrorState messageKey={hot.error.messageKey} onRetry={() => void hotGames.load(gameType, true)} />
        ) : !hot.data ? (
          <CardSkeletons count={6} />
        ) : hot.data.list.length === 0 ? (
          <EmptyState messageKey="lobby_hot_empty" />
        ) : (
          cards(hot.data.list, t('lobby_hot_title'))
        )}
        {footer.length > 0 && (
          <ul className="lk-hot-vendors" aria-label={t('lobby_vendors')}>
            {footer.map((vendor) => (
              <li key={vendor.vassalage}>
                <button type="button" className="lk-vendor" onClick={() => onLaunch(vendor)} aria-busy={launching === launchKeyOf(vendor) || undefined}>
                  <LazyImage path={vendor.logo} alt="" ratio="3 / 1" className="lk-vendor__logo" />
                  <span className="lk-vendor__name">{vendor.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="lk-category__body">
        <div className="lk-lanes">
          {lanes.error ? (
            <ErrorState messageKey={lanes.error.messageKey} onRetry={() => void vendorLanes.load(gameType, true)} />
          ) : !lanes.data ? (
            <section className="lk-lobby-section">
              <span className="lk-lobby-section__title lk-skeleton" aria-hidden="true" />
              <CardSkeletons count={6} />
            </section>
          ) : lanes.data.length === 0 ? (
            <EmptyState messageKey="lobby_no_games" />
          ) : (
            lanes.data.map((lane, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the platform does not promise unique lane titles; the list is replaced whole, never reordered, and the position also names the heading id
              <section key={`${lane.title}-${i}`} className="lk-lobby-section lk-lane" aria-labelledby={`lk-lane-${i}`} data-classify={lane.gameClassify}>
                <div className="lk-lane__head">
                  <h2 id={`lk-lane-${i}`} className="lk-lobby-section__title">
                    {lane.title}
                  </h2>
                  {classifyNames.has(lane.gameClassify) && <span className="lk-lane__classify">{classifyNames.get(lane.gameClassify)}</span>}
                </div>
                {lane.cards.length === 0 ? <EmptyState messageKey="lobby_no_games" /> : cards(lane.cards, lane.title)}
              </section>
            ))
          )}
        </div>
        <WinnerBoard />
      </div>
      {VendorPopup && <VendorPopup />}
    </div>
  )
}

export default CategoryPage
