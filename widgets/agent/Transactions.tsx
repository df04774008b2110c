import { useStore } from '@nanostores/react'
import { teamTransactions, type TransactionsFilter } from '../../sdk/agent/index.ts'
import { teamTransactionKinds } from '../../sdk/contract/agent.ts'
import { useT } from '../ui/index.ts'
import { Options, SelectField, money } from '../member/controls.tsx'
import { signTone } from '../member/table.tsx'
import { RowReportView } from './RowReport.tsx'

/** Downline transaction details (agentDownlineTransactionDetailsCopy): the team's deposits, withdrawals and transfers of a period, by member and kind, with totals. */
export function Transactions() {
  const t = useT()
  const filter = useStore(teamTransactions.$filter)
  return (
    <RowReportView
      report={teamTransactions}
      extraFilter={
        <SelectField
          labelKey="agent_tx_kind"
          value={filter.kind ?? ''}
          onChange={(e) => teamTransactions.filter({ kind: (e.target.value || undefined) as TransactionsFilter['kind'] })}
        >
          <option value="">{t('agent_all')}</option>
          <Options values={teamTransactionKinds} prefix="agent_tx_" />
        </SelectField>
      }
      figures={({ totals }) => [
        { labelKey: 'agent_deposits', text: money(totals.deposits) },
        { labelKey: 'agent_withdrawals', text: money(totals.withdrawals) },
        { labelKey: 'agent_transfers_in', text: money(totals.transfersIn) },
        { labelKey: 'agent_transfers_out', text: money(totals.transfersOut) },
      ]}
      columns={[
        {
          labelKey: 'agent_tx_kind',
          cell: (r) => (
            <>
              {t(`agent_tx_${r.kind}`)}
              {r.memo && <span className="lk-money__meta"> {r.memo}</span>}
            </>
          ),
        },
        { labelKey: 'agent_amount', numeric: true, cell: (r) => money(r.amount), tone: (r) => signTone(r.amount) },
      ]}
      captionKey="agent_tx_caption"
      emptyKey="agent_tx_none"
    />
  )
}
