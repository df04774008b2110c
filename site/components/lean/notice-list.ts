import { formatDate } from '../../../sdk/dates/index.ts'
import { $htmlSanitiser, trustedHtml } from '../../../sdk/html/index.ts'
import { t } from '../../../sdk/i18n/index.ts'
import { $announcements, barNoticesOf, loadAnnouncements } from '../../../sdk/shell/index.ts'
import { element } from './press.ts'

/**
 * The notices page drawn without React: every player notice, newest first as the platform orders them,
 * then the popup notices, each a disclosure (`<details>`) with its date and its content sanitised (busy
 * until the sanitiser has loaded); the platform's error with a retry, or "nothing here". `box` holds
 * the skeleton the server drew (site/pages/[...locale]/noticePage.astro).
 */
export function startNoticeList(box: HTMLElement): void {
  const skeleton = box.firstElementChild?.cloneNode(true)
  let shown = ''
  const render = () => {
    const state = $announcements.get()
    const notices = state.data ? barNoticesOf(state.data) : []
    const ready = $htmlSanitiser.get() ? 'clean' : 'waiting'
    const key = state.data
      ? `${ready}\u0002${notices.map((n) => `${n.id}\u0000${n.title}\u0000${n.startTime}\u0000${n.content}`).join('\u0001')}`
      : state.error
        ? `error\u0000${state.error.messageKey}`
        : 'loading'
    if (key === shown) return
    shown = key
    if (!state.data) {
      if (!state.error) return box.replaceChildren(...(skeleton ? [skeleton.cloneNode(true)] : []))
      const alert = element('div', 'lk-error-state')
      alert.setAttribute('role', 'alert')
      const retry = element('button', 'lk-button', t('retry'))
      retry.type = 'button'
      retry.addEventListener('click', () => void loadAnnouncements())
      alert.append(element('p', undefined, t(state.error.messageKey)), retry)
      return box.replaceChildren(alert)
    }
    if (notices.length === 0) return box.replaceChildren(element('p', 'lk-empty-state', t('empty')))
    // A notice the visitor opened stays open when the list is drawn again (the sanitiser arriving).
    const open = new Set([...box.querySelectorAll<HTMLDetailsElement>('details[open]')].map((d) => d.dataset.id))
    const list = element('ul', 'lk-notices')
    for (const notice of notices) {
      const time = element('time', undefined, formatDate(notice.startTime, { time: false }))
      time.dateTime = notice.startTime
      const summary = element('summary')
      summary.append(element('span', undefined, notice.title), time)
      const body = element('div', 'lk-html')
      const clean = trustedHtml(notice.content)
      if (clean === null) body.setAttribute('aria-busy', 'true')
      else body.innerHTML = clean as string
      const details = element('details', 'lk-notice')
      details.dataset.id = notice.id
      details.open = open.has(notice.id)
      details.append(summary, body)
      const item = element('li')
      item.append(details)
      list.append(item)
    }
    box.replaceChildren(list)
  }
  $announcements.subscribe(render)
  // Listening loads the sanitiser; the list is drawn again once it has.
  $htmlSanitiser.subscribe(render)
}
