import { zoneLabel } from '../../sdk/dates/index.ts'
import { useStore } from '@nanostores/react'
import { useId } from 'react'
import type { TeamOverview as Overview } from '../../sdk/contract/index.ts'
import { $teamOverview, $teamPeriod, exportTeamOverview, loadTeamOverview, setTeamPeriod } from '../../sdk/agent/index.ts'
import { useT } from '../ui/index.ts'
import { DayBars, money } from '../member/controls.tsx'
import { DataTable, Figures, signTone } from '../member/table.tsx'
import { ExportCsv } from './ExportCsv.tsx'
import { PeriodPicker } from './PeriodPicker.tsx'
import { LoadStates } from '../ui/LoadStates.tsx'

/** Team overview (agentTeamOverview): the team's figures for today, yesterday, this week, this month or a range, with a chart per day. */
export function TeamOverview() {
  const t = useT()
  const period = useStore($teamPeriod)
  const overview = useStore($teamOverview)
  return (
    <div className="lk-money__stack">
      <PeriodPicker period={period} onChange={setTeamPeriod} />
      <LoadStates state={overview} onRetry={() => void loadTeamOverview()} rows={4} height={48}>
        {({ from, to, days, figures }) => (
          <>
            <p className="lk-money__meta">{t('agent_period_shown_zone', { from, to, zone: zoneLabel() })}</p>
            <Figures
              items={[
                { labelKey: 'agent_team_size', text: figures.size },
                { labelKey: 'agent_new_members', text: figures.newMembers },
                { labelKey: 'agent_active', text: figures.active },
                { labelKey: 'agent_deposits', text: money(figures.deposits) },
                { labelKey: 'agent_withdrawals', text: money(figures.withdrawals) },
                { labelKey: 'agent_bets', text: money(figures.bets) },
                { labelKey: 'agent_valid_bets', text: money(figures.validBets) },
                { labelKey: 'agent_profit_loss', text: money(figures.profitLoss), tone: signTone(figures.profitLoss) },
              ]}
            />
            {days.length > 1 && <Chart days={days} total={figures.profitLoss} />}
            <ExportCsv run={exportTeamOverview} doneKey="agent_exported" />
          </>
        )}
      </LoadStates>
    </div>
  )
}

/**
 * The team's result per day as bars above (players won) or below (players lost) a zero line, with a
 * value axis (the largest win, zero, the largest loss) and a date axis; a screen reader hears what the
 * chart shows (its period, best and worst day and total) and can open every figure per day as a table.
 */
function Chart({ days, total }: { days: Overview['days']; total: number }) {
  const t = useT()
  const id = useId()
  const peak = Math.max(1, ...days.map((d) => Math.abs(d.profitLoss)))
  const best = days.reduce((a, b) => (b.profitLoss > a.profitLoss ? b : a))
  const worst = days.reduce((a, b) => (b.profitLoss < a.profitLoss ? b : a))
  const summary = t('agent_chart_summary', {
    from: days[0].date,
    to: days.at(-1)!.date,
    best: money(best.profitLoss),
    bestDate: best.date,
    worst: money(worst.profitLoss),
    worstDate: worst.date,
    total: money(total),
  })
  return (
    <figure className="lk-money__chart lk-agent__chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="lk-money__subhead">
        {t('agent_chart_title')}
      </figcaption>
      <div className="lk-agent__plot">
        <div className="lk-agent__yaxis" aria-hidden="true">
          <span>{money(peak)}</span>
          <span>{money(0)}</span>
          <span>{money(-peak)}</span>
        </div>
        <div role="img" aria-label={summary}>
          <DayBars bars={days.map((d) => ({ date: d.date, value: d.profitLoss }))} />
        </div>
      </div>
      <div className="lk-agent__xaxis" aria-hidden="true">
        <span>{days[0].date}</span>
        <span>{t('agent_date')}</span>
        <span>{days.at(-1)!.date}</span>
      </div>
      <details>
        <summary>{t('agent_per_day')}</summary>
        <DataTable
          caption={t('agent_chart_table')}
          captionHidden
          rows={days}
          rowKey={(d) => d.date}
          columns={[
            { labelKey: 'agent_date', cell: (d) => d.date },
            { labelKey: 'agent_new_members', numeric: true, cell: (d) => d.newMembers },
            { labelKey: 'agent_active', numeric: true, cell: (d) => d.active },
            { labelKey: 'agent_deposits', numeric: true, cell: (d) => money(d.deposits) },
            { labelKey: 'agent_withdrawals', numeric: true, cell: (d) => money(d.withdrawals) },
            { labelKey: 'agent_bets', numeric: true, cell: (d) => money(d.bets) },
            { labelKey: 'agent_valid_bets', numeric: true, cell: (d) => money(d.validBets) },
            { labelKey: 'agent_profit_loss', numeric: true, cell: (d) => money(d.profitLoss), tone: (d) => signTone(d.profitLoss) },
          ]}
        />
      </details>
    </figure>
  )
}
