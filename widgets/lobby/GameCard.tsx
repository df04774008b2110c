import { memo } from 'react'
import type { Game } from '../../sdk/contract/index.ts'
import { useT } from '../ui/index.ts'
import { LazyImage } from './LazyImage.tsx'

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
 * toggle button (`aria-pressed`) named after the game. Under the name, outside the button (whose name
 * stays the game's): the provider, then the return to player and the volatility where the platform
 * gives them (the volatility drawn as three bars by lobby.css, its words for screen readers).
 */
export const GameCard = memo(function GameCard({ game, favourite, busy, onLaunch, onToggleFavourite }: GameCardProps) {
  const t = useT()
  // The percent as `count`: the one parameter t() writes with the language's decimal sign (96,5 in Spanish).
  return (
    <li className="lk-gamecard" part="card">
      <LazyImage path={game.image} alt="" />
      {/* The button's ::after covers the whole card, so the picture is clickable too. */}
      <button type="button" className="lk-gamecard__play" onClick={() => onLaunch(game)} aria-busy={busy || undefined} data-node-id={game.nodeId}>
        <span className="lk-gamecard__name" title={game.displayName}>
          {game.displayName}
        </span>
      </button>
      <p className="lk-gamecard__meta" data-vol={game.volatility}>
        <span>{game.vendorName || game.vendor}</span>
        {!!game.rtp && <span>{t('lobby_game_rtp', { count: game.rtp })}</span>}
        {game.volatility && <span className="lk-visually-hidden">{t(`lobby_volatility_${game.volatility}`)}</span>}
      </p>
      {game.isHot === 1 && <span className="lk-gamecard__badge">{t('lobby_hot_badge')}</span>}
      {onToggleFavourite && (
        <button
          type="button"
          className="lk-gamecard__fav"
          aria-pressed={favourite}
          aria-label={t('lobby_favourite_toggle', { name: game.displayName })}
          onClick={() => onToggleFavourite(game)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 3.2l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3.1-5.4 3.1 1.2-6-4.5-4.2 6.1-.7z" />
          </svg>
        </button>
      )}
    </li>
  )
})

/** A grid of placeholder cards with the same size as real ones (no layout shift), drawn by lobby.css. */
export function CardSkeletons({ count }: { count: number }) {
  const t = useT()
  return (
    <ul className="lk-grid lk-grid--skeleton" aria-busy="true" aria-label={t('loading')}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: skeleton cards have no identity of their own: the position is the key
        <li key={i} className="lk-gamecard lk-gamecard--skeleton lk-skeleton" aria-hidden="true" />
      ))}
    </ul>
  )
}
