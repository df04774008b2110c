import { useStore } from '@nanostores/react'
import { useEffect, useMemo } from 'react'
import { $favouriteIds, $vendorPopup, closeVendorPopup, createGameList, gameListSources } from '../../sdk/games/index.ts'
import { EmptyState, ErrorState, useClientStore } from '../ui/index.ts'
import { Modal } from '../ui/Modal.tsx'
import { CardSkeletons, GameCard } from './GameCard.tsx'
import { Pagination } from './Pagination.tsx'
import { toggleFavouriteOrWarn } from './favourite.ts'
import { useLaunch } from './useLaunch.ts'

/**
 * The popup game list of a vendor (cards with `isGame: 'VASSALAGE'`), with paging. Pages load it on
 * demand (`useOnDemand`) when a card first opens it.
 */
export function VendorPopup() {
  const popup = useClientStore($vendorPopup, null)
  // A list of its own: the page's list stays as it was behind the popup.
  const list = useMemo(() => createGameList(gameListSources), [])
  const state = useStore(list.$state)
  const favourites = useStore($favouriteIds)
  const { launching, start } = useLaunch()

  useEffect(() => {
    if (popup) void list.open(popup.gameType, popup.vendor)
  }, [popup, list])

  return (
    <Modal open={popup !== null} onClose={closeVendorPopup} name="gamePopup" titleKey="lobby_vendor_games" width={880}>
      {popup && (
        <div className="lk-popup-list" data-vendor={popup.vendor}>
          {state.error ? (
            <ErrorState messageKey={state.error.messageKey} onRetry={() => void list.reload()} />
          ) : !state.ready || (state.loading && state.items.length === 0) ? (
            <CardSkeletons count={10} />
          ) : state.items.length === 0 ? (
            <EmptyState messageKey="lobby_no_games" />
          ) : (
            <ul className="lk-grid lk-grid--compact" aria-busy={state.loading || undefined}>
              {state.items.map((game) => (
                <GameCard
                  key={game.nodeId}
                  game={game}
                  favourite={favourites.has(game.nodeId)}
                  busy={launching === game.nodeId}
                  onLaunch={(g) => void start(g)}
                  onToggleFavourite={toggleFavouriteOrWarn}
                />
              ))}
            </ul>
          )}
          <Pagination page={state.page} totalPages={state.totalPages} onGo={(target) => void list.goTo(target)} disabled={state.loading} />
        </div>
      )}
    </Modal>
  )
}

export default VendorPopup
