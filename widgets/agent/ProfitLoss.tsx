import { useStore } from '@nanostores/react'
import { $profitLoss, $profitLossPeriod, exportProfitLoss, loadProfitLoss, openDownline, setProfitLossPeriod } from '../../sdk/agent/index.ts'
import { showCentrePage } from '../../sdk/shell/centre-pages.ts'
import { EmptyState, ErrorState, Skeleton, useT } from '../ui/index.ts'
import { money } from '../member/parts.tsx'
import { PeriodPicker } from './PeriodPicker.tsx'
import { ExportCsv } from './ExportCsv.tsx'

/** Profit and loss (palStatementsAgentCopy): per direct downline, its whole team's bets, valid bets and win/loss in the period, with totals. */
export function ProfitLoss() {
  const t = useT()
  const period = useStore($profitLossPeriod)
  const statement = useStore($profitLoss)
  const data = statement.data
  return (
    <div className="lk-money__stack">
      <PeriodPicker period={period} onChange={setProfitLossPeriod} />
      {statement.error && !statement.loading ? (
        <ErrorState messageKey={statement.error.fields?.from ?? statement.error.messageKey} onRetry={() => void loadProfitLoss()} />
      ) : !data ? (
        <Skeleton count={5} height={32} />
      ) : data.rows.length === 0 ? (
        <EmptyState messageKey="agent_downlines_none" />
      ) : (
        <>
          <p className="lk-money__meta">{t('agent_period_shown', { from: data.from, to: data.to })}</p>
          <div className="lk-money__tablewrap" aria-busy={statement.loading}>
            <table className="lk-money__table">
              <thead>
                <tr>
                  <th scope="col">{t('agent_downline')}</th>
                  <th scope="col" className="is-num">
                    {t('agent_active')}
                  </th>
                  <th scope="col" className="is-num">
                    {t('agent_bets')}
                  </th>
                  <th scope="col" className="is-num">
                    {t('agent_valid_bets')}
                  </th>
                  <th scope="col" className="is-num">
                    {t('agent_profit_loss')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((r) => (
                  <tr key={r.id}>
                    <th scope="row">
                      {r.isAgent ? (
                        <button
                          type="button"
                          className="lk-money__link lk-button"
                          onClick={() => {
                            openDownline(r.id)
                            showCentrePage('downlineManagmentView')
                          }}
                          aria-label={t('agent_open_named', { name: r.username })}
                        >
                          {r.username}
                        </button>
                      ) : (
                        r.username
                      )}
                      {r.isAgent && <span className="lk-money__meta"> {t('agent_team_of', { count: r.members })}</span>}
                    </th>
                    <td className="is-num">{r.active}</td>
                    <td className="is-num">{money(r.bets)}</td>
                    <td className="is-num">{money(r.validBets)}</td>
                    <td className={`is-num ${r.profitLoss < 0 ? 'is-out' : 'is-in'}`}>{money(r.profitLoss)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('agent_total')}</th>
                  <td className="is-num">{data.totals.active}</td>
                  <td className="is-num">{money(data.totals.bets)}</td>
                  <td className="is-num">{money(data.totals.validBets)}</td>
                  <td className={`is-num ${data.totals.profitLoss < 0 ? 'is-out' : 'is-in'}`}>{money(data.totals.profitLoss)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
          <ExportCsv run={exportProfitLoss} />
        </>
      )}
    </div>
  )
}
