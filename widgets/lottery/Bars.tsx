import { useRef } from 'react'
import { useT } from '../ui/index.ts'
import { IconNext, IconPrev } from '../ui/icons.tsx'

/** Bars scroll with arrows above this many items (SPEC §9). */
export const arrowThreshold = 7

/** Props of {@link ChoiceBar}. */
export interface ChoiceBarProps {
  label: string
  items: readonly { value: string; label: string }[]
  selected: string
  onSelect: (value: string) => void
}

/** A row of toggle buttons ("All" first) with scroll arrows when it holds more than 7 items. */
export function ChoiceBar({ label, items, selected, onSelect }: ChoiceBarProps) {
  const t = useT()
  const track = useRef<HTMLUListElement>(null)
  const arrows = items.length > arrowThreshold
  const scroll = (direction: 1 | -1) => track.current?.scrollBy({ left: direction * track.current.clientWidth * 0.8, behavior: 'smooth' })
  return (
    <nav className="lk-lot-bar" aria-label={label}>
      {arrows && (
        <button type="button" className="lk-lot-bar__arrow" onClick={() => scroll(-1)} aria-label={t('lottery_scroll_prev')}>
          <IconPrev />
        </button>
      )}
      <ul ref={track} className="lk-lot-bar__track">
        {[{ value: '', label: t('lottery_all') }, ...items].map((item) => (
          <li key={item.value || 'all'}>
            <button type="button" className="lk-lot-chip" aria-pressed={selected === item.value} onClick={() => onSelect(item.value)}>
              {item.label}
            </button>
          </li>
        ))}
      </ul>
      {arrows && (
        <button type="button" className="lk-lot-bar__arrow" onClick={() => scroll(1)} aria-label={t('lottery_scroll_next')}>
          <IconNext />
        </button>
      )}
    </nav>
  )
}
