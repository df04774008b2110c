import './shell.css'
import { useRef } from 'react'
import { $navMenus, vendorHref } from '../../sdk/shell/index.ts'
import { Logo } from './Nav.tsx'
import { useClientStore, useT } from '../ui/index.ts'
import { Icon } from './more-icons.tsx'

/** Slides visible at once and the gap between them (SPEC §9). */
export const carouselSlides = 10
export const carouselGap = 10

/**
 * Footer provider carousel: 10 logos per view with a 10 px gap, scroll-snapped, with previous/next
 * buttons that move one view. Every provider of every category, once.
 */
export function ProviderCarousel() {
  const t = useT()
  const menus = useClientStore($navMenus, { loading: false }).data ?? []
  const track = useRef<HTMLUListElement>(null)
  const seen = new Set<string>()
  const providers = menus.flatMap((menu) =>
    menu.vendors.filter((v) => !seen.has(v.vassalage) && seen.add(v.vassalage)).map((vendor) => ({ vendor, href: vendorHref(menu, vendor.vassalage) })),
  )
  const move = (direction: 1 | -1) => {
    const el = track.current
    if (el) el.scrollBy({ left: direction * el.clientWidth, behavior: 'smooth' })
  }
  return (
    <section className="lk-carousel" aria-label={t('shell_providers')} style={{ ['--lk-slides' as string]: carouselSlides, ['--lk-gap' as string]: `${carouselGap}px` }}>
      <button type="button" className="lk-iconbutton" onClick={() => move(-1)} aria-label={t('shell_previous')} disabled={providers.length <= carouselSlides}>
        <Icon name="left" />
      </button>
      <ul className="lk-carousel__track" ref={track}>
        {providers.map(({ vendor, href }) => (
          <li key={vendor.vassalage} className="lk-carousel__slide">
            <a href={href} title={vendor.name}>
              <Logo path={vendor.logo} alt={vendor.name} size={64} height={40} />
            </a>
          </li>
        ))}
      </ul>
      <button type="button" className="lk-iconbutton" onClick={() => move(1)} aria-label={t('shell_next')} disabled={providers.length <= carouselSlides}>
        <Icon name="right" />
      </button>
    </section>
  )
}
