import { formatDate, zoneLabel } from '../../sdk/dates/index.ts'
import { useStore } from '@nanostores/react'
import { $agentAnnouncements, loadAgentAnnouncements } from '../../sdk/agent/index.ts'
import { EmptyState, ErrorState, Skeleton, useT } from '../ui/index.ts'

/** Agent announcements (agentAnnouncement): what the platform tells its agents, newest first. */
export function Announcements() {
  const t = useT()
  const state = useStore($agentAnnouncements)
  if (state.error && !state.data) return <ErrorState messageKey={state.error.messageKey} onRetry={() => void loadAgentAnnouncements()} />
  if (!state.data) return <Skeleton count={3} height={72} />
  if (state.data.list.length === 0) return <EmptyState messageKey="agent_announcements_none" />
  return (
    <ul className="lk-money__list" aria-busy={state.loading}>
      {state.data.list.map((a) => (
        <li key={a.id} className="lk-money__item">
          <article aria-labelledby={`lk-ann-${a.id}`}>
            <h4 id={`lk-ann-${a.id}`} className="lk-money__subhead">
              {a.title}
            </h4>
            <p className="lk-money__meta">
              <time dateTime={a.at}>{t('agent_announced_at', { at: formatDate(a.at), zone: zoneLabel() })}</time>
            </p>
            <p className="lk-agent__text">{a.content}</p>
          </article>
        </li>
      ))}
    </ul>
  )
}
