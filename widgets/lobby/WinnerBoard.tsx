import { useEffect } from 'react'
import { winnerBoard, winnerBoardSize } from '../../sdk/games/category.ts'
import { formatMoney } from '../../sdk/format/index.ts'
import { $balance } from '../../sdk/stores/index.ts'
import { useClientStore, useT } from '../ui/index.ts'
import { LoadStates } from '../ui/LoadStates.tsx'
import { LobbySection } from './Section.tsx'

const notLoaded = { loading: false } as const

/** The winner board: the latest 50 wins of every category (account, game, amount). */
export function WinnerBoard() {
  const t = useT()
  const board = useClientStore(winnerBoard.of('ALL'), notLoaded)
  const symbol = useClientStore($balance, notLoaded).data?.currencySymbol || 'P'
  useEffect(() => void winnerBoard.load('ALL'), [])

  return (
    <LobbySection id="lk-winners-title" className="lk-winners" title={t('lobby_winners_title')}>
      <div className="lk-winners__box">
        <LoadStates state={board} onRetry={() => void winnerBoard.load('ALL', true)} rows={8} height={28} empty={(list) => list.length === 0} emptyKey="lobby_winners_empty">
          {(list) => (
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls inside its fixed-height box, so it takes focus for keyboard users to scroll it (axe scrollable-region-focusable)
            <ol className="lk-winners__list" tabIndex={0} aria-label={t('lobby_winners_title')}>
              {list.slice(0, winnerBoardSize).map(({ vo }, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two wins can share time and account; the position only tells such rows apart, which hold no state
                <li key={`${vo.time}-${vo.account}-${i}`} className="lk-winners__row">
                  <span className="lk-winners__account">{vo.account}</span>
                  <span className="lk-winners__game">{vo.gameName}</span>
                  <span className="lk-winners__amount">{formatMoney(vo.winAmount, symbol)}</span>
                </li>
              ))}
            </ol>
          )}
        </LoadStates>
      </div>
    </LobbySection>
  )
}
