import './home.css'
import { useState } from 'react'
import { pages } from '../../sdk/pages/index.ts'
import { closingSoon, closingSoonCount, createLotteryLobby, secondsLeft } from '../../sdk/lottery/index.ts'
import { clock } from '../lottery/format.ts'
import { EmptyState, ErrorState, Skeleton, useClientStore, useT } from '../ui/index.ts'

/**
 * The home page's lottery draws closing soon: the platform's lottery menus (polled as on the lottery
 * page while shown), the open draws that close first with their countdowns, each opening its game on
 * the lottery page.
 */
export function HomeDraws() {
  const t = useT()
  const [lobby] = useState(() => createLotteryLobby({ address: false, launchHere: false }))
  const menus = useClientStore(lobby.$menus, { loading: false })
  const fetchedAt = useClientStore(lobby.$fetchedAt, 0)
  const now = useClientStore(lobby.$now, 0)
  const draws = menus.data ? closingSoon(menus.data, fetchedAt, now) : []
  const dayWord = (days: number) => t('shell_home_days', { days })
  return (
    <div className="lk-home-box lk-home-box--draws">
      {menus.error && !menus.data ? (
        <ErrorState messageKey={menus.error.messageKey} onRetry={() => void lobby.refresh()} />
      ) : !menus.data ? (
        <Skeleton count={closingSoonCount} height={44} />
      ) : draws.length === 0 ? (
        <EmptyState messageKey="shell_home_draws_empty" />
      ) : (
        <ul className="lk-home-draws" aria-label={t('shell_home_draws')}>
          {draws.map((game) => (
            <li key={game.gameCode} className="lk-home-draw">
              <span className="lk-home-draw__name">
                {game.name}
                <small>{t('shell_home_draw_numero', { numero: game.numero })}</small>
              </span>
              <span className="lk-home-draw__left" role="timer">
                {clock(secondsLeft(game.remainTime, fetchedAt, now), dayWord)}
              </span>
              <a
                className="lk-button lk-home-draw__bet"
                href={`${pages.lottery}?gameCode=${encodeURIComponent(game.gameCode)}`}
                aria-label={t('shell_home_draw_bet', { name: game.name })}
              >
                {t('shell_home_bet')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
