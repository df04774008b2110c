import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { formatDate } from '../../sdk/dates/index.ts'
import { createMessagesStore } from '../../sdk/service/messages.ts'
import { AdoptedStyles } from '../ui/AdoptedStyles.tsx'
import { EmptyState, ErrorState, Skeleton, useT } from '../ui/index.ts'
import { SafeHtml } from '../ui/SafeHtml.tsx'
import styles from './service.css?inline'

/** The member centre's platform information (messageV2): messages opened to read, mark all read, delete. */
export function Messages() {
  const t = useT()
  const [messages] = useState(createMessagesStore)
  const state = useStore(messages.$state)
  const anyUnread = state.list.some((m) => !m.read)
  return (
    // The centre's panel names the page (its heading): no heading of its own.
    <div className="lk-messages">
      <AdoptedStyles css={[styles]} />
      {state.error && state.list.length === 0 ? (
        <ErrorState messageKey={state.error.messageKey} onRetry={() => void messages.load()} />
      ) : state.loading && state.list.length === 0 ? (
        <Skeleton count={4} height={48} />
      ) : state.list.length === 0 ? (
        <EmptyState messageKey="service_msg_empty" />
      ) : (
        <>
          <div className="lk-messages__bar">
            <button type="button" className="lk-button" onClick={() => void messages.markAllRead()} disabled={!anyUnread}>
              {t('service_msg_mark_all')}
            </button>
          </div>
          {state.actionError && (
            <p className="lk-field__error" role="alert">
              {t(state.actionError.messageKey)}
            </p>
          )}
          <ul className="lk-messages__list" aria-busy={state.loading}>
            {state.list.map((m) => {
              const open = state.openId === m.id
              const bodyId = `lk-message-${m.id}`
              return (
                <li key={m.id} className={`lk-messages__item${m.read ? '' : ' is-unread'}`}>
                  <div className="lk-messages__head">
                    <button type="button" className="lk-messages__toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => void messages.toggle(m.id)}>
                      <span className="lk-messages__title">
                        {!m.read && (
                          <>
                            <span className="lk-messages__dot" aria-hidden="true" />
                            <span className="lk-visually-hidden">{t('service_msg_unread')}: </span>
                          </>
                        )}
                        {m.title}
                      </span>
                      <span className="lk-messages__date">{formatDate(m.createdAt)}</span>
                    </button>
                    <button type="button" className="lk-button" onClick={() => void messages.remove(m.id)} aria-label={t('service_msg_delete_named', { title: m.title })}>
                      {t('service_msg_delete')}
                    </button>
                  </div>
                  {open && (
                    <div id={bodyId} className="lk-messages__body">
                      <SafeHtml html={m.body} />
                    </div>
                  )}
                </li>
              )
            })}
          </ul>
          {state.totalPages > 1 && (
            <nav className="lk-messages__pager" aria-label={t('service_msg_title')}>
              <button type="button" className="lk-button" disabled={state.page <= 1 || state.loading} onClick={() => void messages.load(state.page - 1)}>
                {t('service_msg_prev')}
              </button>
              <span>{t('service_msg_page', { page: state.page, pages: state.totalPages })}</span>
              <button type="button" className="lk-button" disabled={state.page >= state.totalPages || state.loading} onClick={() => void messages.load(state.page + 1)}>
                {t('service_msg_next')}
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  )
}
