import { useStore } from '@nanostores/react'
import type { Backoffice } from '../../sdk/backoffice/index.ts'
import { formatDate } from '../../sdk/dates/index.ts'
import { LoadStates } from '../ui/LoadStates.tsx'
import { useT } from '../ui/index.ts'

/**
 * The Content tab (content operators and owners): the content editor's link, and Publish with its
 * status — running, done (when) or failed (when, and the build's reason).
 */
export function ContentPanel({ bo }: { bo: Backoffice }) {
  const t = useT()
  const state = useStore(bo.content.publishStatus.$state)
  const press = useStore(bo.content.$press)
  return (
    <>
      <h2>{t('admin_content_title')}</h2>
      <p>{t('admin_content_text')}</p>
      <LoadStates state={state} onRetry={() => void bo.content.publishStatus.load()} rows={2}>
        {(status) => (
          <>
            <p>
              <a className="lk-button" href={status.editor} target="_blank" rel="noopener">
                {t('admin_content_open')}
              </a>
            </p>
            <h3>{t('admin_content_publish_title')}</h3>
            <p>{t('admin_content_publish_text')}</p>
            <button
              type="button"
              className="lk-button lk-button--primary"
              disabled={press.busy || status.state === 'running'}
              aria-busy={press.busy}
              onClick={() => void bo.content.publish()}
            >
              {t('admin_content_publish')}
            </button>
            <p aria-live="polite" role="status" data-state={status.state}>
              {status.state === 'running' && t(press.alreadyRunning ? 'admin_content_already_running' : 'admin_content_running', { at: formatDate(status.startedAt ?? '') })}
              {status.state === 'done' && t('admin_content_done', { at: formatDate(status.finishedAt ?? '') })}
              {status.state === 'failed' && t('admin_content_failed', { at: formatDate(status.finishedAt ?? ''), reason: status.reason ?? '' })}
              {status.state === 'idle' && t('admin_content_idle')}
            </p>
            {press.error && (
              <p className="lk-field__error" role="alert">
                {t(press.error.messageKey)}
              </p>
            )}
          </>
        )}
      </LoadStates>
    </>
  )
}
