import { atom, onMount, type WritableAtom } from 'nanostores'
import { outcome, type ApiError } from '../client/index.ts'

/** Remote data as the back office's views render it: the data, the last error, whether a load runs. */
export interface Loaded<T> {
  data?: T
  error?: ApiError
  loading: boolean
}

/** A store of remote data with its `load` (also its retry); it loads when its first viewer comes. */
export interface RemoteStore<T> {
  readonly $state: WritableAtom<Loaded<T>>
  load(): Promise<void>
}

/**
 * A {@link RemoteStore} filled by `fetch`; `onError` sees every refusal (an ended session).
 * The data stays on screen while it loads again.
 */
export function remoteStore<T>(fetch: () => Promise<T>, onError: (error: ApiError) => void): RemoteStore<T> {
  const $state = atom<Loaded<T>>({ loading: false })
  const load = async () => {
    $state.set({ ...$state.get(), error: undefined, loading: true })
    const r = await outcome(fetch)
    if (r.error) onError(r.error)
    $state.set(r.error ? { data: $state.get().data, error: r.error, loading: false } : { data: r.data, loading: false })
  }
  onMount($state, () => {
    void load()
  })
  return { $state, load }
}
