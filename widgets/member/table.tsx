import type { ReactNode } from 'react'
import { useT } from '../ui/index.ts'
import { DayBars } from './controls.tsx'

/** `in` for a gain, `out` for a loss, as the centres colour signed amounts. */
export type Tone = 'in' | 'out'

/** `in` at or above zero, `out` below. */
export const signTone = (amount: number): Tone => (amount < 0 ? 'out' : 'in')

/** One column of a {@link DataTable}. */
export interface Column<Row> {
  labelKey: string
  /** Right-aligned figures. */
  numeric?: boolean
  cell: (row: Row) => ReactNode
  /** Colours the cell of a signed amount. */
  tone?: (row: Row) => Tone | undefined
}

/** Props of {@link DataTable}. */
export interface DataTableProps<Row> {
  columns: readonly Column<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string
  /** Said before the table (visible, or only to screen readers with `captionHidden`). */
  caption?: string
  captionHidden?: boolean
  /** The first column names its row (`<th scope="row">`), as a date or a member does. */
  rowHeader?: boolean
  /** A closing row (totals) under the rows. */
  foot?: ReactNode
  /** Rows are being replaced (a new page or filter is loading). */
  busy?: boolean
  /** The id of the heading that names the table: the scrolling box becomes a labelled region a keyboard can focus and scroll. */
  regionLabelledBy?: string
}

const cellClass = <Row,>(column: Column<Row>, row: Row): string | undefined =>
  [column.numeric ? 'is-num' : '', column.tone?.(row) ? `is-${column.tone(row)}` : ''].filter(Boolean).join(' ') || undefined

/** A table of the member and agent centres: labelled columns, figures right-aligned, gains and losses coloured, scrolling sideways on a phone. */
export function DataTable<Row>({ columns, rows, rowKey, caption, captionHidden = false, rowHeader = true, foot, busy, regionLabelledBy }: DataTableProps<Row>) {
  const t = useT()
  const region = regionLabelledBy ? ({ role: 'region', 'aria-labelledby': regionLabelledBy, tabIndex: 0 } as const) : {}
  return (
    // A scrolling region must take focus so a keyboard can scroll it sideways on a phone (axe scrollable-region-focusable).
    <div className="lk-money__tablewrap" aria-busy={busy} {...region}>
      <table className="lk-money__table">
        {caption && <caption className={captionHidden ? 'lk-visually-hidden' : 'lk-money__meta'}>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.labelKey} scope="col" className={c.numeric ? 'is-num' : undefined}>
                {t(c.labelKey)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c, i) =>
                rowHeader && i === 0 ? (
                  <th key={c.labelKey} scope="row" className={cellClass(c, row)}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.labelKey} className={cellClass(c, row)}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {foot && <tfoot>{foot}</tfoot>}
      </table>
    </div>
  )
}

/** Props of {@link DayChart}. */
export interface DayChartProps<Day extends { date: string }> {
  days: readonly Day[]
  /** The figure the bars draw (above the line a gain, below a loss). */
  value: (day: Day) => number
  /** The summary that opens the same figures as a table, for screen readers and exact values. */
  summaryKey: string
  columns: readonly Column<Day>[]
}

/** Bars per day above or below a zero line, with the same figures as a table under a summary. */
export function DayChart<Day extends { date: string }>({ days, value, summaryKey, columns }: DayChartProps<Day>) {
  const t = useT()
  return (
    <figure className="lk-money__chart">
      <DayBars bars={days.map((d) => ({ date: d.date, value: value(d) }))} />
      <figcaption>
        <details>
          <summary>{t(summaryKey)}</summary>
          <DataTable columns={columns} rows={days} rowKey={(d) => d.date} />
        </details>
      </figcaption>
    </figure>
  )
}

/** One figure of a {@link Figures} or {@link Facts} list. */
export interface Figure {
  labelKey: string
  text: ReactNode
  tone?: Tone
  /** A class of the value's own (a round's id in monospace). */
  className?: string
}

const valueClass = (f: Figure): string | undefined => [f.className, f.tone && `is-${f.tone}`].filter(Boolean).join(' ') || undefined

/** One label and its value. */
function Term({ figure: f }: { figure: Figure }) {
  const t = useT()
  return (
    <>
      <dt>{t(f.labelKey)}</dt>
      <dd className={valueClass(f)}>{f.text}</dd>
    </>
  )
}

/** Facts of one thing, label beside value, as the member centre lists a period's totals or a round's details. */
export function Facts({ items, className }: { items: readonly Figure[]; className?: string }) {
  return (
    <dl className={className ? `lk-money__facts ${className}` : 'lk-money__facts'}>
      {items.map((f) => (
        <Term key={f.labelKey} figure={f} />
      ))}
    </dl>
  )
}

/** A period's headline figures, label above value, as the agent reports show them. */
export function Figures({ items }: { items: readonly Figure[] }) {
  return (
    <dl className="lk-agent__figures">
      {items.map((f) => (
        <div key={f.labelKey}>
          <Term figure={f} />
        </div>
      ))}
    </dl>
  )
}
