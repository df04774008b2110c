import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef } from 'react'
import type { Backoffice, ServiceArea } from '../../sdk/backoffice/index.ts'
import type { ServiceConversation } from '../../sdk/contract/backoffice.ts'
import { chatLimits } from '../../sdk/contract/service.ts'
import { clockOf } from '../../sdk/service/when.ts'
import { enterSends, useForm } from '../ui/form.ts'
import { LoadStates } from '../ui/LoadStates.tsx'
import { useT } from '../ui/index.ts'

/**
 * The customer-service console (support and owner): the conversations, then the one opened with its
 * messages and the answer box. On a phone one column (the list, or the conversation with a way back);
 * two columns on a wide screen. What anyone typed is shown as text, never as HTML.
 */
export function ServicePanel({ bo }: { bo: Backoffice }) {
  const t = useT()
  const area = bo.service
  const openId = useStore(area.$openId)
  // Watching the live state is what opens the stream: it closes when the panel goes.
  const live = useStore(area.$live)
  return (
    <div className="lk-bo-cs" data-open={openId !== null}>
      <div className="lk-bo__head lk-bo-cs__top">
        <h2>{t('admin_cs_title')}</h2>
        <p className="lk-bo-cs__live" data-state={live} role="status">
          <span className="lk-bo-cs__dot" aria-hidden="true" /> {t(`admin_cs_live_${live}`)}
        </p>
      </div>
      <section className="lk-bo-cs__list" aria-label={t('admin_cs_conversations')}>
        <Conversations area={area} />
      </section>
      <section className="lk-bo-cs__thread" aria-label={t('admin_cs_conversation')}>
        {openId === null ? <p className="lk-bo-cs__pick">{t('admin_cs_pick')}</p> : <Thread area={area} />}
      </section>
    </div>
  )
}

function Conversations({ area }: { area: ServiceArea }) {
  const state = useStore(area.$list)
  const t = useT()
  return (
    <LoadStates state={state} onRetry={() => void area.loadList()} empty={(list) => list.length === 0} emptyKey="admin_cs_empty">
      {(list) => (
        <ul className="lk-bo-cs__rows" aria-label={t('admin_cs_conversations')}>
          {list.map((c) => (
            <Row key={c.id} c={c} area={area} />
          ))}
        </ul>
      )}
    </LoadStates>
  )
}

function Waiting({ since, area }: { since: number; area: ServiceArea }) {
  const t = useT()
  const now = useStore(area.$now)
  const minutes = Math.max(0, Math.floor((now - since) / 60_000))
  return <span className="lk-bo-cs__waiting">{minutes < 1 ? t('admin_cs_waiting_new') : t('admin_cs_waiting', { minutes: String(minutes) })}</span>
}

function Row({ c, area }: { c: ServiceConversation; area: ServiceArea }) {
  const t = useT()
  const openId = useStore(area.$openId)
  return (
    <li>
      <button type="button" className="lk-bo-cs__row" aria-current={c.id === openId ? 'true' : undefined} onClick={() => area.openConversation(c.id)}>
        <span className="lk-bo-cs__who">
          <strong>{c.name}</strong>
          {!c.member && <span className="lk-bo-cs__tag">{t('admin_cs_guest')}</span>}
          {c.vip && <span className="lk-bo-cs__tag lk-bo-cs__tag--vip">{t('admin_cs_vip')}</span>}
          {c.unread > 0 && <span className="lk-bo-cs__unread">{t('admin_cs_unread', { count: c.unread })}</span>}
        </span>
        {/* Text, never HTML: what the player typed is shown as typed. */}
        <span className="lk-bo-cs__last">{c.lastFrom === 'operator' ? t('admin_cs_last_service', { text: c.lastMessage }) : c.lastMessage}</span>
        <span className="lk-bo__meta">
          {c.waitingSince !== null ? <Waiting since={c.waitingSince} area={area} /> : t('admin_cs_answered')} ·{' '}
          <time dateTime={new Date(c.lastMessageAt).toISOString()}>{clockOf(c.lastMessageAt)}</time>
        </span>
      </button>
    </li>
  )
}

function Thread({ area }: { area: ServiceArea }) {
  const t = useT()
  const state = useStore(area.$open)
  const row = useStore(area.$openRow)
  const seen = useStore(area.$seen)
  const conversation = state.data?.conversation
  const unread = row?.unread ?? conversation?.unread ?? 0
  return (
    <>
      <div className="lk-bo__head">
        <button type="button" className="lk-button lk-bo-cs__back" onClick={area.closeConversation}>
          {t('admin_cs_back')}
        </button>
        {conversation && <h3 className="lk-bo-cs__name">{conversation.name}</h3>}
        <button type="button" className="lk-button" disabled={unread === 0 || seen.busy} aria-busy={seen.busy} onClick={() => void area.markSeen()}>
          {unread === 0 ? t('admin_cs_all_seen') : t('admin_cs_mark_seen', { count: unread })}
        </button>
      </div>
      {seen.error && (
        <p className="lk-field__error" role="alert">
          {t(seen.error.messageKey)}
        </p>
      )}
      <LoadStates state={state} onRetry={() => void area.loadOpen()} rows={4}>
        {(open) => <Log area={area} name={open.conversation.name} />}
      </LoadStates>
      <Composer area={area} />
    </>
  )
}

function Log({ area, name }: { area: ServiceArea; name: string }) {
  const t = useT()
  const messages = useStore(area.$open).data?.messages ?? []
  const log = useRef<HTMLDivElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message scrolls the log to its end
  useEffect(() => {
    const el = log.current
    if (el) el.scrollTop = el.scrollHeight
  }, [messages.length])
  if (messages.length === 0) return <p>{t('admin_cs_no_messages')}</p>
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it (WCAG 2.1.1, axe scrollable-region-focusable)
    <div className="lk-bo-cs__log" role="log" aria-live="polite" aria-label={t('admin_cs_log', { name })} ref={log} tabIndex={0}>
      {/* A list inside the log: the log role of its own would leave the items without their list. */}
      <ol className="lk-bo-cs__msgs">
        {messages.map((m) => (
          <li key={m.id} className={`lk-bo-cs__msg lk-bo-cs__msg--${m.from}`} data-id={m.id}>
            <span className="lk-bo-cs__from">{m.from === 'player' ? name : m.operator ? t('admin_cs_operator_named', { name: m.operator }) : t('admin_cs_operator')}</span>
            {/* Text, never HTML: what anyone typed is shown as they typed it. */}
            <span className="lk-bo-cs__text">{m.body}</span>
            <time className="lk-bo__meta" dateTime={new Date(m.createdAt).toISOString()}>
              {clockOf(m.createdAt)}
            </time>
          </li>
        ))}
      </ol>
    </div>
  )
}

function Composer({ area }: { area: ServiceArea }) {
  const t = useT()
  const id = useId()
  const { form, state, onSubmit, error } = useForm(area.replyForm)
  const body = state.values.body
  const problem = error('body') ?? error('form')
  return (
    <form className="lk-bo-cs__composer" onSubmit={onSubmit} noValidate>
      <label htmlFor={id} className="lk-field__label">
        {t('admin_cs_answer')}
      </label>
      <textarea
        id={id}
        rows={3}
        value={body}
        onChange={(e) => form.set('body', e.target.value)}
        onKeyDown={enterSends(form)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error ${id}-count`}
      />
      <p id={`${id}-hint`} className="lk-field__hint">
        {t('admin_cs_answer_hint')}
      </p>
      <div className="lk-bo-cs__send">
        <p id={`${id}-error`} className="lk-field__error" role={problem ? 'alert' : undefined}>
          {problem ?? ''}
        </p>
        <span id={`${id}-count`} className="lk-bo__meta">
          {t('admin_cs_chars', { length: String(body.length), max: String(chatLimits.maxLength) })}
        </span>
        <button type="submit" className="lk-button lk-button--primary" disabled={state.busy} aria-busy={state.busy}>
          {t('admin_cs_send')}
        </button>
      </div>
    </form>
  )
}
