import './home.css'
import { useEffect, useState } from 'react'
import { winnerBoard } from '../../sdk/games/category.ts'
import { formatMoney } from '../../sdk/format/index.ts'
import { Icon } from '../shell/more-icons.tsx'
import { EmptyState, ErrorState, Skeleton, useClientStore, useT } from '../ui/index.ts'

const notLoaded = { loading: false } as const
/** Wins the ticker rolls through. */
export const tickerSize = 20

/**
 * The home page's winners ticker: the platform's latest wins (every category) rolling upwards in a
 * box of fixed height, paused on hover, focus or the player's pause button (WCAG 2.2.2); with reduced
 * motion the list stands still and scrolls.
 */
export function HomeWinners() {
  const t = useT()
  const board = useClientStore(winnerBoard.of('ALL'), notLoaded)
  const [stopped, setStopped] = useState(false)
  useEffect(() => void winnerBoard.load('ALL'), [])
  const wins = (board.data ?? []).slice(0, tickerSize)
  // The second copy makes the roll seamless; screen readers read the first only.
  const rows = (hidden: boolean) =>
    wins.map(({ vo }, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: two wins can share time and account; the position tells such rows apart
      <li key={`${hidden ? 'b' : 'a'}-${vo.time}-${vo.account}-${i}`} className="lk-home-win" aria-hidden={hidden || undefined}>
        <span className="lk-home-win__account">{vo.account}</span>
        <span className="lk-home-win__game">{vo.gameName}</span>
        <span className="lk-home-win__amount">{formatMoney(vo.winAmount)}</span>
      </li>
    ))
  return (
    <div className="lk-home-box lk-home-box--winners">
      {board.error ? (
        <ErrorState messageKey={board.error.messageKey} onRetry={() => void winnerBoard.load('ALL', true)} />
      ) : !board.data ? (
        <Skeleton count={5} height={28} />
      ) : wins.length === 0 ? (
        <EmptyState messageKey="lobby_winners_empty" />
      ) : (
        <div className={`lk-home-ticker${stopped ? ' is-stopped' : ''}`}>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: with reduced motion the list scrolls in its box, so keyboard users focus it to scroll (axe scrollable-region-focusable) */}
          <ol className="lk-home-ticker__track" tabIndex={0} aria-label={t('lobby_winners_title')} style={{ animationDuration: `${wins.length * 2.5}s` }}>
            {rows(false)}
            {wins.length > 4 && rows(true)}
          </ol>
          <button
            type="button"
            className="lk-iconbutton lk-home-ticker__pause"
            aria-pressed={stopped}
            aria-label={t('shell_home_pause_winners')}
            onClick={() => setStopped(!stopped)}
          >
            <Icon name={stopped ? 'play' : 'pause'} size={16} />
          </button>
        </div>
      )}
    </div>
  )
}
