import { useRef } from 'react'
import type { Vendor } from '../../sdk/contract/index.ts'
import { useT } from '../ui/index.ts'
import { LazyImage } from './LazyImage.tsx'

/** The vendor bar scrolls with arrows above this many vendors (SPEC §9). */
export const vendorArrowThreshold = 7

/** Props of {@link VendorBar}. */
export interface VendorBarProps {
  vendors: readonly Vendor[]
  /** Selected vendor code; `''` = all vendors. */
  selected: string
  onSelect: (vendor: string) => void
  /**
   * The vendors are still loading: the bar keeps room for the arrows, so a list long enough for them
   * does not push the tabs aside when it arrives (a typical lobby has more than 7 vendors).
   */
  loading?: boolean
}

/** Vendor tabs ("All" first); arrow buttons scroll the bar when there are more than 7 vendors. */
export function VendorBar({ vendors, selected, onSelect, loading = false }: VendorBarProps) {
  const t = useT()
  const track = useRef<HTMLUListElement>(null)
  const arrows = vendors.length > vendorArrowThreshold
  const room = loading && vendors.length === 0
  const scroll = (direction: 1 | -1) => {
    const el = track.current
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: 'smooth' })
  }
  const tab = (code: string, label: string, logo?: string) => (
    <li key={code || 'all'}>
      <button type="button" className="lk-vendor" aria-pressed={selected === code} onClick={() => onSelect(code)}>
        {logo && <LazyImage path={logo} alt="" ratio="3 / 1" className="lk-vendor__logo" />}
        <span className="lk-vendor__name">{label}</span>
      </button>
    </li>
  )
  return (
    <nav className={`lk-vendorbar${arrows || room ? ' lk-vendorbar--arrows' : ''}`} aria-label={t('lobby_vendors')}>
      {room && <span />}
      {arrows && (
        <button type="button" className="lk-vendorbar__arrow" onClick={() => scroll(-1)} aria-label={t('lobby_vendors_prev')}>
          <span aria-hidden="true">‹</span>
        </button>
      )}
      <ul ref={track} className="lk-vendorbar__track">
        {tab('', t('lobby_all_vendors'))}
        {vendors.map((vendor) => tab(vendor.vassalage, vendor.name, vendor.logo))}
      </ul>
      {room && <span />}
      {arrows && (
        <button type="button" className="lk-vendorbar__arrow" onClick={() => scroll(1)} aria-label={t('lobby_vendors_next')}>
          <span aria-hidden="true">›</span>
        </button>
      )}
    </nav>
  )
}
