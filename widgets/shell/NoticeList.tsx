import './shell.css'
import type { Notice } from '../../sdk/contract/index.ts'
import { formatDate } from '../../sdk/dates/index.ts'
import { $announcements, barNoticesOf, loadAnnouncements } from '../../sdk/shell/index.ts'
import { EmptyState, ErrorState, Skeleton, useClientStore } from '../ui/index.ts'
import { SafeHtml } from '../ui/SafeHtml.tsx'

function NoticeItem({ notice }: { notice: Notice }) {
  return (
    <li>
      <details className="lk-notice">
        <summary>
          <span>{notice.title}</span>
          <time dateTime={notice.startTime}>{formatDate(notice.startTime, { time: false })}</time>
        </summary>
        <SafeHtml html={notice.content} />
      </details>
    </li>
  )
}

/** The notices page: every player notice, newest first as the server orders them, then the popup notices; content sanitised. */
export function NoticeList() {
  const state = useClientStore($announcements, { loading: false })
  if (state.error && !state.data) return <ErrorState messageKey={state.error.messageKey} onRetry={() => void loadAnnouncements()} />
  if (!state.data) return <Skeleton />
  const notices = barNoticesOf(state.data)
  if (notices.length === 0) return <EmptyState />
  return (
    <ul className="lk-notices">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </ul>
  )
}
