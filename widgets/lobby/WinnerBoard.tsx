import { useEffect } from 'react'
import { winnerBoard, winnerBoardSize } from '../../sdk/games/category.ts'
import { formatMoney } from '../../sdk/format/index.ts'
import { EmptyState, ErrorState, Skeleton, useClientStore, useT } from '../ui/index.ts'

const notLoaded = { loading: false } as const

/** The winner board: the latest 50 wins of every category (account, game, amount). */
export function WinnerBoard() {
  const t = useT()
  const board = useClientStore(winnerBoard.of('ALL'), notLoaded)
  useEffect(() => void winnerBoard.load('ALL'), [])

  return (
    <section className="lk-lobby-section lk-winners" aria-labelledby="lk-winners-title">
      <h2 id="lk-winners-title" className="lk-lobby-section__title">
        {t('lobby_winners_title')}
      </h2>
      <div className="lk-winners__box">
        {board.error ? (
          <ErrorState messageKey={board.error.messageKey} onRetry={() => void winnerBoard.load('ALL', true)} />
        ) : !board.data ? (
          <Skeleton count={8} height={28} />
        ) : board.data.length === 0 ? (
          <EmptyState messageKey="lobby_winners_empty" />
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls inside its fixed-height box, so it takes focus for keyboard users to scroll it (axe scrollable-region-focusable)
          <ol className="lk-winners__list" tabIndex={0} aria-label={t('lobby_winners_title')}>
            {board.data.slice(0, winnerBoardSize).map(({ vo }, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two wins can share time and account; the position only tells such rows apart, which hold no state
              <li key={`${vo.time}-${vo.account}-${i}`} className="lk-winners__row">
                <span className="lk-winners__account">{vo.account}</span>
                <span className="lk-winners__game">{vo.gameName}</span>
                <span className="lk-winners__amount">{formatMoney(vo.winAmount)}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  )
}
