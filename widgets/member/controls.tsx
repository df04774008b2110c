/** The member and agent centres' shared controls: money as shown, titled section, select field, form error and notice, date range, pager, day bars. */
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react'
import { formatMoney } from '../../sdk/format/index.ts'
import { endsToday, lastDays, shiftRange, rangeDays, type DayRange } from '../../sdk/money/index.ts'
import { useT } from '../ui/index.ts'

/** Minor units as the member centre shows them (`₱1,000.00`, `1.000,00 ₱`). */
export const money = (minor: number): string => formatMoney(minor)

/** Props of {@link Section}. */
export interface SectionProps {
  /** The heading's id, for what else it names (a table's scrolling region); one is made when not given. */
  id?: string
  /** The heading's text. */
  title: ReactNode
  className?: string
  busy?: boolean
  children: ReactNode
}

/** A titled part of a centre page: a section named by its own heading. */
export function Section({ id, title, className, busy, children }: SectionProps) {
  const made = useId()
  const headId = id ?? made
  return (
    <section className={className} aria-labelledby={headId} aria-busy={busy}>
      <h4 id={headId} className="lk-money__subhead">
        {title}
      </h4>
      {children}
    </section>
  )
}

/** A select's options, one per value: its text the message `prefix` + value, or without a prefix the value itself. */
export function Options({ values, prefix }: { values: readonly string[]; prefix?: string }) {
  const t = useT()
  return values.map((value) => (
    <option key={value} value={value}>
      {prefix === undefined ? value : t(`${prefix}${value}`)}
    </option>
  ))
}

/** A labelled select with its error under it. */
export function SelectField({ labelKey, error, children, ...select }: SelectHTMLAttributes<HTMLSelectElement> & { labelKey: string; error?: string; children: ReactNode }) {
  const t = useT()
  const id = useId()
  return (
    <div className={`lk-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id} className="lk-field__label">
        {t(labelKey)}
      </label>
      <div className="lk-field__control">
        <select id={id} className="lk-select" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-e` : undefined} {...select}>
          {children}
        </select>
      </div>
      <p id={`${id}-e`} className="lk-field__error" role={error ? 'alert' : undefined}>
        {error ?? ''}
      </p>
    </div>
  )
}

/** The form's general error (not tied to a field), announced. */
export const FormError = ({ text }: { text?: string }) =>
  text ? (
    <p className="lk-money__formerror" role="alert">
      {text}
    </p>
  ) : null

/** A success note, announced politely. */
export const Notice = ({ text }: { text?: string }) => (
  <p className="lk-money__notice" role="status">
    {text ?? ''}
  </p>
)

/** Date range with quick picks: last 7 or 30 days, and the previous or next range of the same length (SPEC §9). */
export function RangePicker({ range, onChange, disabled }: { range: DayRange; onChange: (r: DayRange) => void; disabled?: boolean }) {
  const t = useT()
  const id = useId()
  const days = rangeDays(range) === 30 ? 30 : 7
  const set = (patch: Partial<DayRange>) => onChange({ ...range, ...patch })
  return (
    <fieldset className="lk-money__range" disabled={disabled}>
      <legend className="lk-visually-hidden">{t('money_range')}</legend>
      <div className="lk-money__dates">
        <label htmlFor={`${id}-f`}>{t('money_from')}</label>
        <input id={`${id}-f`} type="date" value={range.from} max={range.to} onChange={(e) => e.target.value && set({ from: e.target.value })} />
        <label htmlFor={`${id}-t`}>{t('money_to')}</label>
        <input id={`${id}-t`} type="date" value={range.to} min={range.from} onChange={(e) => e.target.value && set({ to: e.target.value })} />
      </div>
      <div className="lk-money__quick">
        <button type="button" className="lk-button" onClick={() => onChange(shiftRange(range, -1, days))}>
          {t('money_range_prev', { days })}
        </button>
        <button type="button" className="lk-button" onClick={() => onChange(lastDays(7))}>
          {t('money_range_last', { days: 7 })}
        </button>
        <button type="button" className="lk-button" onClick={() => onChange(lastDays(30))}>
          {t('money_range_last', { days: 30 })}
        </button>
        <button type="button" className="lk-button" disabled={endsToday(range)} onClick={() => onChange(shiftRange(range, 1, days))}>
          {t('money_range_next', { days })}
        </button>
      </div>
    </fieldset>
  )
}

/** Previous / next page with "page n of m". */
export function Pager({ page, totalPages, onGo, disabled }: { page: number; totalPages: number; onGo: (page: number) => void; disabled?: boolean }) {
  const t = useT()
  if (totalPages <= 1) return null
  return (
    <nav className="lk-money__pager" aria-label={t('money_paging')}>
      <button type="button" className="lk-button" disabled={disabled || page <= 1} onClick={() => onGo(page - 1)}>
        {t('money_page_prev')}
      </button>
      <span>{t('money_page_of', { page, total: totalPages })}</span>
      <button type="button" className="lk-button" disabled={disabled || page >= totalPages} onClick={() => onGo(page + 1)}>
        {t('money_page_next')}
      </button>
    </nav>
  )
}

/**
 * Bars per day above (a win) or below (a loss) a zero line, scaled to the largest; hidden from
 * screen readers, so the caller puts the same figures in a table beside it.
 */
export function DayBars({ bars }: { bars: { date: string; value: number }[] }) {
  const peak = Math.max(1, ...bars.map((b) => Math.abs(b.value)))
  const w = 100 / Math.max(bars.length, 1)
  return (
    <svg viewBox="0 0 100 60" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <line x1="0" x2="100" y1="30" y2="30" className="lk-money__axis" />
      {bars.map((b, i) => {
        const h = (Math.abs(b.value) / peak) * 28
        return <rect key={b.date} x={i * w + w * 0.15} width={w * 0.7} y={b.value >= 0 ? 30 - h : 30} height={Math.max(h, 0.3)} className={b.value < 0 ? 'is-loss' : 'is-win'} />
      })}
    </svg>
  )
}
