import { useStore } from '@nanostores/react'
import type { Profit as ProfitData } from '../../sdk/contract/index.ts'
import { $profit, $profitFilter, filterProfit, loadProfit } from '../../sdk/money/index.ts'
import { EmptyState, useT } from '../ui/index.ts'
import { RangePicker, money } from './controls.tsx'
import { DataTable, DayChart, Facts, signTone } from './table.tsx'
import { LoadStates } from '../ui/LoadStates.tsx'

/** Profit and loss (personalProfit): per day (a small bar chart and its table) and per category for a period. */
export function Profit() {
  const t = useT()
  const filter = useStore($profitFilter)
  const profit = useStore($profit)
  return (
    <div className="lk-money__stack">
      <RangePicker range={filter} onChange={(r) => filterProfit(r)} />
      <LoadStates state={profit} onRetry={() => void loadProfit()} rows={5} height={32}>
        {(data) => (
          <>
            <Facts
              className="lk-money__totals"
              items={[
                { labelKey: 'money_total_bet', text: money(data.totals.bet) },
                { labelKey: 'money_payout', text: money(data.totals.payout) },
                { labelKey: 'money_total_winloss', text: money(data.totals.winLoss), tone: signTone(data.totals.winLoss) },
              ]}
            />
            <Chart days={data.days} />
            <h4 className="lk-money__subhead">{t('money_by_category')}</h4>
            {data.categories.length === 0 ? (
              <EmptyState messageKey="money_bets_none" />
            ) : (
              <DataTable
                columns={[
                  { labelKey: 'money_game_type', cell: (c) => t(`shell_category_${c.gameType.toLowerCase()}`) },
                  { labelKey: 'money_total_bet', numeric: true, cell: (c) => money(c.bet) },
                  { labelKey: 'money_total_winloss', numeric: true, cell: (c) => money(c.winLoss), tone: (c) => signTone(c.winLoss) },
                ]}
                rows={data.categories}
                rowKey={(c) => c.gameType}
              />
            )}
          </>
        )}
      </LoadStates>
    </div>
  )
}

/** Win/loss per day as bars above (win) or below (loss) a zero line; the table under it says the same for screen readers. */
function Chart({ days }: { days: ProfitData['days'] }) {
  return (
    <DayChart
      days={days}
      value={(d) => d.winLoss}
      summaryKey="money_per_day"
      columns={[
        { labelKey: 'money_time', cell: (d) => d.date },
        { labelKey: 'money_total_bet', numeric: true, cell: (d) => money(d.bet) },
        { labelKey: 'money_total_winloss', numeric: true, cell: (d) => money(d.winLoss) },
      ]}
    />
  )
}
