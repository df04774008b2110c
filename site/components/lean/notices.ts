import { $announcements, $barNotices, $noticePopupOpen, openNotice } from '../../../sdk/shell/index.ts'
import { loadOnDemand } from './load.ts'
import { element, pressWith } from './press.ts'

/**
 * The notice bar of a content page (server HTML, Shell.astro), as widgets/shell/Notices.tsx's
 * NoticeBar: titles scroll in a marquee that pauses on hover and focus (CSS) and with its pause
 * button; a title opens the notice modal at its index (its code loads on that press). The bar keeps
 * its height while notices load and leaves once the platform has answered with none.
 */
export function startNoticeBar(bar: HTMLElement): void {
  const viewport = bar.querySelector('.lk-noticebar__viewport') as HTMLElement
  const pause = bar.querySelector('.lk-noticebar__pause') as HTMLButtonElement
  pause.addEventListener('click', () => {
    const stopped = bar.classList.toggle('is-stopped')
    pause.setAttribute('aria-pressed', String(stopped))
    for (const icon of pause.querySelectorAll<HTMLElement>('[data-when]')) icon.hidden = (icon.dataset.when === 'stopped') !== stopped
  })
  let shown = ''
  const render = () => {
    const notices = $barNotices.get()
    const answered = $announcements.get()
    bar.hidden = notices.length === 0 && Boolean(answered.data || answered.error)
    const key = notices.map((n) => `${n.id}\u0000${n.title}`).join('\u0001')
    if (key === shown) return
    shown = key
    viewport.replaceChildren()
    if (notices.length === 0) return
    const track = element('ul', 'lk-noticebar__track')
    track.style.animationDuration = `${Math.max(20, notices.length * 12)}s`
    notices.forEach((notice, i) => {
      const item = element('button', 'lk-noticebar__item', notice.title)
      item.type = 'button'
      item.addEventListener('click', () =>
        pressWith(item, (parts) => {
          parts.mountNoticeModal()
          openNotice(i)
        }),
      )
      const li = element('li')
      li.append(item)
      track.append(li)
    })
    viewport.append(track)
  }
  $announcements.subscribe(render)
  $barNotices.subscribe(render)
}

/**
 * The notice popup of a content page: its store decides (each notice once per browser, never in a
 * time-out), and only when it opens does its code load.
 */
export function startNoticePopup(): void {
  let mounted = false
  $noticePopupOpen.subscribe((open) => {
    if (!open || mounted) return
    mounted = true
    loadOnDemand().then(
      (parts) => parts.mountNoticePopup(),
      () => {
        mounted = false
      },
    )
  })
}
