import type { Notice } from '../../../sdk/contract/index.ts'
import { $htmlSanitiser, loadHtmlSanitiser, trustedHtml } from '../../../sdk/html/index.ts'
import {
  $announcements,
  $barNotices,
  $noticeModal,
  $noticePopupList,
  $noticePopupOpen,
  closeNotice,
  dismissNoticePopup,
  noticePopupMayShow,
  noticePopupShown,
  openNotice,
  withdrawNoticePopup,
} from '../../../sdk/shell/index.ts'
import { type LeanDialog, openDialog } from './dialog.ts'
import { t } from '../../../sdk/i18n/index.ts'
import { element } from './press.ts'

/**
 * The notice bar of a content page (server HTML, Shell.astro): titles scroll in a marquee that pauses
 * on hover and focus (CSS) and with its pause button; a title opens the notice modal at its index. The
 * bar keeps its height while notices load and leaves once the platform has answered with none.
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
      item.addEventListener('click', () => openNotice(i))
      const li = element('li')
      li.append(item)
      track.append(li)
    })
    viewport.append(track)
  }
  $announcements.subscribe(render)
  $barNotices.subscribe(render)
  startNoticeModal()
}

/** Platform HTML (a notice's, a promotion's content), sanitised (busy while the sanitiser has not loaded). */
export function htmlBody(html: string): HTMLElement {
  const body = element('div', 'lk-html')
  const clean = trustedHtml(html)
  if (clean === null) body.setAttribute('aria-busy', 'true')
  else body.innerHTML = clean as string
  return body
}

/** A notice's title and its sanitised content. */
const noticeParts = (notice: Notice): [HTMLElement, HTMLElement] => [element('h3', undefined, notice.title), htmlBody(notice.content)]

/**
 * The notice modal, drawn without React: every bar notice as a tab (ARIA tabs), the chosen one's
 * content sanitised beside them. Its body fills in once the sanitiser has loaded (opening the modal
 * loads it); the tabs stay the same elements while the visitor moves between them, so focus stays.
 */
function startNoticeModal(): void {
  let dialog: LeanDialog | undefined
  let stopSanitiser = () => {}
  const tabs = element('ul', 'lk-noticemodal__list')
  tabs.setAttribute('role', 'tablist')
  tabs.setAttribute('aria-orientation', 'vertical')
  const article = element('article', 'lk-noticemodal__body')
  article.id = 'lk-notice-panel'
  article.setAttribute('role', 'tabpanel')
  let listed = ''
  let drawn = ''
  const render = () => {
    const notices = $barNotices.get()
    const index = $noticeModal.get()
    if (index === null || notices.length === 0) {
      stopSanitiser()
      stopSanitiser = () => {}
      dialog?.close()
      dialog = undefined
      listed = drawn = ''
      return
    }
    const at = Math.min(index, notices.length - 1)
    const current = notices[at]
    const key = notices.map((n) => `${n.id}\u0000${n.title}`).join('\u0001')
    if (key !== listed) {
      listed = key
      tabs.setAttribute('aria-label', t('shell_notices'))
      tabs.replaceChildren(
        ...notices.map((notice, i) => {
          const tab = element('button', undefined, notice.title)
          tab.type = 'button'
          tab.setAttribute('role', 'tab')
          tab.setAttribute('aria-controls', article.id)
          tab.addEventListener('click', () => openNotice(i))
          const li = element('li')
          li.setAttribute('role', 'presentation')
          li.append(tab)
          return li
        }),
      )
    }
    for (const [i, tab] of tabs.querySelectorAll('[role="tab"]').entries()) tab.setAttribute('aria-selected', String(i === at))
    const content = `${current.id}\u0000${current.title}\u0000${current.content}\u0000${$htmlSanitiser.get() === null}`
    if (content !== drawn) {
      drawn = content
      article.replaceChildren(...noticeParts(current))
    }
    if (!dialog) {
      const box = element('div', 'lk-noticemodal')
      box.append(tabs, article)
      dialog = openDialog({ name: 'notice', titleKey: 'shell_notices', width: 720, onClose: closeNotice, body: box })
      // Listening loads the sanitiser: the body fills in once it has.
      stopSanitiser = $htmlSanitiser.listen(render)
    }
  }
  $noticeModal.subscribe(render)
  $barNotices.listen(render)
}

/**
 * The notice popup of a content page, drawn without React: its store decides (each notice once per
 * browser, never in a time-out, not over what the visitor has started), and it appears once the
 * sanitiser has loaded, with every notice's content in place (nothing fills in and pushes the rest
 * down).
 */
export function startNoticePopup(): void {
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
      const item = element('li')
      item.append(...noticeParts(notice))
      list.append(item)
    }
    dialog = openDialog({ name: 'noticePopup', titleKey: 'shell_notice_popup_title', width: 560, onClose: dismissNoticePopup, body: list })
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
