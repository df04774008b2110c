import { useId, type KeyboardEvent } from 'react'
import { useT } from '../ui/index.ts'

/** Props of {@link Tabs}. */
export interface TabsProps<T extends string> {
  labelKey: string
  tabs: readonly T[]
  /** Locale key of each tab. */
  tabKey: (tab: T) => string
  value: T
  onChange: (tab: T) => void
}

/** A tab list (arrow keys move between tabs) for the forms' method and type switches. */
export function Tabs<T extends string>({ labelKey, tabs, tabKey, value, onChange }: TabsProps<T>) {
  const t = useT()
  const id = useId()
  const onKey = (event: KeyboardEvent) => {
    const i = tabs.indexOf(value)
    const next = event.key === 'ArrowRight' ? tabs[(i + 1) % tabs.length] : event.key === 'ArrowLeft' ? tabs[(i - 1 + tabs.length) % tabs.length] : undefined
    if (next) {
      event.preventDefault()
      onChange(next)
      document.getElementById(`${id}-${next}`)?.focus()
    }
  }
  return (
    <div className="lk-tabs" role="tablist" aria-label={t(labelKey)} onKeyDown={onKey}>
      {tabs.map((tab) => (
        <button
          key={tab}
          id={`${id}-${tab}`}
          type="button"
          role="tab"
          aria-selected={tab === value}
          tabIndex={tab === value ? 0 : -1}
          className={tab === value ? 'lk-tab is-active' : 'lk-tab'}
          onClick={() => onChange(tab)}
        >
          {t(tabKey(tab))}
        </button>
      ))}
    </div>
  )
}
