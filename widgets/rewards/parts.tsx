import { useStore } from '@nanostores/react'
import type { ReactNode } from 'react'
import type { ResponseOf } from '../../sdk/contract/index.ts'
import type { Remote } from '../../sdk/stores/query.ts'
import { progressPercent } from '../../sdk/rewards/index.ts'
import { formatMoney } from '../../sdk/format/index.ts'
import { formatDate } from '../../sdk/dates/index.ts'
import { EmptyState, ErrorState, Skeleton, useT } from '../ui/index.ts'

/** Minor units as the reward pages show them. */
export const money = (minor: number): string => formatMoney(minor)
/** A date (and time) as the reward pages show it. */
export const when = (ms: number): string => formatDate(ms, { time: true })

/** Renders a remote store's data, or its loading skeleton, or its error with a retry. */
export function Loaded<T>({ store, children, rows = 3 }: { store: Remote<T>; children: (data: T) => ReactNode; rows?: number }) {
  const state = useStore(store)
  if (state.error && !state.data) return <ErrorState messageKey={state.error.messageKey} onRetry={() => store.revalidate()} />
  if (!state.data) return <Skeleton count={rows} height={40} />
  return <>{children(state.data)}</>
}

/** A labelled progress bar (role progressbar, the figures in text beside it). */
export function Progress({ value, target, label, text }: { value: number; target: number; label: string; text: string }) {
  const percent = progressPercent(value, target)
  return (
    <div className="lk-rewards__progress">
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
  return (source: string, ref: string) => t(`rewards_source_${source}`, { ref })
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
