import '../lobby/lobby.css'
import './home.css'
import { useCallback, useEffect } from 'react'
import type { Game } from '../../sdk/contract/index.ts'
import { hotGames } from '../../sdk/games/index.ts'
import { EmptyState, ErrorState, useClientStore, useT } from '../ui/index.ts'
import { GameCard } from '../lobby/GameCard.tsx'
import { useLaunch } from '../lobby/useLaunch.ts'

const notLoaded = { loading: false } as const

/** Props of {@link HomeGames}. */
export interface HomeGamesProps {
  /** The category whose hot games the row shows (`RNG` for slots, `LIVE` for live tables). */
  gameType: 'RNG' | 'LIVE'
  /** Locale key naming the row (the list's accessible name). */
  labelKey: string
  /** Cards shown at most. */
  count?: number
}

/** A row of placeholder cards of the real cards' size (the row keeps its height: nothing shifts). */
export function LaneSkeleton({ count = 6 }: { count?: number }) {
  const t = useT()
  return (
    <ul className="lk-home-lane" aria-busy="true" aria-label={t('loading')}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own: the position is the key
        <li key={i} className="lk-gamecard lk-gamecard--skeleton lk-skeleton" aria-hidden="true" />
      ))}
    </ul>
  )
}

/**
 * The home page's row of a category's hot games (the platform's hot list): thumbnails in a row that
 * scrolls sideways, one tap launches (a guest is asked to log in, as everywhere on the site).
 */
export function HomeGames({ gameType, labelKey, count = 12 }: HomeGamesProps) {
  const t = useT()
  const hot = useClientStore(hotGames.of(gameType), notLoaded)
  const { launching, start } = useLaunch()
  useEffect(() => void hotGames.load(gameType), [gameType])
  const onLaunch = useCallback((game: Game) => void start(game), [start])
  return (
    <div className="lk-home-box lk-home-box--games">
      {hot.error ? (
        <ErrorState messageKey={hot.error.messageKey} onRetry={() => void hotGames.load(gameType, true)} />
      ) : !hot.data ? (
        <LaneSkeleton />
      ) : hot.data.list.length === 0 ? (
        <EmptyState messageKey="lobby_hot_empty" />
      ) : (
        <ul className="lk-home-lane" aria-label={t(labelKey)}>
          {hot.data.list.slice(0, count).map((game) => (
            <GameCard key={game.nodeId} game={game} favourite={false} busy={launching === game.nodeId} onLaunch={onLaunch} />
          ))}
        </ul>
      )}
    </div>
  )
}
