import { useT } from './i18n.ts'

/** Placeholder blocks while content loads; keeps the final size so nothing shifts. */
export function Skeleton({ count = 1, height = 16, width = '100%', label = true }: { count?: number; height?: number | string; width?: number | string; label?: boolean }) {
  const t = useT()
  return (
    <div className="lk-skeleton-group" aria-busy="true">
      {label && <span className="lk-visually-hidden">{t('loading')}</span>}
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: skeleton blocks have no identity of their own: the position is the key
        <span key={i} className="lk-skeleton" style={{ height, width }} aria-hidden="true" />
      ))}
    </div>
  )
}

/** An error message with a retry button (`messageKey` usually an ApiError's `messageKey`). */
export function ErrorState({ messageKey, onRetry }: { messageKey: string; onRetry?: () => void }) {
  const t = useT()
  return (
    <div className="lk-error-state" role="alert">
      <p>{t(messageKey)}</p>
      {onRetry && (
        <button type="button" className="lk-button" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
    </div>
  )
}

/** Shown when a list has no items. */
export function EmptyState({ messageKey = 'empty' }: { messageKey?: string }) {
  const t = useT()
  return <p className="lk-empty-state">{t(messageKey)}</p>
}
