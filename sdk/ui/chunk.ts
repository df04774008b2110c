/**
 * Code fetched on demand (a popup, a centre page, the launch rules) has SPEC §8's 120 s: a chunk
 * that has not arrived by then counts as failed, so the player gets "the page is slow to load" with a
 * retry instead of a spinner forever on a stalled connection.
 * @module
 */

/** SPEC §8: asset chunk time-out. */
export const chunkTimeoutMs = 120_000

/** A chunk that did not arrive within {@link chunkTimeoutMs}. */
export class ChunkTimeout extends Error {
  override name = 'ChunkTimeout'
}

/**
 * `load` with the chunk time-out: the same call, refused with {@link ChunkTimeout} when it has not
 * settled in `ms`. The timer ends with the load.
 * @example const loadPopup = withinChunkTime(() => import('./Popup.tsx'))
 */
export function withinChunkTime<T>(load: () => Promise<T>, ms: number = chunkTimeoutMs): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkTimeout(`no answer in ${ms} ms`)), ms)
      load().then(
        (value) => {
          clearTimeout(timer)
          resolve(value)
        },
        (error: unknown) => {
          clearTimeout(timer)
          reject(error)
        },
      )
    })
}

/**
 * The message for code that failed to load: slow (timed out) or failed.
 * @example chunkErrorKey(new ChunkTimeout()) // 'err_timeout'
 */
export const chunkErrorKey = (error: unknown): 'err_timeout' | 'err_chunk_load' => (error instanceof ChunkTimeout ? 'err_timeout' : 'err_chunk_load')
