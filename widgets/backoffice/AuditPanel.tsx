import { useStore } from '@nanostores/react'
import { type Backoffice, describeAuditEntry } from '../../sdk/backoffice/index.ts'
import { formatDate } from '../../sdk/dates/index.ts'
import { LoadStates } from '../ui/LoadStates.tsx'
import { useT } from '../ui/index.ts'

/** The audit, newest first: who did what, on what, the change, when and from where. */
export function AuditPanel({ bo }: { bo: Backoffice }) {
  const t = useT()
  const state = useStore(bo.audit.$state)
  const more = useStore(bo.$auditMore)
  return (
    <>
      <div className="lk-bo__head">
        <h2>{t('admin_audit_title')}</h2>
        <button type="button" className="lk-button" onClick={() => void bo.audit.load()} disabled={state.loading}>
          {t('admin_refresh')}
        </button>
      </div>
      <LoadStates state={state} onRetry={() => void bo.audit.load()} empty={(page) => page.entries.length === 0} emptyKey="admin_audit_empty">
        {(page) => (
          <>
            <ol className="lk-bo__audit">
              {page.entries.map((entry) => {
                const { action, change } = describeAuditEntry(entry, t)
                return (
                  <li key={entry.id} className="lk-bo__card">
                    <p>
                      <strong>{t(action)}</strong> · {entry.operator}
                    </p>
                    {change && <p>{t(change.key, change.params)}</p>}
                    <p className="lk-bo__meta">{t('admin_audit_meta', { at: formatDate(entry.at), ip: entry.ip, target: entry.target })}</p>
                  </li>
                )
              })}
            </ol>
            {more.error && (
              <p className="lk-field__error" role="alert">
                {t(more.error.messageKey)}
              </p>
            )}
            {page.next && (
              <button type="button" className="lk-button" disabled={more.busy} aria-busy={more.busy} onClick={() => void bo.moreAudit()}>
                {t('admin_audit_more')}
              </button>
            )}
          </>
        )}
      </LoadStates>
    </>
  )
}
