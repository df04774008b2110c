/**
 * The back office's Content tab: a link to the content editor and Publish (the site rebuilt from the
 * edited content on the server and swapped in). The status is read when the tab is shown and again
 * every few seconds while a build runs; a press while one runs is answered with the build under way.
 * @module
 */
import { atom } from 'nanostores'
import { newIdempotencyKey, outcome, type ApiError } from '../client/index.ts'
import type { PublishStatus } from '../contract/backoffice.ts'
import { opsApi } from './api.ts'
import { remoteStore } from './remote.ts'

/** How often the status is read again while a build runs. */
const WATCH_MS = 3_000

/** Creates the Content tab's stores. */
export function createContentArea(onError: (error: ApiError) => void) {
  let watching: ReturnType<typeof setTimeout> | undefined
  const watch = (status: PublishStatus | undefined) => {
    clearTimeout(watching)
    if (status?.state === 'running') watching = setTimeout(() => void publishStatus.load(), WATCH_MS)
  }
  const publishStatus = remoteStore<PublishStatus>(async () => {
    const status = await opsApi('opsPublishStatus')
    watch(status)
    return status
  }, onError)
  /** The last press: busy while it is sent; `alreadyRunning` when a build was under way; its refusal. */
  const $press = atom<{ busy: boolean; alreadyRunning?: boolean; error?: ApiError }>({ busy: false })
  /** Starts a build (or learns that one runs). */
  const publish = async () => {
    if ($press.get().busy) return
    $press.set({ busy: true })
    const r = await outcome(() => opsApi('opsPublish', { idempotencyKey: newIdempotencyKey() }))
    if (r.error) {
      onError(r.error)
      $press.set({ busy: false, error: r.error })
      return
    }
    publishStatus.$state.set({ data: r.data, loading: false })
    $press.set({ busy: false, alreadyRunning: r.data.started === false })
    watch(r.data)
  }
  return { publishStatus, $press, publish }
}

/** The Content tab's stores. */
export type ContentArea = ReturnType<typeof createContentArea>
