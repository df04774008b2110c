import type { WritableAtom } from 'nanostores'
import { toApiError, type ApiError } from '../client/index.ts'

/** State of anything fetched: what components render (data, error, or a spinner). */
export interface Loadable<T> {
  data?: T
  error?: ApiError
  loading: boolean
}

interface Flight {
  generation: number
  running?: Promise<unknown>
}
const flights = new WeakMap<object, Flight>()
const flightOf = (store: object): Flight => {
  let flight = flights.get(store)
  if (!flight) flights.set(store, (flight = { generation: 0 }))
  return flight
}

/**
 * Runs `fetcher` into `store`: sets `loading`, keeps the previous data while loading, stores the
 * value or the error. Concurrent calls share one request; a result that arrives after
 * {@link resetLoadable} is dropped (a sign-out must not be undone by a late reply).
 * Never rejects: the error is in the state.
 */
export function loadInto<T>(store: WritableAtom<Loadable<T>>, fetcher: () => Promise<T>): Promise<Loadable<T>> {
  const flight = flightOf(store)
  if (flight.running) return flight.running as Promise<Loadable<T>>
  const generation = flight.generation
  // `.value`, not `.get()`: get() mounts the store, which would start its onMount effects (polling).
  const previous = () => store.value?.data
  store.set({ data: previous(), loading: true })
  const running = fetcher().then(
    (data): Loadable<T> => ({ data, loading: false }),
    (error: unknown): Loadable<T> => ({ data: previous(), error: toApiError(error), loading: false }),
  )
  const settled = running.then((next) => {
    if (flight.running === settled) flight.running = undefined
    if (flight.generation === generation) store.set(next)
    return store.value ?? next
  })
  flight.running = settled
  return settled
}

/** Empties `store` and discards any request still in flight for it. */
export function resetLoadable<T>(store: WritableAtom<Loadable<T>>): void {
  const flight = flightOf(store)
  flight.generation++
  flight.running = undefined
  store.set({ loading: false })
}
