import { memo } from 'react'
import type { Game } from '../../sdk/contract/index.ts'
import { useT } from '../ui/index.ts'
import { LazyImage } from './LazyImage.tsx'
import { IconStar } from '../ui/icons.tsx'

/** Props of {@link GameCard}. */
export interface GameCardProps {
  game: Game
  favourite: boolean
  /** Whether this card's launch is running. */
  busy: boolean
  onLaunch: (game: Game) => void
  /** Omit to hide the favourite toggle. */
  onToggleFavourite?: (game: Game) => void
}

/**
 * A game card: a button named after the game (covering the whole card) launches it; the star is a
 * toggle button (`aria-pressed`) named after the game.
 */
export const GameCard = memo(function GameCard({ game, favourite, busy, onLaunch, onToggleFavourite }: GameCardProps) {
  const t = useT()
  return (
    <li className="lk-gamecard" part="card">
      <LazyImage path={game.image} alt="" />
      {/* The button's ::after covers the whole card, so the picture is clickable too. */}
      <button type="button" className="lk-gamecard__play" onClick={() => onLaunch(game)} aria-busy={busy || undefined} data-node-id={game.nodeId}>
        <span className="lk-gamecard__name" title={game.displayName}>
          {game.displayName}
        </span>
      </button>
      {game.isHot === 1 && <span className="lk-gamecard__badge">{t('lobby_hot_badge')}</span>}
      {onToggleFavourite && (
        <button
          type="button"
          className="lk-gamecard__fav"
          aria-pressed={favourite}
          aria-label={t('lobby_favourite_toggle', { name: game.displayName })}
          onClick={() => onToggleFavourite(game)}
        >
          <IconStar />
        </button>
      )}
    </li>
  )
})

/** A grid of placeholder cards with the same size as real ones (no layout shift). */
export function CardSkeletons({ count }: { count: number }) {
  const t = useT()
  return (
    <ul className="lk-grid lk-grid--skeleton" aria-busy="true" aria-label={t('loading')}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: skeleton cards have no identity of their own: the position is the key
        <li key={i} className="lk-gamecard lk-gamecard--skeleton" aria-hidden="true">
          <span className="lk-lazy lk-skeleton" style={{ paddingTop: '75%' }} />
          <span className="lk-gamecard__name lk-skeleton" />
        </li>
      ))}
    </ul>
  )
}
