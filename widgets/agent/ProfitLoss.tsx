import { zoneLabel } from '../../sdk/dates/index.ts'
import { useStore } from '@nanostores/react'
import { $profitLoss, $profitLossPeriod, exportProfitLoss, loadProfitLoss, openProfitLoss, setProfitLossPeriod } from '../../sdk/agent/index.ts'
import { useT } from '../ui/index.ts'
import { money } from '../member/controls.tsx'
import { DataTable, signTone, type Column } from '../member/table.tsx'
import { PeriodPicker } from './PeriodPicker.tsx'
import { ExportCsv } from './ExportCsv.tsx'
import { Crumbs } from './Crumbs.tsx'
import { LoadStates } from '../ui/LoadStates.tsx'

/** The figures of a downline's team, and of the whole statement in its closing row. */
const figureColumns: readonly Column<{ active: number; bets: number; validBets: number; profitLoss: number }>[] = [
  { labelKey: 'agent_active', numeric: true, cell: (r) => r.active },
  { labelKey: 'agent_bets', numeric: true, cell: (r) => money(r.bets) },
  { labelKey: 'agent_valid_bets', numeric: true, cell: (r) => money(r.validBets) },
  { labelKey: 'agent_profit_loss', numeric: true, cell: (r) => money(r.profitLoss), tone: (r) => signTone(r.profitLoss) },
]

/** Profit and loss (palStatementsAgentCopy): per direct downline, its whole team's bets, valid bets and win/loss in the period, with totals. */
export function ProfitLoss() {
  const t = useT()
  const period = useStore($profitLossPeriod)
  const statement = useStore($profitLoss)
  return (
    <div className="lk-money__stack">
      <PeriodPicker period={period} onChange={setProfitLossPeriod} />
      <LoadStates state={statement} onRetry={() => void loadProfitLoss()} rows={5} height={32} empty={(data) => data.rows.length === 0} emptyKey="agent_downlines_none">
        {(data) => (
          <>
            <Crumbs list={data.breadcrumbs} onOpen={(id, i) => openProfitLoss(i === 0 ? undefined : id)} />
            <p className="lk-money__meta">{t('agent_period_shown_zone', { from: data.from, to: data.to, zone: zoneLabel() })}</p>
            <DataTable
              columns={[
                {
                  labelKey: 'agent_downline',
                  cell: (r) => (
                    <>
                      {r.isAgent ? (
                        <button type="button" className="lk-money__link lk-button" onClick={() => openProfitLoss(r.id)} aria-label={t('agent_pl_open_named', { name: r.username })}>
                          {r.username}
                        </button>
                      ) : (
                        r.username
                      )}
                      {r.isAgent && <span className="lk-money__meta"> {t('agent_team_of', { count: r.members })}</span>}
                    </>
                  ),
                },
                ...figureColumns,
              ]}
              rows={data.rows}
              rowKey={(r) => r.id}
              busy={statement.loading}
              foot={
                <tr>
                  <th scope="row">{t('agent_total')}</th>
                  {figureColumns.map((c) => (
                    <td key={c.labelKey} className={`is-num${c.tone ? ` is-${c.tone(data.totals)}` : ''}`}>
                      {c.cell(data.totals)}
                    </td>
                  ))}
                </tr>
              }
            />
            <ExportCsv run={exportProfitLoss} />
          </>
        )}
      </LoadStates>
    </div>
  )
}
