import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { recordKinds } from '../../sdk/contract/money.ts'
import { formatDate, zoneLabel } from '../../sdk/dates/index.ts'
import { $accountRecord, $accountRecordFilter, exportAccountRecord, filterAccountRecord, loadAccountRecord } from '../../sdk/money/index.ts'
import { useT } from '../ui/index.ts'
import { FormError, Notice, Pager, RangePicker, Options, SelectField, money } from './controls.tsx'
import { DataTable, signTone } from './table.tsx'
import { LoadStates } from '../ui/LoadStates.tsx'

/** Account record (transactionHistory): every balance change with the balance after it; filters, paging, CSV. */
export function AccountRecord() {
  const t = useT()
  const filter = useStore($accountRecordFilter)
  const record = useStore($accountRecord)
  const [note, setNote] = useState('')
  const [error, setError] = useState('')
  const exportCsv = async () => {
    const r = await exportAccountRecord()
    setError(r.error ? t(r.error.fields?.from ?? r.error.messageKey) : '')
    setNote(r.data !== undefined ? t('money_csv_done', { count: r.data }) : '')
  }
  return (
    <div className="lk-money__stack">
      <RangePicker range={filter} onChange={(r) => filterAccountRecord(r)} />
      <p className="lk-money__hint">{t('money_times_in', { zone: zoneLabel() })}</p>
      <div className="lk-money__filters">
        <SelectField labelKey="money_kind_filter" value={filter.kind} onChange={(e) => filterAccountRecord({ kind: e.target.value as typeof filter.kind })}>
          <option value="all">{t('money_all')}</option>
          <Options values={recordKinds} prefix="money_rk_" />
        </SelectField>
        <button type="button" className="lk-button" onClick={() => void exportCsv()}>
          {t('money_csv')}
        </button>
      </div>
      <FormError text={error} />
      <Notice text={note} />
      <LoadStates state={record} onRetry={() => void loadAccountRecord()} rows={6} height={32} empty={(data) => data.list.length === 0} emptyKey="money_record_none">
        {(data) => (
          <>
            <DataTable
              columns={[
                { labelKey: 'money_time', cell: (e) => formatDate(e.time) },
                { labelKey: 'money_type', cell: (e) => detailLabel(t, e.detail) },
                { labelKey: 'money_amount', numeric: true, cell: (e) => `${e.amount > 0 ? '+' : ''}${money(e.amount)}`, tone: (e) => signTone(e.amount) },
                { labelKey: 'money_balance_after', numeric: true, cell: (e) => money(e.balance) },
              ]}
              rows={data.list}
              rowKey={(e) => e.id}
              caption={t('money_record_caption')}
              captionHidden
              rowHeader={false}
              busy={record.loading}
            />
            <Pager page={data.page} totalPages={data.totalPages} onGo={(page) => filterAccountRecord({ page })} disabled={record.loading} />
          </>
        )}
      </LoadStates>
    </div>
  )
}

/** The change's name in the page language; a kind this client has no name for reads "Other", never its code. */
function detailLabel(t: (key: string) => string, detail: string): string {
  const key = `money_detail_${detail}`
  const text = t(key)
  return text === key ? t('money_rk_other') : text
}
