/**
 * Keys and views for the member's own lists in the member and agent centres (sdk/money, sdk/agent),
 * which load on demand: kept out of query.ts so no page carries them before a centre opens.
 * @module
 */
import { computed, type ReadableAtom } from 'nanostores'
import type { ApiError } from '../client/index.ts'
import type { FetcherValue } from '@nanostores/query'
import type { Remote, ShownRemote } from './query.ts'
import { $session } from './session.ts'

/**
 * The signed-in account as a key part of a member's own data: one member's replies are never shown to
 * another, and a store keyed by it asks nothing while signed out (`null` pauses it).
 */
export const $accountKey: ReadableAtom<string | null> = computed($session, (session) => (session.token ? (session.account ?? '') : null))

/**
 * A key part that follows `filter` (its value as JSON): a store keyed by it asks again when the filter changes.
 * @example createFetcherStore(['teamOverview', '|', $accountKey, '|', filterKey($teamPeriod)], …)
 */
export const filterKey = (filter: ReadableAtom<unknown>): ReadableAtom<string> => computed(filter, (value) => JSON.stringify(value ?? null))

/**
 * `store` as a filtered view shows it: while another key loads (the next page, another period) the last
 * reply stays on screen with `loading` set, as a table stays in place marked busy, instead of emptying.
 * Once a state with neither data nor a request comes (signed out, paused), nothing is kept.
 * @example export const $rows = keepShown(createFetcherStore(['rows', '|', filterKey($filter)], fetchRows))
 */
export function keepShown<T>(store: Remote<T>): ShownRemote<T> {
  let last: T | undefined
  const view = computed(store, (state): FetcherValue<T, ApiError> => {
    if (state.data !== undefined) last = state.data
    else if (!state.loading && !state.error) last = undefined
    return state.loading && state.data === undefined && last !== undefined ? { ...state, data: last } : state
  })
  return Object.assign(view, { revalidate: store.revalidate, invalidate: store.invalidate, mutate: store.mutate })
}
