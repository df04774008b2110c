/**
 * The chat's live messages: Server-Sent Events read with `fetch` (an `EventSource` cannot send the
 * session's bearer token), resumed from the last id seen after any drop, with a growing pause between
 * attempts, at once when the browser comes back online, and when the stream goes quiet for longer than
 * the platform's keep-alive. A stream the platform closed as idle (`event: idle`) stays closed until
 * the player acts; a refused one (`too_many_streams`: the chat is open in too many windows) says so
 * and tries again at the longest pause.
 * @module
 */
import * as v from 'valibot'
import { brandWire } from '../brand/index.ts'
import { ApiError } from '../client/errors.ts'
import { ErrorEnvelopeSchema, headerNames } from '../contract/index.ts'
import { serviceRoutes } from '../contract/routes/service.ts'
import { ChatMessageSchema, type ChatMessage } from '../contract/service.ts'
import { $locale } from '../i18n/index.ts'
import { getBaseURL, getMerchant } from '../runtime/index.ts'

/**
 * Connection state shown beside the conversation: `idle` when the platform closed a quiet stream
 * (it opens again when the player acts), `refused` when the platform refused it (see `onRefused`).
 */
export type StreamState = 'connecting' | 'live' | 'offline' | 'idle' | 'refused'

/** What {@link openStream} needs. */
export interface StreamOptions {
  /** The id after which to resume (read at every attempt). */
  after: () => number
  guestKey?: string
  token?: string
  onMessage: (message: ChatMessage) => void
  onState: (state: StreamState) => void
  /** The conversation is gone (404): the stream stops. */
  onGone: () => void
  /** The platform refused the stream with an error envelope (e.g. `too_many_streams`); retried later. */
  onRefused?: (error: ApiError) => void
}

/** Pauses before reconnecting, in ms: the last one repeats. */
const backoff = [500, 1000, 2000, 5000, 10_000]
/** Longer than the platform's keep-alive (15 s): a stream quiet for this long is taken as dropped. */
const quietMs = 40_000

/**
 * Opens the conversation's stream and keeps it open until the returned function is called.
 * @example const stop = openStream({ after: () => lastId, onMessage: add, onState: show, onGone: reset })
 */
export function openStream(opts: StreamOptions): () => void {
  let stopped = false
  let attempt = 0
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
    opts.onState('connecting')
    let quiet: ReturnType<typeof setTimeout> | undefined
    let idle = false
    let refused: ApiError | undefined
    const stillThere = () => {
      clearTimeout(quiet)
      quiet = setTimeout(() => ctrl.abort(), quietMs)
    }
    try {
      const query = new URLSearchParams({ after: String(opts.after()) })
      if (opts.guestKey) query.set('guestKey', opts.guestKey)
      const headers: Record<string, string> = {
        Accept: 'text/event-stream',
        [headerNames.merchant]: getMerchant(),
        [headerNames.language]: $locale.get(),
        [headerNames.device]: brandWire.device,
      }
      if (opts.token) headers[headerNames.authorization] = `Bearer ${opts.token}`
      const res = await fetch(`${getBaseURL()}${serviceRoutes.chatStream.path}?${query}`, { headers, signal: ctrl.signal, cache: 'no-store' })
      if (res.status === 404) {
        stopped = true
        opts.onGone()
        return
      }
      if (!res.ok || !res.body) {
        const refusal = v.safeParse(ErrorEnvelopeSchema, await res.json().catch(() => undefined))
        if (refusal.success) {
          refused = new ApiError(refusal.output.code, { status: res.status, message: refusal.output.message, value: refusal.output.value })
          opts.onRefused?.(refused)
        }
        throw new Error(`stream answered ${res.status}`)
      }
      stillThere()
      opts.onState('live')
      attempt = 0
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
      let buffer = ''
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        stillThere()
        buffer += value.replace(/\r\n?/g, '\n')
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (block.split('\n').includes('event: idle')) idle = true
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).replace(/^ /, ''))
            .join('\n')
          if (!data) continue
          const parsed = v.safeParse(ChatMessageSchema, safeJson(data))
          if (parsed.success) opts.onMessage(parsed.output)
        }
      }
    } catch {
      // Dropped, refused or timed out: the next attempt resumes after the last id seen.
    } finally {
      clearTimeout(quiet)
    }
    if (stopped || current !== ctrl) return
    if (idle) return opts.onState('idle')
    opts.onState(refused ? 'refused' : 'offline')
    // A refusal lasts until another window closes: no hurry.
    schedule(refused ? backoff[backoff.length - 1] : backoff[Math.min(attempt++, backoff.length - 1)])
  }

  const online = () => {
    attempt = 0
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

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
