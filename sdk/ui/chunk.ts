/**
 * Code fetched on demand (a popup, a centre page, the launch rules) has SPEC §8's 120 s: a chunk
 * that has not arrived by then counts as failed, so the player gets "the page is slow to load" with a
 * retry instead of a spinner forever on a stalled connection. Kept tiny: it is in every page's core.
 * @module
 */

export { chunkTimeoutMs } from './chunk-time.ts'
import { chunkTimeoutMs } from './chunk-time.ts'

/** What a load that did not arrive within {@link chunkTimeoutMs} is refused with (one value, compared by identity). */
export const chunkTimeout = new Error('chunk time-out')

/**
 * `load` with the chunk time-out: the same call, refused with {@link chunkTimeout} when it has not
 * settled in `ms`. The timer ends with the load.
 * @example const loadPopup = withinChunkTime(() => import('./Popup.tsx'))
 */
export const withinChunkTime =
  <T>(load: () => Promise<T>, ms: number = chunkTimeoutMs): (() => Promise<T>) =>
  () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(reject, ms, chunkTimeout)
      load()
        .then(resolve, reject)
        .finally(() => clearTimeout(timer))
    })

/**
 * The message for code that failed to load: slow (timed out) or failed.
 * @example chunkErrorKey(chunkTimeout) // 'err_timeout'
 */
export const chunkErrorKey = (error: unknown): 'err_timeout' | 'err_chunk_load' => (error === chunkTimeout ? 'err_timeout' : 'err_chunk_load')
