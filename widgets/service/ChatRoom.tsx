import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState } from 'react'
import { chatLimits } from '../../sdk/contract/service.ts'
import { pageChatOf, type Chat } from '../../sdk/service/chat.ts'
import { clockOf } from '../../sdk/service/when.ts'
import { enterSends, useForm } from '../ui/form.ts'
import { ErrorState, Skeleton, useT } from '../ui/index.ts'
import { Field } from '../ui/Field.tsx'

/** The chat room (SPEC §2 chat room modal): the conversation, its connection and the message box. */
export function ChatRoom() {
  const t = useT()
  const [chat] = useState(pageChatOf)
  const state = useStore(chat.$state)
  useEffect(() => {
    void chat.start()
  }, [chat])

  if (state.phase === 'failed') return <ErrorState messageKey={state.error?.messageKey ?? 'service_chat_failed'} onRetry={() => void chat.start()} />
  if (state.phase === 'needName') return <NameForm chat={chat} />
  if (state.phase !== 'ready') return <Skeleton count={3} height={36} />
  return (
    <div className="lk-chat">
      <p className="lk-chat__status" data-state={state.connection} role="status">
        <span className="lk-chat__dot" aria-hidden="true" />{' '}
        {state.streamError ? t(state.streamError.messageKey) : t(`service_chat_${state.connection === 'refused' ? 'offline' : state.connection}`)}
        <span className="lk-chat__as">{t('service_chat_as', { name: state.name })}</span>
      </p>
      <Log chat={chat} />
      <Composer chat={chat} />
    </div>
  )
}

function Log({ chat }: { chat: Chat }) {
  const t = useT()
  const { messages } = useStore(chat.$state)
  const end = useRef<HTMLOListElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message scrolls the log to its end
  useEffect(() => {
    const log = end.current
    if (log) log.scrollTop = log.scrollHeight
  }, [messages.length])
  if (messages.length === 0) return <p className="lk-chat__empty">{t('service_chat_empty')}</p>
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it (WCAG 2.1.1, axe scrollable-region-focusable)
    <ol className="lk-chat__log" role="log" aria-live="polite" aria-label={t('service_chat_log')} ref={end} tabIndex={0}>
      {messages.map((m) => (
        <li key={m.id} className={`lk-chat__msg lk-chat__msg--${m.from}`} data-id={m.id}>
          <span className="lk-chat__who">{t(m.from === 'player' ? 'service_chat_you' : 'service_chat_operator')}</span>
          {/* Text, never HTML: what anyone typed is shown as they typed it. */}
          <span className="lk-chat__text">{m.body}</span>
          <time className="lk-chat__time" dateTime={new Date(m.createdAt).toISOString()}>
            {clockOf(m.createdAt)}
          </time>
        </li>
      ))}
    </ol>
  )
}

function Composer({ chat }: { chat: Chat }) {
  const t = useT()
  const id = useId()
  const { state, form, onSubmit, error } = useForm(() => chat.createMessageForm())
  const body = state.values.body
  const problem = error('body') ?? error('form')
  return (
    <form className="lk-chat__composer" onSubmit={onSubmit} noValidate>
      <label htmlFor={id} className="lk-field__label">
        {t('service_chat_message')}
      </label>
      <textarea
        id={id}
        rows={2}
        value={body}
        onChange={(e) => form.set('body', e.target.value)}
        onKeyDown={enterSends(form)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-error ${id}-count`}
      />
      <div className="lk-chat__row">
        <p id={`${id}-error`} className="lk-field__error" role={problem ? 'alert' : undefined}>
          {problem ?? ''}
        </p>
        <span id={`${id}-count`} className={`lk-chat__count${body.length > chatLimits.maxLength ? ' is-over' : ''}`}>
          {t('service_chat_chars', { length: body.length, max: chatLimits.maxLength })}
        </span>
        <button type="submit" className="lk-button lk-button--primary" disabled={state.busy}>
          {t('service_chat_send')}
        </button>
      </div>
    </form>
  )
}

function NameForm({ chat }: { chat: Chat }) {
  const t = useT()
  const { field, onSubmit, state, error } = useForm(() => chat.createNameForm())
  return (
    <form className="lk-chat__name" onSubmit={onSubmit} noValidate>
      <p>{t('service_chat_name_intro')}</p>
      <Field labelKey="service_chat_name" autoComplete="name" maxLength={chatLimits.nameMax + 10} {...field('guestName')} />
      {error('form') && (
        <p className="lk-field__error" role="alert">
          {error('form')}
        </p>
      )}
      <button type="submit" className="lk-button lk-button--primary" disabled={state.busy}>
        {t('service_chat_start')}
      </button>
    </form>
  )
}
