import { useStore } from '@nanostores/react'
import { useState, type ReactNode } from 'react'
import type { Outcome } from '../../sdk/client/index.ts'
import type { ResponseOf } from '../../sdk/contract/index.ts'
import type { Remote } from '../../sdk/stores/query.ts'
import { $missionTitles, progressPercent, refusalKey, sourceMessage } from '../../sdk/rewards/index.ts'
import { formatMoney } from '../../sdk/format/index.ts'
import { formatDate } from '../../sdk/dates/index.ts'
import { EmptyState, ErrorState, Skeleton, useT } from '../ui/index.ts'

/** Minor units as the reward pages show them. */
export const money = (minor: number): string => formatMoney(minor)
/** A date (and time) as the reward pages show it. */
export const when = (ms: number): string => formatDate(ms, { time: true })

/** Props of {@link Loaded}. */
export interface LoadedProps<T> {
  store: Remote<T>
  children: (data: T) => ReactNode
  rows?: number
  /** Whether the data counts as empty: `emptyKey`'s message shows instead of `children`. */
  empty?: (data: T) => boolean
  emptyKey?: string
}

/**
 * Renders a remote store's data, or its loading skeleton, or its error with a retry, or its empty
 * message. Data once loaded stays on screen when a later refresh fails.
 */
export function Loaded<T>({ store, children, rows = 3, empty, emptyKey }: LoadedProps<T>) {
  const state = useStore(store)
  if (state.error && !state.data) return <ErrorState messageKey={state.error.messageKey} onRetry={() => store.revalidate()} />
  if (!state.data) return <Skeleton count={rows} height={40} />
  if (empty?.(state.data)) return <EmptyState messageKey={emptyKey} />
  return <>{children(state.data)}</>
}

/** A list of reward items, or its empty message. */
export function ItemList<T>({ items, emptyKey, children }: { items: readonly T[]; emptyKey: string; children: (item: T) => ReactNode }) {
  if (items.length === 0) return <EmptyState messageKey={emptyKey} />
  return <ul className="lk-rewards__list">{items.map(children)}</ul>
}

/** The head of a reward card: the amount, where it came from, when. */
export function CardHead({ amount, source, at }: { amount: number; source: string; at: number }) {
  return (
    <div>
      <strong>{money(amount)}</strong>
      <span>{source}</span>
      <small>{when(at)}</small>
    </div>
  )
}

/** A reward form's refusal (an alert, present and empty until there is one). */
export function FormRefusal({ text }: { text: string | undefined }) {
  return (
    <p className="lk-rewards__error" role="alert">
      {text ?? ''}
    </p>
  )
}

/** What the last claim said: its text, and whether it went through. */
export type ClaimNote = { ok: boolean; text: string } | null

/**
 * One-click claims and what the last one said: `claim(pending, okText)` awaits a claim action (which
 * resolves `null` when one is already on its way and says nothing), then keeps the refusal's message
 * or `okText` of what was granted, for {@link ClaimNoteText}.
 */
export function useClaim() {
  const t = useT()
  const [note, setNote] = useState<ClaimNote>(null)
  const claim = async <D,>(pending: Promise<Outcome<D> | null>, okText: (data: D) => string) => {
    const r = await pending
    if (r) setNote(r.error ? { ok: false, text: t(refusalKey(r.error)) } : { ok: true, text: okText(r.data) })
  }
  return { note, claim }
}

/** A claim's note: a status when it went through, an alert when refused; present (empty) before any claim so it is announced. */
export function ClaimNoteText({ note }: { note: ClaimNote }) {
  return (
    <p className={note?.ok === false ? 'lk-rewards__error' : 'lk-rewards__note'} role={note?.ok === false ? 'alert' : 'status'}>
      {note?.text ?? ''}
    </p>
  )
}

/** A labelled progress bar (role progressbar, the figures in text beside it). */
export function Progress({ value, target, label, text, shown }: { value: number; target: number; label: string; text: string; shown?: boolean }) {
  const percent = progressPercent(value, target)
  return (
    <div className="lk-rewards__progress">
      {/* `shown`: the label is written above the bar (the VIP page's two bars); else only said (a mission's card names it). */}
      {shown && <span className="lk-rewards__progress-label">{label}</span>}
      <div className="lk-rewards__bar" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={text}>
        <span style={{ width: `${percent}%` }} />
      </div>
      <span className="lk-rewards__figures">{text}</span>
    </div>
  )
}

/** The text of an award's or a bonus's source. */
export function useSourceText() {
  const t = useT()
  const titles = useStore($missionTitles)
  return (source: string, ref: string) => {
    const { key, params } = sourceMessage(source, ref, titles)
    return t(key, params)
  }
}

/** The ranks the member reached, each with its date (the VIP page and playerRank). */
export function RankHistory({ history }: { history: ResponseOf<'vipInfo'>['history'] }) {
  const t = useT()
  if (history.length === 0) return <EmptyState messageKey="rewards_rank_none" />
  return (
    <ol className="lk-rewards__list">
      {history.map((h) => (
        <li key={h.level} className="lk-rewards__row">
          <span>{t('rewards_vip_level', { level: h.level })}</span>
          <small>{t('rewards_reached_at', { at: when(h.reachedAt) })}</small>
        </li>
      ))}
    </ol>
  )
}
