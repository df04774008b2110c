/**
 * Server-Sent Events read with `fetch` (an `EventSource` cannot send a bearer token), kept open: each
 * attempt that ends is followed by another after a growing pause, at once when the browser comes back
 * online, and a stream quiet for longer than the platform's keep-alive is taken as dropped. The
 * player's chat and the back office's service console read their streams through it.
 * @module
 */

/** Pauses before reconnecting, in ms: the last one repeats. */
export const streamBackoff = [500, 1000, 2000, 5000, 10_000] as const
/** Longer than the platform's keep-alive (15 s): a stream quiet for this long is taken as dropped. */
export const streamQuietMs = 40_000

/**
 * How an attempt ended: `stop` for good, `retry` after the next pause, or after `wait` ms. `report`
 * runs only while the stream is still wanted (not after the caller stopped it or a newer attempt began).
 */
export interface AttemptEnd {
  next: 'stop' | 'retry' | { wait: number }
  report?: () => void
}

/**
 * One attempt: opens the stream with `signal` and reads it to its end. `alive` is called when the
 * stream answered and at every chunk (it restarts the quiet timer and the pauses). A throw counts as
 * `retry`.
 */
export type StreamAttempt = (signal: AbortSignal, alive: () => void) => Promise<AttemptEnd>

/**
 * Keeps a stream open until the returned function is called.
 * @example const stop = keepStreaming(async (signal, alive) => { … return { next: 'retry' } })
 */
export function keepStreaming(attempt: StreamAttempt): () => void {
  let stopped = false
  let failures = 0
  let current: AbortController | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const win = typeof window === 'undefined' ? undefined : window

  const schedule = (ms: number) => {
    clearTimeout(timer)
    if (!stopped) timer = setTimeout(() => void connect(), ms)
  }

  async function connect(): Promise<void> {
    if (stopped) return
    current?.abort()
    const ctrl = new AbortController()
    current = ctrl
    let quiet: ReturnType<typeof setTimeout> | undefined
    const alive = () => {
      failures = 0
      clearTimeout(quiet)
      quiet = setTimeout(() => ctrl.abort(), streamQuietMs)
    }
    let end: AttemptEnd
    try {
      end = await attempt(ctrl.signal, alive)
    } catch {
      // Dropped, refused or timed out: the next attempt starts afresh.
      end = { next: 'retry' }
    } finally {
      clearTimeout(quiet)
    }
    if (stopped || current !== ctrl) return
    end.report?.()
    if (end.next === 'stop') return
    schedule(end.next === 'retry' ? streamBackoff[Math.min(failures++, streamBackoff.length - 1)] : end.next.wait)
  }

  const online = () => {
    failures = 0
    schedule(0)
  }
  const offline = () => current?.abort()
  win?.addEventListener('online', online)
  win?.addEventListener('offline', offline)
  void connect()
  return () => {
    stopped = true
    clearTimeout(timer)
    current?.abort()
    win?.removeEventListener('online', online)
    win?.removeEventListener('offline', offline)
  }
}

/**
 * Reads an event stream's body to its end, calling `onEvent` with the lines of each event and `alive`
 * at every chunk.
 */
export async function readEvents(body: NonNullable<Response['body']>, onEvent: (lines: string[]) => void, alive: () => void): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return
    alive()
    buffer += value.replace(/\r\n?/g, '\n')
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const lines = buffer.slice(0, end).split('\n')
      buffer = buffer.slice(end + 2)
      onEvent(lines)
    }
  }
}

/** The data of an event (its `data:` lines joined), parsed as JSON; `undefined` when there is none or it is not JSON. */
export function eventData(lines: readonly string[]): unknown {
  const data = lines
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).replace(/^ /, ''))
    .join('\n')
  if (!data) return undefined
  try {
    return JSON.parse(data)
  } catch {
    return undefined
  }
}
