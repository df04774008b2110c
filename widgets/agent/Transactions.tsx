import { useStore } from '@nanostores/react'
import { teamTransactions, type TransactionsFilter } from '../../sdk/agent/index.ts'
import { EmptyState, ErrorState, Skeleton, useT } from '../ui/index.ts'
import { Pager, SelectField, money } from '../member/parts.tsx'
import { PeriodPicker } from './PeriodPicker.tsx'
import { MemberFilter } from './MemberFilter.tsx'
import { ExportCsv } from './ExportCsv.tsx'

const kinds = ['deposit', 'withdrawal', 'transfer'] as const

/** Downline transaction details (agentDownlineTransactionDetailsCopy): the team's deposits, withdrawals and transfers of a period, by member and kind, with totals. */
export function Transactions() {
  const t = useT()
  const filter = useStore(teamTransactions.$filter)
  const report = useStore(teamTransactions.$rows)
  const data = report.data
  return (
    <div className="lk-money__stack">
      <PeriodPicker period={filter} onChange={(p) => teamTransactions.filter({ period: p.period, from: p.from, to: p.to })} />
      <MemberFilter member={filter.member} onApply={(member) => teamTransactions.filter({ member })}>
        <SelectField
          labelKey="agent_tx_kind"
          value={filter.kind ?? ''}
          onChange={(e) => teamTransactions.filter({ kind: (e.target.value || undefined) as TransactionsFilter['kind'] })}
        >
          <option value="">{t('agent_all')}</option>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {t(`agent_tx_${k}`)}
            </option>
          ))}
        </SelectField>
      </MemberFilter>
      {report.error && !report.loading ? (
        <ErrorState messageKey={report.error.fields?.from ?? report.error.messageKey} onRetry={() => void teamTransactions.load()} />
      ) : !data ? (
        <Skeleton count={6} height={32} />
      ) : (
        <>
          <p className="lk-money__meta">{t('agent_period_shown', { from: data.from, to: data.to })}</p>
          <dl className="lk-agent__figures">
            <div>
              <dt>{t('agent_deposits')}</dt>
              <dd>{money(data.totals.deposits)}</dd>
            </div>
            <div>
              <dt>{t('agent_withdrawals')}</dt>
              <dd>{money(data.totals.withdrawals)}</dd>
            </div>
            <div>
              <dt>{t('agent_transfers_in')}</dt>
              <dd>{money(data.totals.transfersIn)}</dd>
            </div>
            <div>
              <dt>{t('agent_transfers_out')}</dt>
              <dd>{money(data.totals.transfersOut)}</dd>
            </div>
          </dl>
          {data.list.length === 0 ? (
            <EmptyState messageKey="agent_tx_none" />
          ) : (
            <div className="lk-money__tablewrap" aria-busy={report.loading}>
              <table className="lk-money__table">
                <caption className="lk-money__meta">{t('agent_tx_caption', { count: data.total })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('agent_time')}</th>
                    <th scope="col">{t('agent_member')}</th>
                    <th scope="col">{t('agent_tx_kind')}</th>
                    <th scope="col" className="is-num">
                      {t('agent_amount')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((r) => (
                    <tr key={r.id}>
                      <th scope="row">{r.at.slice(0, 16).replace('T', ' ')}</th>
                      <td>{r.username}</td>
                      <td>
                        {t(`agent_tx_${r.kind}`)}
                        {r.memo && <span className="lk-money__meta"> {r.memo}</span>}
                      </td>
                      <td className={`is-num ${r.amount < 0 ? 'is-out' : 'is-in'}`}>{money(r.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={data.page} totalPages={data.totalPages} onGo={(page) => teamTransactions.filter({ ...filter, page })} disabled={report.loading} />
          {data.total > 0 && <ExportCsv run={teamTransactions.exportCsv} />}
        </>
      )}
    </div>
  )
}
