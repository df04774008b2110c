import { atom, type ReadableAtom } from 'nanostores'
import type * as v from 'valibot'
import { newIdempotencyKey, outcome, type ApiError } from '../client/index.ts'
import { createForm } from '../form/index.ts'

/** An action waiting for the operator's confirmation, the key it will be sent with, and how sending went. */
export interface Pending<A> {
  action: A
  /** Made when the action was asked for and kept until it succeeds: a retry is the same action. */
  key: string
  busy: boolean
  error?: ApiError
}

/** An operator action asked for, then confirmed (or cancelled). */
export interface Confirmable<A> {
  readonly $pending: ReadableAtom<Pending<A> | null>
  /** Asks for `action`: the confirmation shows, with a new idempotency key. */
  ask(action: A): void
  cancel(): void
  /** Sends the action asked for with its key; on failure the confirmation stays with the error (a retry reuses the key). */
  confirm(): Promise<boolean>
}

/**
 * An action that needs a confirmation and moves money or switches the platform: its idempotency key
 * exists before the first send and is reused when the operator retries after a failure.
 * @param send - the call, given the action and its key
 * @param done - runs after a success (reload the list)
 */
export function confirmable<A>(send: (action: A, key: string) => Promise<unknown>, done: () => void, onError: (error: ApiError) => void): Confirmable<A> {
  const $pending = atom<Pending<A> | null>(null)
  return {
    $pending,
    ask: (action) => $pending.set({ action, key: newIdempotencyKey(), busy: false }),
    cancel: () => {
      if (!$pending.get()?.busy) $pending.set(null)
    },
    async confirm() {
      const pending = $pending.get()
      if (!pending || pending.busy) return false
      $pending.set({ ...pending, busy: true, error: undefined })
      const r = await outcome(() => send(pending.action, pending.key))
      if (r.error) {
        onError(r.error)
        $pending.set({ ...pending, busy: false, error: r.error })
        return false
      }
      $pending.set(null)
      done()
      return true
    },
  }
}

/**
 * The reason form of a confirmable action sent with a reason (a rejection, a lock): it sends the
 * action asked for with its kept key and the reason typed; on success the confirmation closes and
 * `done` runs, on failure it stays, the key kept for a retry.
 * @param schema - the reason's rule, the contract's own
 * @param send - the call, given the action, the reason and the key; `null` when there is nothing to send
 */
export function reasonForm<A>(
  confirm: Confirmable<A>,
  schema: v.GenericSchema<unknown, { reason: string }>,
  send: (action: A, reason: string, key: string) => Promise<unknown> | null,
  done: () => void,
  onError: (error: ApiError) => void,
) {
  return createForm({
    initial: { reason: '' },
    schema,
    submit: async ({ reason }) => {
      const pending = confirm.$pending.get()
      const call = pending && send(pending.action, reason, pending.key)
      if (!call) return null
      const r = await outcome(() => call)
      if (r.error) onError(r.error)
      else {
        confirm.cancel()
        done()
      }
      return r
    },
  })
}
