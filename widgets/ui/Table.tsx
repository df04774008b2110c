import type { ReactNode } from 'react'
import { useT } from './i18n.ts'

/** A column head: its message key, or the key with the head's class, or a head said only to screen readers (a column of buttons). */
export type Head = string | { key: string; className?: string; hidden?: boolean }

/** Props of {@link Table}. */
export interface TableProps {
  className?: string
  /** The column heads, left to right. */
  heads: readonly Head[]
  /** Said above the table. */
  caption?: string
  /** The rows (`<tr>`s). */
  children: ReactNode
  /**
   * The rows may be laid out as cards on a phone (by the caller's CSS): the table, its groups, rows and
   * heads then say their roles themselves, which a CSS display change would otherwise take away.
   */
  stacked?: boolean
}

/**
 * A table whose column heads are message keys and whose rows are its children: the one place the
 * reward, lobby and service tables write their heads (`scope="col"`, hidden heads for screen readers).
 * The member and agent centres' figure tables use `DataTable` (member/table.tsx), which also lays out the cells.
 */
export function Table({ className, heads, caption, children, stacked }: TableProps) {
  const t = useT()
  const role = (r: string) => (stacked ? r : undefined)
  return (
    <table className={className} role={role('table')}>
      {caption && <caption>{caption}</caption>}
      <thead role={role('rowgroup')}>
        <tr role={role('row')}>
          {heads.map((head) => {
            const { key, className: headClass, hidden } = typeof head === 'string' ? { key: head } : head
            return (
              <th key={key} scope="col" className={headClass} role={role('columnheader')}>
                {hidden ? <span className="lk-visually-hidden">{t(key)}</span> : t(key)}
              </th>
            )
          })}
        </tr>
      </thead>
      <tbody role={role('rowgroup')}>{children}</tbody>
    </table>
  )
}
