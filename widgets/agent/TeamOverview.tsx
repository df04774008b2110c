import { useStore } from '@nanostores/react'
import type { TeamOverview as Overview } from '../../sdk/contract/index.ts'
import { $teamOverview, $teamPeriod, exportTeamOverview, loadTeamOverview, setTeamPeriod } from '../../sdk/agent/index.ts'
import { ErrorState, Skeleton, useT } from '../ui/index.ts'
import { DayBars, money } from '../member/parts.tsx'
import { ExportCsv } from './ExportCsv.tsx'
import { PeriodPicker } from './PeriodPicker.tsx'

/** Team overview (agentTeamOverview): the team's figures for today, yesterday, this week, this month or a range, with a chart per day. */
export function TeamOverview() {
  const t = useT()
  const period = useStore($teamPeriod)
  const overview = useStore($teamOverview)
  const figures = overview.data?.figures
  return (
    <div className="lk-money__stack">
      <PeriodPicker period={period} onChange={setTeamPeriod} />
      {overview.error && !overview.loading ? (
        <ErrorState messageKey={overview.error.fields?.from ?? overview.error.messageKey} onRetry={() => void loadTeamOverview()} />
      ) : !figures ? (
        <Skeleton count={4} height={48} />
      ) : (
        <>
          <p className="lk-money__meta">{t('agent_period_shown', { from: overview.data!.from, to: overview.data!.to })}</p>
          <dl className="lk-agent__figures">
            <Figure label={t('agent_team_size')} value={String(figures.size)} />
            <Figure label={t('agent_new_members')} value={String(figures.newMembers)} />
            <Figure label={t('agent_active')} value={String(figures.active)} />
            <Figure label={t('agent_deposits')} value={money(figures.deposits)} />
            <Figure label={t('agent_withdrawals')} value={money(figures.withdrawals)} />
            <Figure label={t('agent_bets')} value={money(figures.bets)} />
            <Figure label={t('agent_valid_bets')} value={money(figures.validBets)} />
            <Figure label={t('agent_profit_loss')} value={money(figures.profitLoss)} tone={figures.profitLoss < 0 ? 'is-out' : 'is-in'} />
          </dl>
          {overview.data!.days.length > 1 && <Chart days={overview.data!.days} />}
          <ExportCsv run={exportTeamOverview} doneKey="agent_exported" />
        </>
      )}
    </div>
  )
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={tone}>{value}</dd>
    </div>
  )
}

/** The team's result per day as bars above (players won) or below (players lost) a zero line; the table under it says the same for screen readers. */
function Chart({ days }: { days: Overview['days'] }) {
  const t = useT()
  return (
    <figure className="lk-money__chart">
      <DayBars bars={days.map((d) => ({ date: d.date, value: d.profitLoss }))} />
      <figcaption>
        <details>
          <summary>{t('agent_per_day')}</summary>
          <div className="lk-money__tablewrap">
            <table className="lk-money__table">
              <thead>
                <tr>
                  <th scope="col">{t('agent_date')}</th>
                  <th scope="col" className="is-num">
                    {t('agent_active')}
                  </th>
                  <th scope="col" className="is-num">
                    {t('agent_bets')}
                  </th>
                  <th scope="col" className="is-num">
                    {t('agent_profit_loss')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {days.map((d) => (
                  <tr key={d.date}>
                    <th scope="row">{d.date}</th>
                    <td className="is-num">{d.active}</td>
                    <td className="is-num">{money(d.bets)}</td>
                    <td className="is-num">{money(d.profitLoss)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </figcaption>
    </figure>
  )
}
