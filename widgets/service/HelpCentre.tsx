import './help.css'
import { useId } from 'react'
import { notAsked } from '../../sdk/stores/query.ts'
import { $helpEntries, $helpQuery, $helpResults, searchHelp } from '../../sdk/service/help.ts'
import { EmptyState, ErrorState, Skeleton, useClientStore, useT } from '../ui/index.ts'
import { SafeHtml } from '../ui/SafeHtml.tsx'

/** The platform's help-centre entries in the page's language, with a search (on /help and /helpmc). */
export function HelpCentre() {
  const t = useT()
  const id = useId()
  const entries = useClientStore($helpEntries, notAsked)
  const results = useClientStore($helpResults, [])
  const query = useClientStore($helpQuery, '')
  return (
    <section className="lk-helpcentre" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('shell_help_platform')}</h2>
      <div className="lk-field">
        <label className="lk-field__label" htmlFor={`${id}-search`}>
          {t('shell_help_search')}
        </label>
        <div className="lk-field__control">
          <input id={`${id}-search`} type="search" value={query} onChange={(e) => searchHelp(e.target.value)} aria-controls={`${id}-results`} />
        </div>
      </div>
      {/* Always in the page: the search box controls it while the entries load too. */}
      <div id={`${id}-results`} aria-live="polite" aria-busy={!entries.data && !entries.error}>
        {entries.error ? (
          <ErrorState messageKey={entries.error.messageKey} onRetry={() => $helpEntries.revalidate()} />
        ) : !entries.data ? (
          <Skeleton count={3} height={40} />
        ) : results.length === 0 ? (
          <EmptyState messageKey="shell_help_no_results" />
        ) : (
          results.map((entry) => (
            <details key={entry.id} className="lk-helpcentre__entry">
              <summary>{entry.title}</summary>
              <SafeHtml html={entry.content} className="lk-prose" />
            </details>
          ))
        )}
      </div>
    </section>
  )
}
