import { useT } from '../ui/index.ts'

/** Breadcrumbs from the agent down to the member shown: each but the last opens that level (`onOpen` gets its id and position). */
export function Crumbs({ list, onOpen }: { list: readonly { id: string; username: string }[]; onOpen: (id: string, index: number) => void }) {
  const t = useT()
  if (list.length < 2) return null
  return (
    <nav className="lk-agent__crumbs" aria-label={t('agent_breadcrumbs')}>
      <ol>
        {list.map((c, i) => (
          <li key={c.id}>
            {i === list.length - 1 ? (
              <span aria-current="page">{c.username}</span>
            ) : (
              <button type="button" onClick={() => onOpen(c.id, i)}>
                {c.username}
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
