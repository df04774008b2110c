import { useStore } from '@nanostores/react'
import type { ReactNode } from 'react'
import type { RowFilter, RowReport } from '../../sdk/agent/index.ts'
import { EmptyState, ErrorState, Skeleton, useT } from '../ui/index.ts'
import { Pager } from '../member/parts.tsx'
import { PeriodPicker } from './PeriodPicker.tsx'
import { MemberFilter } from './MemberFilter.tsx'
import { ExportCsv } from './ExportCsv.tsx'

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

/** One total above the table. */
export interface ReportFigure {
  labelKey: string
  text: ReactNode
  /** `in`/`out` colours a signed amount. */
  tone?: 'in' | 'out'
}

/** A column after the time and member columns. */
export interface ReportColumn<Row> {
  labelKey: string
  /** Right-aligned figures. */
  numeric?: boolean
  cell: (row: Row) => ReactNode
  /** `in`/`out` colours the cell of a signed amount. */
  tone?: (row: Row) => 'in' | 'out' | undefined
}

/** Props of {@link RowReportView}. */
export interface RowReportViewProps<F extends RowFilter, R extends ReportPage> {
  report: RowReport<F, R>
  /** The report's own filter beside the member filter (game type, kind). */
  extraFilter: ReactNode
  figures: (data: R) => readonly ReportFigure[]
  columns: readonly ReportColumn<R['list'][number]>[]
  captionKey: string
  emptyKey: string
}

const toneClass = (tone: 'in' | 'out' | undefined) => (tone ? `is-${tone}` : undefined)

/**
 * The frame of the agent centre's row reports (team betting, downline transactions): period and member
 * filters, the totals of the period, one page of the team's rows with time and member first, paging
 * and the CSV export. Each report names its own filter, totals and columns.
 */
export function RowReportView<F extends RowFilter, R extends ReportPage>({ report, extraFilter, figures, columns, captionKey, emptyKey }: RowReportViewProps<F, R>) {
  const t = useT()
  const filter = useStore(report.$filter)
  const rows = useStore(report.$rows)
  const data = rows.data
  return (
    <div className="lk-money__stack">
      <PeriodPicker period={filter} onChange={(p) => report.filter({ period: p.period, from: p.from, to: p.to } as Partial<F>)} />
      <MemberFilter member={filter.member} onApply={(member) => report.filter({ member } as Partial<F>)}>
        {extraFilter}
      </MemberFilter>
      {rows.error && !rows.loading ? (
        <ErrorState messageKey={rows.error.fields?.from ?? rows.error.messageKey} onRetry={() => void report.load()} />
      ) : !data ? (
        <Skeleton count={6} height={32} />
      ) : (
        <>
          <p className="lk-money__meta">{t('agent_period_shown', { from: data.from, to: data.to })}</p>
          <dl className="lk-agent__figures">
            {figures(data).map((f) => (
              <div key={f.labelKey}>
                <dt>{t(f.labelKey)}</dt>
                <dd className={toneClass(f.tone)}>{f.text}</dd>
              </div>
            ))}
          </dl>
          {data.list.length === 0 ? (
            <EmptyState messageKey={emptyKey} />
          ) : (
            <div className="lk-money__tablewrap" aria-busy={rows.loading}>
              <table className="lk-money__table">
                <caption className="lk-money__meta">{t(captionKey, { count: data.total })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('agent_time')}</th>
                    <th scope="col">{t('agent_member')}</th>
                    {columns.map((c) => (
                      <th key={c.labelKey} scope="col" className={c.numeric ? 'is-num' : undefined}>
                        {t(c.labelKey)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((r) => (
                    <tr key={r.id}>
                      <th scope="row">{r.at.slice(0, 16).replace('T', ' ')}</th>
                      <td>{r.username}</td>
                      {columns.map((c) => (
                        <td key={c.labelKey} className={[c.numeric ? 'is-num' : '', toneClass(c.tone?.(r)) ?? ''].join(' ').trim() || undefined}>
                          {c.cell(r)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={data.page} totalPages={data.totalPages} onGo={(page) => report.filter({ ...filter, page })} disabled={rows.loading} />
          {data.total > 0 && <ExportCsv run={report.exportCsv} />}
        </>
      )}
    </div>
  )
}

/** `in` for a gain, `out` for a loss, as the reports colour signed amounts. */
export const signTone = (amount: number): 'in' | 'out' => (amount < 0 ? 'out' : 'in')
