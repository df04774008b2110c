import './shell.css'
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { GameMenu } from '../../sdk/contract/index.ts'
import { $navMenus, categoryHref, navVendors, vendorHref } from '../../sdk/shell/index.ts'
import { useClientStore, useCloseOnOutside, useImageUrl, useT } from '../ui/index.ts'
import { Icon } from './more-icons.tsx'
import { pages } from '../../sdk/pages/index.ts'

/** Props of {@link Nav}. */
export interface NavProps {
  /** The current route (`/rng`), to mark the current item. */
  route: string
}

const categoryKey = (menu: GameMenu) => `shell_category_${menu.gameType.toLowerCase()}`

/**
 * The nav bar: home, one item per game category (regrouped) with a provider panel (first 11 providers,
 * then 'more'), promotions and app download. Categories live in their own scroller so items after
 * them never move when the menus arrive.
 */
export function Nav({ route }: NavProps) {
  const t = useT()
  const menus = useClientStore($navMenus, { loading: false }).data ?? []
  const [open, setOpen] = useState<string | null>(null)
  const panelId = useId()
  const root = useRef<HTMLElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const openMenu = menus.find((m) => m.gameType === open)
  const strip = useRef<HTMLUListElement>(null)
  const edges = useScrollEdges(strip, menus.length)
  const scrollStrip = (direction: 1 | -1) => strip.current?.scrollBy({ left: direction * strip.current.clientWidth * 0.6, behavior: 'smooth' })

  useCloseOnOutside(
    root,
    Boolean(open),
    useCallback(() => setOpen(null), []),
  )

  const toggleKeys = (e: KeyboardEvent, type: string) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      setOpen(type)
      requestAnimationFrame(() => panel.current?.querySelector<HTMLElement>('a')?.focus())
    }
  }
  const panelKeys = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return
    const type = open
    setOpen(null)
    root.current?.querySelector<HTMLElement>(`[data-toggle="${type}"]`)?.focus()
  }

  return (
    <nav className="lk-nav" aria-label={t('shell_nav_label')} ref={root} onMouseLeave={() => setOpen(null)} onKeyDown={panelKeys}>
      <div className="lk-nav__row lk-container">
        <a className="lk-nav__link" href={pages.home} aria-current={route === pages.home ? 'page' : undefined}>
          {t('shell_nav_home')}
        </a>
        {/* When the categories do not fit (a long language, a narrow window) the strip scrolls, and
            its hidden ends say so with a fade and an arrow button. */}
        <div className={`lk-nav__strip${edges.before ? ' has-before' : ''}${edges.after ? ' has-after' : ''}`}>
          <button type="button" className="lk-nav__more lk-nav__more--before" hidden={!edges.before} aria-label={t('shell_nav_more_before')} onClick={() => scrollStrip(-1)}>
            <Icon name="chevron" size={16} />
          </button>
          <ul className="lk-nav__categories" aria-label={t('shell_nav_categories')} ref={strip}>
            {menus.map((menu) => {
              const href = categoryHref(menu)
              return (
                <li key={menu.gameType} className="lk-nav__category" onMouseEnter={() => setOpen(menu.gameType)}>
                  <a className="lk-nav__link" href={href} aria-current={route === href ? 'page' : undefined}>
                    {t(categoryKey(menu))}
                  </a>
                  <button
                    type="button"
                    className="lk-nav__toggle"
                    data-toggle={menu.gameType}
                    aria-expanded={open === menu.gameType}
                    aria-controls={panelId}
                    aria-label={t('shell_nav_providers', { category: t(categoryKey(menu)) })}
                    onClick={() => setOpen(open === menu.gameType ? null : menu.gameType)}
                    onKeyDown={(e) => toggleKeys(e, menu.gameType)}
                  >
                    <Icon name="chevron" size={14} />
                  </button>
                </li>
              )
            })}
          </ul>
          <button type="button" className="lk-nav__more lk-nav__more--after" hidden={!edges.after} aria-label={t('shell_nav_more_after')} onClick={() => scrollStrip(1)}>
            <Icon name="chevron" size={16} />
          </button>
        </div>
        <a className="lk-nav__link" href={pages.promotions} aria-current={route === pages.promotions ? 'page' : undefined}>
          {t('shell_nav_promotions')}
        </a>
        <a className="lk-nav__link" href={pages.down} aria-current={route === pages.down || route === pages.download ? 'page' : undefined}>
          {t('shell_nav_download')}
        </a>
      </div>
      <div className="lk-nav__panel" id={panelId} ref={panel} hidden={!openMenu}>
        {openMenu && <Providers menu={openMenu} />}
      </div>
    </nav>
  )
}

/**
 * Whether a horizontal strip has content hidden before or after what shows, kept up to date on its
 * scroll and resize (listeners on the strip itself, removed on unmount).
 * @param changes - anything that changes the strip's content (the menus' count)
 */
function useScrollEdges(ref: { current: HTMLElement | null }, changes: number): { before: boolean; after: boolean } {
  const [edges, setEdges] = useState({ before: false, after: false })
  // biome-ignore lint/correctness/useExhaustiveDependencies: `changes` re-measures when the content changes
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const measure = () => {
      const before = el.scrollLeft > 1
      const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1
      setEdges((e) => (e.before === before && e.after === after ? e : { before, after }))
    }
    measure()
    el.addEventListener('scroll', measure, { passive: true })
    const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure)
    resize?.observe(el)
    return () => {
      el.removeEventListener('scroll', measure)
      resize?.disconnect()
    }
  }, [ref, changes])
  return edges
}

function Providers({ menu }: { menu: GameMenu }) {
  const t = useT()
  const { shown, more } = navVendors(menu.vendors)
  return (
    <ul className="lk-nav__providers lk-container" aria-label={t(categoryKey(menu))}>
      {shown.map((vendor) => (
        <li key={vendor.vassalage}>
          <a className="lk-provider" href={vendorHref(menu, vendor.vassalage)}>
            <Logo path={vendor.logo} alt="" size={48} />
            <span>{vendor.name}</span>
          </a>
        </li>
      ))}
      {more && (
        <li>
          <a className="lk-provider lk-provider--more" href={categoryHref(menu)}>
            <span className="lk-provider__more" aria-hidden="true">
              ⋯
            </span>
            <span>{t('shell_nav_more')}</span>
          </a>
        </li>
      )}
    </ul>
  )
}

/** A provider logo on a CDN chosen once. */
export function Logo({ path, alt, size, height }: { path: string; alt: string; size: number; height?: number }) {
  const src = useImageUrl(path)
  return <img src={src} alt={alt} width={size} height={height ?? size} loading="lazy" decoding="async" />
}
