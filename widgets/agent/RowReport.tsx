import { formatDate, zoneLabel } from '../../sdk/dates/index.ts'
import { useStore } from '@nanostores/react'
import type { ReactNode } from 'react'
import type { RowFilter, RowReport } from '../../sdk/agent/index.ts'
import { EmptyState, useT } from '../ui/index.ts'
import { Pager } from '../member/controls.tsx'
import { DataTable, Figures, type Column, type Figure } from '../member/table.tsx'
import { PeriodPicker } from './PeriodPicker.tsx'
import { MemberFilter } from './MemberFilter.tsx'
import { ExportCsv } from './ExportCsv.tsx'
import { LoadStates } from '../ui/LoadStates.tsx'

/** What every row report's reply carries: the period shown, one page of rows and its place in the list. */
interface ReportPage {
  from: string
  to: string
  list: readonly TeamRow[]
  total: number
  page: number
  totalPages: number
}

/** The columns every row report starts with: when, and which member of the team. */
interface TeamRow {
  id: string
  at: string
  username: string
}

/** Props of {@link RowReportView}. */
export interface RowReportViewProps<F extends RowFilter, R extends ReportPage> {
  report: RowReport<F, R>
  /** The report's own filter beside the member filter (game type, kind). */
  extraFilter: ReactNode
  figures: (data: R) => readonly Figure[]
  columns: readonly Column<R['list'][number]>[]
  captionKey: string
  emptyKey: string
}

/**
 * The frame of the agent centre's row reports (team betting, downline transactions): period and member
 * filters, the totals of the period, one page of the team's rows with time and member first, paging
 * and the CSV export. Each report names its own filter, totals and columns.
 */
export function RowReportView<F extends RowFilter, R extends ReportPage>({ report, extraFilter, figures, columns, captionKey, emptyKey }: RowReportViewProps<F, R>) {
  const t = useT()
  const filter = useStore(report.$filter)
  const rows = useStore(report.$rows)
  return (
    <div className="lk-money__stack">
      <PeriodPicker period={filter} onChange={(p) => report.filter({ period: p.period, from: p.from, to: p.to } as Partial<F>)} />
      <MemberFilter member={filter.member} onApply={(member) => report.filter({ member } as Partial<F>)}>
        {extraFilter}
      </MemberFilter>
      <LoadStates state={rows} onRetry={() => void report.load()} rows={6} height={32}>
        {(data) => (
          <>
            <p className="lk-money__meta">{t('agent_period_shown_zone', { from: data.from, to: data.to, zone: zoneLabel() })}</p>
            <Figures items={figures(data)} />
            {data.list.length === 0 ? (
              <EmptyState messageKey={emptyKey} />
            ) : (
              <DataTable
                columns={[{ labelKey: 'agent_time', cell: (r: TeamRow) => formatDate(r.at) }, { labelKey: 'agent_member', cell: (r: TeamRow) => r.username }, ...columns]}
                rows={data.list}
                rowKey={(r) => r.id}
                caption={t(captionKey, { count: data.total })}
                busy={rows.loading}
              />
            )}
            <Pager page={data.page} totalPages={data.totalPages} onGo={(page) => report.filter({ ...filter, page })} disabled={rows.loading} />
            {data.total > 0 && <ExportCsv run={report.exportCsv} />}
          </>
        )}
      </LoadStates>
    </div>
  )
}
