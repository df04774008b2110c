/**
 * The chat's open live streams in this process, capped per conversation, per member and per address,
 * so that one caller cannot hold the server's connections (an open stream costs a socket, a timer
 * and a listener, and is not counted by the overload guard: sandbox/http/shed.ts). A stream that
 * carried nothing for `idleMs` is closed by its owner (sandbox/routes/service).
 * @module
 */
import { Fail } from '../http/fail.ts'

/** Caps and timings of the live streams (each a setting with a default). */
export interface StreamOptions {
  /** Open streams of one conversation (default 2: a page and its reconnect overlapping). */
  perConversation: number
  /** Open streams of one member, over all their tabs and devices (default 4). */
  perMember: number
  /** Open streams from one address, guests and members together (default 8). */
  perAddress: number
  /** A stream that sent no message for this long is closed (default 10 minutes). */
  idleMs: number
  /** Keep-alive comment interval; each one also re-reads and checks idleness (default 15 s). */
  heartbeatMs: number
}

/** The defaults of {@link StreamOptions}. */
export const defaultStreamOptions: StreamOptions = { perConversation: 2, perMember: 4, perAddress: 8, idleMs: 10 * 60_000, heartbeatMs: 15_000 }

/** Who holds a stream: its conversation, its member (none for a guest) and its address. */
export interface StreamHolder {
  conversationId: number
  memberId: string | null
  ip: string
}

/** Counts of open streams, and the refusal beyond the caps. */
export interface StreamRegistry {
  readonly options: StreamOptions
  /**
   * Takes a place for one stream, or refuses with `too_many_streams` when any cap is reached.
   * @returns the release (safe to call more than once)
   */
  open(holder: StreamHolder): () => void
  /** Streams open now. */
  size(): number
}

/** Creates the registry of one server (each server keeps its own). */
export function createStreamRegistry(over: Partial<StreamOptions> = {}): StreamRegistry {
  const options = { ...defaultStreamOptions, ...over }
  const counts = new Map<string, number>()
  let open = 0
  const keysOf = (h: StreamHolder): [string, number][] => [
    [`c:${h.conversationId}`, options.perConversation],
    ...(h.memberId ? [[`m:${h.memberId}`, options.perMember] as [string, number]] : []),
    [`a:${h.ip}`, options.perAddress],
  ]
  return {
    options,
    open(holder) {
      const keys = keysOf(holder)
      if (keys.some(([k, cap]) => (counts.get(k) ?? 0) >= cap)) {
        throw new Fail('too_many_streams', 'This chat is already open in too many windows. Close one and try again.')
      }
      for (const [k] of keys) counts.set(k, (counts.get(k) ?? 0) + 1)
      open++
      let held = true
      return () => {
        if (!held) return
        held = false
        open--
        for (const [k] of keys) {
          const n = (counts.get(k) ?? 1) - 1
          if (n <= 0) counts.delete(k)
          else counts.set(k, n)
        }
      }
    },
    size: () => open,
  }
}
