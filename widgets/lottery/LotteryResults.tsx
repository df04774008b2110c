import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import type { ApiError } from '../../sdk/client/index.ts'
import { toApiError } from '../../sdk/client/index.ts'
import { displayNumber, type LotteryLobby } from '../../sdk/lottery/index.ts'
import { checkDraw, loadDraws, trendDraws, trendOf, type LotteryDraw } from '../../sdk/lottery/results.ts'
import { formatDate, zoneLabel } from '../../sdk/dates/index.ts'
import { useLotteryLink } from './links.ts'
import { EmptyState, ErrorState, useT } from '../ui/index.ts'

/** Props of {@link LotteryResults}. */
export interface LotteryResultsProps {
  lobby: LotteryLobby
  gameCode: string
  tab: 'results' | 'trend'
}

type Check = 'checking' | 'ok' | 'bad'

/**
 * One game's draws with the commitment check ("Verify" recomputes the hash in the browser), and the
 * trend of the last 100 draws (hot and cold digits). Deep links: `?gameCode=…&view=results|trend`.
 */
export function LotteryResults({ lobby, gameCode, tab }: LotteryResultsProps) {
  const t = useT()
  const menus = useStore(lobby.$menus)
  const [draws, setDraws] = useState<{ data?: LotteryDraw[]; error?: ApiError }>({})
  const [checks, setChecks] = useState<Record<string, Check>>({})
  const [attempt, setAttempt] = useState(0)
  const name = menus.data?.flatMap((m) => m.gameMenus).find((g) => g.gameCode === gameCode)?.name ?? gameCode
  const count = tab === 'trend' ? trendDraws : 20

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry: the error state's button bumps it to load the draws again
  useEffect(() => {
    let live = true
    setDraws({})
    loadDraws(gameCode, count).then(
      (data) => live && setDraws({ data }),
      (error: unknown) => live && setDraws({ error: toApiError(error) }),
    )
    return () => {
      live = false
    }
  }, [gameCode, count, attempt])

  async function verify(d: LotteryDraw) {
    setChecks((c) => ({ ...c, [d.numero]: 'checking' }))
    const result = await checkDraw(d).catch(() => undefined)
    setChecks((c) => ({ ...c, [d.numero]: result?.commitmentMatches && result.numberMatches ? 'ok' : 'bad' }))
  }

  const to = useLotteryLink()
  const link = (view: string) => to(`?gameCode=${encodeURIComponent(gameCode)}&view=${view}`)
  return (
    <div className="lk-lot">
      <p>
        <a {...to('?')}>{t('lottery_back')}</a>
      </p>
      <h2 className="lk-lot-h2">{t(tab === 'trend' ? 'lottery_trend_of' : 'lottery_results_of', { name })}</h2>
      <nav className="lk-lot-tabs" aria-label={t('lottery_views')}>
        <a {...link('results')} aria-current={tab === 'results' ? 'page' : undefined}>
          {t('lottery_results')}
        </a>
        <a {...link('trend')} aria-current={tab === 'trend' ? 'page' : undefined}>
          {t('lottery_trend')}
        </a>
        <a {...link('betting')}>{t('lottery_bet')}</a>
      </nav>
      {draws.error ? (
        <ErrorState messageKey={draws.error.messageKey} onRetry={() => setAttempt((n) => n + 1)} />
      ) : !draws.data ? (
        <p className="lk-lot-note" role="status">
          {t('lottery_loading')}
        </p>
      ) : draws.data.length === 0 ? (
        <EmptyState messageKey="lottery_opened_empty" />
      ) : tab === 'trend' ? (
        <TrendView draws={draws.data} />
      ) : (
        <>
          <p className="lk-lot-note">{t('lottery_fair_explain')}</p>
          <p className="lk-lot-note">{t('lottery_times_in', { zone: zoneLabel() })}</p>
          <ul className="lk-lot-draws">
            {draws.data.map((d) => (
              <li key={d.numero} className="lk-lot-draw" aria-label={t('lottery_draw_label', { numero: d.numero })}>
                <div>
                  <strong>{d.numero}</strong> · <time dateTime={d.drawAt}>{formatDate(d.drawAt)}</time>
                </div>
                <div className="lk-lot-number">{d.winningNumber ? displayNumber(d.winningNumber) : t('lottery_open_draw')}</div>
                <div className="lk-lot-hash">
                  <span>{t('lottery_commitment')}</span> <code>{d.commitment}</code>
                </div>
                {d.seed && (
                  <div className="lk-lot-hash">
                    <span>{t('lottery_seed')}</span> <code>{d.seed}</code>
                  </div>
                )}
                {d.seed && (
                  <div className="lk-lot-verify">
                    <button type="button" className="lk-button" onClick={() => void verify(d)} disabled={checks[d.numero] === 'checking'}>
                      {t('lottery_verify')}
                    </button>
                    <span role="status">{checks[d.numero] === 'ok' ? t('lottery_verified') : checks[d.numero] === 'bad' ? t('lottery_not_verified') : ''}</span>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

function TrendView({ draws }: { draws: LotteryDraw[] }) {
  const t = useT()
  const trend = trendOf(draws)
  const max = Math.max(1, ...trend.counts)
  return (
    <section>
      <p className="lk-lot-note">{t('lottery_trend_over', { count: trend.draws })}</p>
      <p>
        <strong>{t('lottery_hot')}</strong> {trend.hot.join(', ')} · <strong>{t('lottery_cold')}</strong> {trend.cold.join(', ')}
      </p>
      <table className="lk-lot-table">
        <thead>
          <tr>
            <th scope="col">{t('lottery_digit')}</th>
            <th scope="col">{t('lottery_times')}</th>
          </tr>
        </thead>
        <tbody>
          {trend.counts.map((n, digit) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the position is the digit (0–9) the row counts, its identity
            <tr key={digit}>
              <td>{digit}</td>
              <td>
                <span className="lk-lot-barfill" style={{ width: `${(n / max) * 100}%` }} aria-hidden="true" /> {n}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

export default LotteryResults
