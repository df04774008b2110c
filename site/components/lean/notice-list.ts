import { formatDate } from '../../../sdk/dates/index.ts'
import { $htmlSanitiser } from '../../../sdk/html/index.ts'
import { $announcements, barNoticesOf, loadAnnouncements } from '../../../sdk/shell/index.ts'
import { htmlBody } from './notices.ts'
import { drawOn, element, emptyState, errorState, skeletonOf } from './press.ts'

/**
 * The notices page drawn without React: every player notice, newest first as the platform orders them,
 * then the popup notices, each a disclosure (`<details>`) with its date and its content sanitised (busy
 * until the sanitiser has loaded); the platform's error with a retry, or "nothing here". `box` holds
 * the skeleton the server drew (site/pages/[...locale]/noticePage.astro).
 */
export function startNoticeList(box: HTMLElement): void {
  const showSkeleton = skeletonOf(box)
  // The notices as of the last change, worked out once for the key and the drawing.
  let notices: ReturnType<typeof barNoticesOf> = []
  // Listening to the sanitiser loads it; the list is drawn again once it has.
  drawOn(
    [$announcements, $htmlSanitiser],
    () => {
      const state = $announcements.get()
      notices = barNoticesOf(state.data)
      const ready = $htmlSanitiser.get() ? 'clean' : 'waiting'
      return state.data
        ? `${ready}\u0002${notices.map((n) => `${n.id}\u0000${n.title}\u0000${n.startTime}\u0000${n.content}`).join('\u0001')}`
        : state.error
          ? `error\u0000${state.error.messageKey}`
          : 'loading'
    },
    () => {
      const state = $announcements.get()
      if (!state.data) return state.error ? box.replaceChildren(errorState(state.error.messageKey, loadAnnouncements)) : showSkeleton()
      if (notices.length === 0) return box.replaceChildren(emptyState())
      // A notice the visitor opened stays open when the list is drawn again (the sanitiser arriving).
      const open = new Set([...box.querySelectorAll<HTMLDetailsElement>('details[open]')].map((d) => d.dataset.id))
      const list = element('ul', 'lk-notices')
      for (const notice of notices) {
        const time = element('time', undefined, formatDate(notice.startTime, { time: false }))
        time.dateTime = notice.startTime
        const summary = element('summary')
        summary.append(element('span', undefined, notice.title), time)
        const details = element('details', 'lk-notice')
        details.dataset.id = notice.id
        details.open = open.has(notice.id)
        details.append(summary, htmlBody(notice.content))
        const item = element('li')
        item.append(details)
        list.append(item)
      }
      box.replaceChildren(list)
    },
  )
}
