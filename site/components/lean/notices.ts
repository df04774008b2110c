import { $htmlSanitiser, loadHtmlSanitiser, trustedHtml } from '../../../sdk/html/index.ts'
import {
  $announcements,
  $barNotices,
  $noticePopupList,
  $noticePopupOpen,
  dismissNoticePopup,
  noticePopupMayShow,
  noticePopupShown,
  openNotice,
  withdrawNoticePopup,
} from '../../../sdk/shell/index.ts'
import { type LeanDialog, openDialog } from './dialog.ts'
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
 * The notice popup of a content page, drawn without React: its store decides (each notice once per
 * browser, never in a time-out, not over what the visitor has started), and it appears once the
 * sanitiser has loaded, with every notice's content in place (nothing fills in and pushes the rest
 * down). `closeIcon` is the close button's icon the server drew.
 */
export function startNoticePopup(closeIcon?: Node): void {
  let dialog: LeanDialog | undefined
  let loading = false
  const show = () => {
    loading = false
    if (!$noticePopupOpen.get() || dialog) return
    // A sanitiser that could not load (offline, a deploy in between) shows nothing: the notices stay unseen, in the bar.
    if (!$htmlSanitiser.get()) return withdrawNoticePopup()
    // The visitor may have pressed or typed while the sanitiser loaded: the popup then waits for the next page.
    if (!noticePopupMayShow()) return withdrawNoticePopup()
    noticePopupShown()
    const list = element('ol', 'lk-noticepopup')
    for (const notice of $noticePopupList.get()) {
      const body = element('div', 'lk-html')
      body.innerHTML = trustedHtml(notice.content) as string
      const item = element('li')
      item.append(element('h3', undefined, notice.title), body)
      list.append(item)
    }
    dialog = openDialog({ name: 'noticePopup', titleKey: 'shell_notice_popup_title', width: 560, closeIcon: closeIcon?.cloneNode(true), onClose: dismissNoticePopup, body: list })
  }
  $noticePopupOpen.subscribe((open) => {
    if (!open) {
      dialog?.close()
      dialog = undefined
      return
    }
    if (dialog || loading) return
    loading = true
    loadHtmlSanitiser().then(show, show)
  })
}
