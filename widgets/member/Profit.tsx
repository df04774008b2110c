import { useStore } from '@nanostores/react'
import type { Profit as ProfitData } from '../../sdk/contract/index.ts'
import { $profit, $profitFilter, filterProfit, loadProfit } from '../../sdk/money/index.ts'
import { ErrorState, Skeleton, useT } from '../ui/index.ts'
import { DayBars, RangePicker, money } from './parts.tsx'

/** Profit and loss (personalProfit): per day (a small bar chart and its table) and per category for a period. */
export function Profit() {
  const t = useT()
  const filter = useStore($profitFilter)
  const profit = useStore($profit)
  return (
    <div className="lk-money__stack">
      <RangePicker range={filter} onChange={(r) => filterProfit(r)} />
      {profit.error && !profit.loading ? (
        <ErrorState messageKey={profit.error.fields?.from ?? profit.error.messageKey} onRetry={() => void loadProfit()} />
      ) : !profit.data ? (
        <Skeleton count={5} height={32} />
      ) : (
        <>
          <dl className="lk-money__facts lk-money__totals">
            <dt>{t('money_total_bet')}</dt>
            <dd>{money(profit.data.totals.bet)}</dd>
            <dt>{t('money_payout')}</dt>
            <dd>{money(profit.data.totals.payout)}</dd>
            <dt>{t('money_total_winloss')}</dt>
            <dd className={profit.data.totals.winLoss < 0 ? 'is-out' : 'is-in'}>{money(profit.data.totals.winLoss)}</dd>
          </dl>
          <Chart days={profit.data.days} />
          <h4 className="lk-money__subhead">{t('money_by_category')}</h4>
          {profit.data.categories.length === 0 ? (
            <p className="lk-empty-state">{t('money_bets_none')}</p>
          ) : (
            <div className="lk-money__tablewrap">
              <table className="lk-money__table">
                <thead>
                  <tr>
                    <th scope="col">{t('money_game_type')}</th>
                    <th scope="col" className="is-num">
                      {t('money_total_bet')}
                    </th>
                    <th scope="col" className="is-num">
                      {t('money_total_winloss')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {profit.data.categories.map((c) => (
                    <tr key={c.gameType}>
                      <th scope="row">{c.gameType}</th>
                      <td className="is-num">{money(c.bet)}</td>
                      <td className={`is-num ${c.winLoss < 0 ? 'is-out' : 'is-in'}`}>{money(c.winLoss)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  )
}

/** Win/loss per day as bars above (win) or below (loss) a zero line; the table under it says the same for screen readers. */
function Chart({ days }: { days: ProfitData['days'] }) {
  const t = useT()
  return (
    <figure className="lk-money__chart">
      <DayBars bars={days.map((d) => ({ date: d.date, value: d.winLoss }))} />
      <figcaption>
        <details>
          <summary>{t('money_per_day')}</summary>
          <table className="lk-money__table">
            <thead>
              <tr>
                <th scope="col">{t('money_time')}</th>
                <th scope="col" className="is-num">
                  {t('money_total_bet')}
                </th>
                <th scope="col" className="is-num">
                  {t('money_total_winloss')}
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{d.date}</th>
                  <td className="is-num">{money(d.bet)}</td>
                  <td className="is-num">{money(d.winLoss)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </figcaption>
    </figure>
  )
}
