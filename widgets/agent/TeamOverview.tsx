import { useStore } from '@nanostores/react'
import type { TeamOverview as Overview } from '../../sdk/contract/index.ts'
import { $teamOverview, $teamPeriod, exportTeamOverview, loadTeamOverview, setTeamPeriod } from '../../sdk/agent/index.ts'
import { ErrorState, Skeleton, useT } from '../ui/index.ts'
import { money } from '../member/controls.tsx'
import { DayChart, Figures, signTone } from '../member/table.tsx'
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
          {overview.data!.days.length > 1 && <Chart days={overview.data!.days} />}
          <ExportCsv run={exportTeamOverview} doneKey="agent_exported" />
        </>
      )}
    </div>
  )
}

/** The team's result per day as bars above (players won) or below (players lost) a zero line; the table under it says the same for screen readers. */
function Chart({ days }: { days: Overview['days'] }) {
  return (
    <DayChart
      days={days}
      value={(d) => d.profitLoss}
      summaryKey="agent_per_day"
      columns={[
        { labelKey: 'agent_date', cell: (d) => d.date },
        { labelKey: 'agent_active', numeric: true, cell: (d) => d.active },
        { labelKey: 'agent_bets', numeric: true, cell: (d) => money(d.bets) },
        { labelKey: 'agent_profit_loss', numeric: true, cell: (d) => money(d.profitLoss) },
      ]}
    />
  )
}
