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
import { eventData, keepStreaming, readEvents, streamBackoff } from '../client/sse.ts'
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

/**
 * Opens the conversation's stream and keeps it open until the returned function is called.
 * @example const stop = openStream({ after: () => lastId, onMessage: add, onState: show, onGone: reset })
 */
export function openStream(opts: StreamOptions): () => void {
  return keepStreaming(async (signal, alive) => {
    opts.onState('connecting')
    let idle = false
    let refused: ApiError | undefined
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
      const res = await fetch(`${getBaseURL()}${serviceRoutes.chatStream.path}?${query}`, { headers, signal, cache: 'no-store' })
      if (res.status === 404) return { next: 'stop', report: opts.onGone }
      if (!res.ok || !res.body) {
        const refusal = v.safeParse(ErrorEnvelopeSchema, await res.json().catch(() => undefined))
        if (refusal.success) {
          refused = new ApiError(refusal.output.code, { status: res.status, message: refusal.output.message, value: refusal.output.value })
          opts.onRefused?.(refused)
        }
        throw new Error(`stream answered ${res.status}`)
      }
      alive()
      opts.onState('live')
      await readEvents(
        res.body,
        (lines) => {
          if (lines.includes('event: idle')) idle = true
          const parsed = v.safeParse(ChatMessageSchema, eventData(lines))
          if (parsed.success) opts.onMessage(parsed.output)
        },
        alive,
      )
    } catch {
      // Dropped, refused or timed out: the next attempt resumes after the last id seen.
    }
    if (idle) return { next: 'stop', report: () => opts.onState('idle') }
    // A refusal lasts until another window closes: no hurry.
    if (refused) return { next: { wait: streamBackoff[streamBackoff.length - 1] }, report: () => opts.onState('refused') }
    return { next: 'retry', report: () => opts.onState('offline') }
  })
}
