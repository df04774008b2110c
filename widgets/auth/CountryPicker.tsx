import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { $countries, initialCountry } from '../../sdk/auth/index.ts'
import type { Country } from '../../sdk/contract/index.ts'
import { displayName } from '../../sdk/format/index.ts'
import { $locale, htmlLang } from '../../sdk/i18n/index.ts'
import { useClientStore, useT } from '../ui/index.ts'
import { Flag } from './Flag.tsx'
import { idle } from './initial.ts'

/** A dialing code shown with one leading plus, whether or not the platform sends it with one. */
const plus = (code: string): string => `+${code.replace(/^\+/, '')}`

/** How long the list stays after the field loses focus (SPEC §9), so a click on an option lands. */
export const countryCloseDelayMs = 200

/** Props of {@link CountryPicker}. */
export interface CountryPickerProps {
  /** Dialing code supplied by the form; the initial country when listed. */
  value?: string
  /** Called with the chosen country (and once with the initial one). */
  onChange: (country: Country) => void
  labelKey?: string
}

/**
 * Country dialing-code picker (SPEC §2): a read-only field with flag and +code; the list opens on
 * focus and closes 200 ms after blur; arrow keys, Home/End, Enter and Escape work in it. Countries are
 * named in the page's language (`Intl.DisplayNames`, else the platform's name); flags are SVG and
 * decorative, so a screen reader reads the field as its code described by the country's name, and
 * each option as name and code.
 */
export function CountryPicker({ value, onChange, labelKey = 'auth_field_country' }: CountryPickerProps) {
  const t = useT()
  const id = useId()
  const listId = `${id}-list`
  const { data: list = [] } = useClientStore($countries, idle)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const chosen = list.find((c) => c.countryDialingCode === value) ?? initialCountry(list, value)
  const locale = htmlLang(useStore($locale))
  const nameOf = (c: Country) => displayName('region', c.countryCode.toUpperCase(), locale, c.name)

  useEffect(() => {
    // Tell the form which country it starts with once the list has arrived.
    if (chosen && chosen.countryDialingCode !== value) onChange(chosen)
  }, [chosen, value, onChange])
  useEffect(() => () => clearTimeout(closeTimer.current), [])

  const show = () => {
    clearTimeout(closeTimer.current)
    setActive(
      Math.max(
        0,
        list.findIndex((c) => c === chosen),
      ),
    )
    setOpen(true)
  }
  const pick = (country: Country | undefined) => {
    if (!country) return
    onChange(country)
    setOpen(false)
  }
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = list.length - 1
    const moved = ({ ArrowDown: Math.min(last, active + 1), ArrowUp: Math.max(0, active - 1), Home: 0, End: last } as Record<string, number>)[event.key]
    if (moved !== undefined) {
      event.preventDefault()
      if (!open) return show()
      setActive(moved)
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      if (open) pick(list[active])
      else show()
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      event.stopPropagation()
      setOpen(false)
    }
  }

  return (
    <div className="lk-field lk-country">
      <label htmlFor={id} className="lk-field__label">
        {t(labelKey)}
      </label>
      <div className="lk-field__control lk-country__control">
        {chosen && <Flag countryCode={chosen.countryCode} />}
        <input
          id={id}
          readOnly
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="none"
          aria-describedby={chosen ? `${id}-name` : undefined}
          aria-activedescendant={open && list[active] ? `${id}-${list[active].countryCode}` : undefined}
          value={chosen ? plus(chosen.countryDialingCode) : ''}
          onFocus={show}
          onClick={show}
          onBlur={() => {
            closeTimer.current = setTimeout(() => setOpen(false), countryCloseDelayMs)
          }}
          onKeyDown={onKey}
        />
        {chosen && (
          <span id={`${id}-name`} className="lk-visually-hidden">
            {nameOf(chosen)}
          </span>
        )}
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern: the input keeps focus and points at the options with aria-activedescendant */}
      <ul id={listId} role="listbox" aria-label={t(labelKey)} className="lk-country__list" hidden={!open}>
        {list.map((c, i) => (
          // biome-ignore lint/a11y/useFocusableInteractive: options are reached with aria-activedescendant from the input, not by focus
          // biome-ignore lint/a11y/useKeyWithClickEvents: the input's arrow keys and Enter pick options; the click is the pointer's way
          <li
            key={c.countryCode}
            id={`${id}-${c.countryCode}`}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the combobox's listbox (focus stays in the input)
            role="option"
            aria-selected={c === chosen}
            className={i === active ? 'is-active' : undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(c)}
          >
            <Flag countryCode={c.countryCode} />
            <span className="lk-country__name">{nameOf(c)}</span> <span className="lk-country__code">{plus(c.countryDialingCode)}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
