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
}

/**
 * A table whose column heads are message keys and whose rows are its children: the one place the
 * reward, lobby and service tables write their heads (`scope="col"`, hidden heads for screen readers).
 * The member and agent centres' figure tables use `DataTable` (member/table.tsx), which also lays out the cells.
 */
export function Table({ className, heads, caption, children }: TableProps) {
  const t = useT()
  return (
    <table className={className}>
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          {heads.map((head) => {
            const { key, className: headClass, hidden } = typeof head === 'string' ? { key: head } : head
            return (
              <th key={key} scope="col" className={headClass}>
                {hidden ? <span className="lk-visually-hidden">{t(key)}</span> : t(key)}
              </th>
            )
          })}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  )
}
