import type { Banner } from '../../../sdk/contract/index.ts'
import { t } from '../../../sdk/i18n/index.ts'
import { $quiet } from '../../../sdk/protect/quiet.ts'
import { $announcements, bannerAutoplayMs, bannersOf, bannerTarget } from '../../../sdk/shell/index.ts'
import { $status } from '../../../sdk/stores/index.ts'
import { cdnKey, element, platformImage } from './press.ts'

/**
 * The banner carousel of a content page, as widgets/shell/Banner.tsx: the group's banners over the
 * brand hero, autoplaying every 5 s with pagination when there is more than one, pausing on hover and
 * focus and with its pause button (until play is pressed), none during a time-out or
 * self-exclusion. A group the platform answered with no banners hides its slot (a failed call keeps
 * the hero). `icons` holds the pause and play icons the server drew.
 */
export function startBanner(icons: HTMLTemplateElement, group: string): void {
  const box = icons.parentElement as HTMLElement
  const slot = box.closest<HTMLElement>('[data-banner-slot]')
  const [pauseIcon, playIcon] = [...icons.content.children]
  const banners = bannersOf(group)
  let carousel: HTMLElement | null = null
  let shown = ''
  let index = 0
  let paused = false
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined

  const current = () => banners.get().length && index % banners.get().length
  const show = () => {
    if (!carousel) return
    const at = current()
    const track = carousel.querySelector<HTMLElement>('.lk-banner__track')
    if (track) track.style.transform = `translateX(-${at * 100}%)`
    carousel.querySelectorAll<HTMLElement>('.lk-banner__slide').forEach((slide, i) => {
      slide.setAttribute('aria-hidden', String(i !== at))
      slide.dataset.active = String(i === at)
      slide.querySelector('a')?.setAttribute('tabindex', i === at ? '0' : '-1')
    })
    carousel.querySelectorAll('.lk-banner__dot').forEach((dot, i) => {
      dot.setAttribute('aria-current', String(i === at))
    })
    const pause = carousel.querySelector('.lk-banner__pause')
    if (pause) {
      pause.setAttribute('aria-pressed', String(stopped))
      pause.replaceChildren((stopped ? playIcon : pauseIcon).cloneNode(true))
    }
    clearTimeout(timer)
    if (banners.get().length > 1 && !paused && !stopped && !$quiet.get())
      timer = setTimeout(() => {
        index = (current() + 1) % banners.get().length
        show()
      }, bannerAutoplayMs)
  }

  const slide = (banner: Banner, i: number) => {
    const li = element('li', 'lk-banner__slide')
    const image = platformImage(banner.url, banner.title, 1200, 300, i === 0)
    const target = bannerTarget(banner)
    if (target.kind === 'none') li.append(image)
    else {
      const link = element('a')
      link.href = target.href
      if (target.kind === 'external') {
        link.target = '_blank'
        link.rel = 'noopener noreferrer'
      }
      link.append(image)
      li.append(link)
    }
    return li
  }

  const build = (list: Banner[]) => {
    const section = element('section', 'lk-banner__carousel')
    section.setAttribute('aria-roledescription', 'carousel')
    section.setAttribute('aria-label', t('shell_banner_label'))
    const hold = (on: boolean) => () => {
      paused = on
      show()
    }
    section.addEventListener('mouseenter', hold(true))
    section.addEventListener('mouseleave', hold(false))
    section.addEventListener('focusin', hold(true))
    section.addEventListener('focusout', hold(false))
    const track = element('ul', 'lk-banner__track')
    track.append(...list.map(slide))
    section.append(track)
    if (list.length > 1) {
      const dots = element('div', 'lk-banner__dots')
      dots.setAttribute('role', 'group')
      dots.setAttribute('aria-label', t('shell_banner_pages'))
      const pause = element('button', 'lk-banner__pause')
      pause.type = 'button'
      pause.setAttribute('aria-label', t('shell_pause_slides'))
      pause.addEventListener('click', () => {
        stopped = !stopped
        show()
      })
      dots.append(pause)
      list.forEach((_, i) => {
        const dot = element('button', 'lk-banner__dot')
        dot.type = 'button'
        dot.setAttribute('aria-label', t('shell_banner_goto', { n: i + 1, total: list.length }))
        dot.addEventListener('click', () => {
          index = i
          show()
        })
        dots.append(dot)
      })
      section.append(dots)
    }
    return section
  }

  const render = () => {
    const list = banners.get()
    const quiet = $quiet.get()
    if (slot) slot.hidden = list.length === 0 && Boolean($announcements.get().data)
    const key = quiet || list.length === 0 ? '' : cdnKey() + list.map((b) => `${b.bannerId}\u0000${b.url}\u0000${b.title}\u0000${b.linkage}`).join('\u0001')
    if (key !== shown) {
      shown = key
      carousel?.remove()
      carousel = key ? build(list) : null
      if (carousel) box.append(carousel)
    }
    show()
  }
  banners.subscribe(render)
  $announcements.subscribe(render)
  $quiet.subscribe(render)
  $status.subscribe(render)
}
