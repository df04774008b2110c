import type { GameMenu } from '../../../sdk/contract/index.ts'
import { t } from '../../../sdk/i18n/index.ts'
import { $navMenus, categoryHref, navVendors, vendorHref } from '../../../sdk/shell/index.ts'
import { $status } from '../../../sdk/stores/index.ts'
import { cdnKey, element, platformImage } from './press.ts'

const categoryKey = (menu: GameMenu) => `shell_category_${menu.gameType.toLowerCase()}`

/**
 * The nav of a content page (server HTML, Header.astro), as widgets/shell/Nav.tsx: one item per game
 * category once the menus arrive, each with a provider panel (first 11 providers, then 'more') opened
 * by hovering, by its toggle or by Arrow Down, closed by leaving, Escape or a press outside; the
 * category strip scrolls when it does not fit, its hidden ends saying so.
 */
export function startNav(nav: HTMLElement, route: string): void {
  const strip = nav.querySelector('.lk-nav__categories') as HTMLUListElement
  const stripBox = strip.parentElement as HTMLElement
  const panel = nav.querySelector('.lk-nav__panel') as HTMLElement
  const chevron = (nav.querySelector('template[data-chevron]') as HTMLTemplateElement).content
  const [before, after] = [...nav.querySelectorAll<HTMLButtonElement>('.lk-nav__more')]
  let menus: GameMenu[] = []
  let open: string | null = null

  const setOpen = (type: string | null) => {
    open = type
    const menu = menus.find((m) => m.gameType === type)
    for (const toggle of strip.querySelectorAll('[data-toggle]')) toggle.setAttribute('aria-expanded', String(toggle.getAttribute('data-toggle') === type))
    panel.hidden = !menu
    panel.replaceChildren()
    if (menu) panel.append(providers(menu))
  }

  const edges = () => {
    const hasBefore = strip.scrollLeft > 1
    const hasAfter = strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1
    before.hidden = !hasBefore
    after.hidden = !hasAfter
    stripBox.classList.toggle('has-before', hasBefore)
    stripBox.classList.toggle('has-after', hasAfter)
  }
  for (const more of [before, after]) more.addEventListener('click', () => strip.scrollBy({ left: Number(more.dataset.more) * strip.clientWidth * 0.6, behavior: 'smooth' }))
  strip.addEventListener('scroll', edges, { passive: true })
  if (typeof ResizeObserver !== 'undefined') new ResizeObserver(edges).observe(strip)

  nav.addEventListener('mouseleave', () => setOpen(null))
  nav.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || open === null) return
    const type = open
    setOpen(null)
    strip.querySelector<HTMLElement>(`[data-toggle="${type}"]`)?.focus()
  })
  document.addEventListener('pointerdown', (e) => {
    if (open !== null && !nav.contains(e.target as Node)) setOpen(null)
  })

  const item = (menu: GameMenu) => {
    const li = element('li', 'lk-nav__category')
    li.addEventListener('mouseenter', () => setOpen(menu.gameType))
    const href = categoryHref(menu)
    const link = element('a', 'lk-nav__link', t(categoryKey(menu)))
    link.href = href
    if (route === href) link.setAttribute('aria-current', 'page')
    const toggle = element('button', 'lk-nav__toggle')
    toggle.type = 'button'
    toggle.dataset.toggle = menu.gameType
    toggle.setAttribute('aria-expanded', 'false')
    toggle.setAttribute('aria-controls', panel.id)
    toggle.setAttribute('aria-label', t('shell_nav_providers', { category: t(categoryKey(menu)) }))
    toggle.append(chevron.cloneNode(true))
    toggle.addEventListener('click', () => setOpen(open === menu.gameType ? null : menu.gameType))
    toggle.addEventListener('keydown', (e) => {
      if (e.key !== 'ArrowDown') return
      e.preventDefault()
      setOpen(menu.gameType)
      panel.querySelector<HTMLElement>('a')?.focus()
    })
    li.append(link, toggle)
    return li
  }

  const providers = (menu: GameMenu) => {
    const list = element('ul', 'lk-nav__providers lk-container')
    list.setAttribute('aria-label', t(categoryKey(menu)))
    const { shown, more } = navVendors(menu.vendors)
    for (const vendor of shown) {
      const link = element('a', 'lk-provider')
      link.href = vendorHref(menu, vendor.vassalage)
      link.append(platformImage(vendor.logo, '', 48, 48), element('span', undefined, vendor.name))
      const li = element('li')
      li.append(link)
      list.append(li)
    }
    if (more) {
      const link = element('a', 'lk-provider lk-provider--more')
      link.href = categoryHref(menu)
      const dots = element('span', 'lk-provider__more', '⋯')
      dots.setAttribute('aria-hidden', 'true')
      link.append(dots, element('span', undefined, t('shell_nav_more')))
      const li = element('li')
      li.append(link)
      list.append(li)
    }
    return list
  }

  let cdns = cdnKey()
  const render = () => {
    const next = $navMenus.get().data ?? []
    if (next === menus && cdns === cdnKey()) return
    const fresh = next !== menus
    menus = next
    cdns = cdnKey()
    if (fresh) strip.replaceChildren(...menus.map(item))
    // An open panel draws its logos again once the CDNs are known.
    setOpen(open && menus.some((m) => m.gameType === open) ? open : null)
    // Read once the new categories are laid out with the frame, not by forcing a layout now.
    requestAnimationFrame(edges)
  }
  $navMenus.subscribe(render)
  $status.subscribe(render)
}

/**
 * The footer's provider carousel on a content page (server HTML, Footer.astro), as
 * widgets/shell/ProviderCarousel.tsx: every provider of every category once, 10 per view, the
 * previous and next buttons moving one view (usable when there are more than 10).
 */
export function startProviders(carousel: HTMLElement): void {
  const track = carousel.querySelector('.lk-carousel__track') as HTMLUListElement
  const steps = [...carousel.querySelectorAll<HTMLButtonElement>('[data-step]')]
  const perView = Number(carousel.dataset.leanProviders)
  for (const step of steps) step.addEventListener('click', () => track.scrollBy({ left: Number(step.dataset.step) * track.clientWidth, behavior: 'smooth' }))
  let shown: GameMenu[] | undefined
  let cdns = ''
  const render = () => {
    // The same menus with the same CDNs: the slides stay (and where the visitor scrolled them).
    const menus = $navMenus.get().data ?? []
    if (menus === shown && cdns === cdnKey()) return
    shown = menus
    cdns = cdnKey()
    const seen = new Set<string>()
    const slides = menus.flatMap((menu) =>
      menu.vendors
        .filter((v) => !seen.has(v.vassalage) && seen.add(v.vassalage))
        .map((vendor) => {
          const link = element('a')
          link.href = vendorHref(menu, vendor.vassalage)
          link.title = vendor.name
          link.append(platformImage(vendor.logo, vendor.name, 64, 40))
          const li = element('li', 'lk-carousel__slide')
          li.append(link)
          return li
        }),
    )
    track.replaceChildren(...slides)
    for (const step of steps) step.disabled = slides.length <= perView
  }
  $navMenus.subscribe(render)
  $status.subscribe(render)
}
