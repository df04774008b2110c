import type { ReactNode } from 'react'
import { EmptyState, ErrorState, Skeleton } from './States.tsx'

/** What a remote value's store holds (a fetcher store, a centre's report): the data once loaded, the last error, whether a load runs. */
export interface RemoteState<T> {
  data?: T
  error?: { messageKey: string; fields?: Record<string, string> }
  loading?: boolean
}

/** Props of {@link LoadStates}. */
export interface LoadStatesProps<T> {
  state: RemoteState<T>
  onRetry: () => void
  /** The loading skeleton: how many rows, how tall. */
  rows?: number
  height?: number
  /** Whether the loaded data counts as empty: `emptyKey`'s message shows instead of `children`. */
  empty?: (data: T) => boolean
  emptyKey?: string
  children: (data: T) => ReactNode
}

/**
 * A remote value's four states, in the order the centres and the lobby show them: the error with a
 * retry once no load runs (a refused period's own message first), the skeleton until data first
 * arrives, the empty message, else the data (kept on screen while a new filter loads).
 */
export function LoadStates<T>({ state, onRetry, rows = 3, height = 40, empty, emptyKey, children }: LoadStatesProps<T>) {
  const { data, error } = state
  if (error && !state.loading) return <ErrorState messageKey={error.fields?.from ?? error.messageKey} onRetry={onRetry} />
  if (data === undefined || data === null) return <Skeleton count={rows} height={height} />
  if (empty?.(data)) return <EmptyState messageKey={emptyKey} />
  return <>{children(data)}</>
}
