/**
 * Wakes the chat's live streams when a conversation gets a message, across processes: a message is
 * announced with `NOTIFY lk_chat, '<conversation id>'` in the database, and every sandbox process on
 * that database (PostgreSQL LISTEN/NOTIFY, or PGlite's own) wakes the streams of that conversation.
 * A stream always re-reads "after the last id it sent" from the database, so a wake-up carries no
 * message itself and one missed (a dropped listening connection) is made up by the next.
 * @module
 */
import type { Db, Queryable } from '../db/index.ts'

/** The channel chat messages are announced on. */
export const chatChannel = 'lk_chat'

/** Wakes listeners of one conversation, or of every conversation (`'*'`, the operator console). */
export interface ChatHub {
  /**
   * Calls `fn` whenever conversation `id` (or any, with `'*'`: then with the conversation's id, or
   * none when any may have changed) may have new messages; returns the unsubscribe.
   */
  subscribe(id: number | '*', fn: (conversationId?: number) => void): Promise<() => void>
}

const hubs = new WeakMap<Db, ChatHub>()

/** Announces new messages in conversation `id` to every process listening on the database. */
export async function announce(q: Queryable, id: number): Promise<void> {
  await q.query('SELECT pg_notify($1, $2)', [chatChannel, String(id)])
}

/** The hub of a database (one LISTEN per process and database, made on the first subscriber). */
export function chatHub(db: Db): ChatHub {
  let hub = hubs.get(db)
  if (hub) return hub
  const listeners = new Map<string, Set<(conversationId?: number) => void>>()
  let listening: Promise<unknown> | undefined
  const wake = (key: string, conversationId?: number) => {
    for (const fn of listeners.get(key) ?? []) fn(conversationId)
  }
  hub = {
    async subscribe(id, fn) {
      const key = String(id)
      let set = listeners.get(key)
      if (!set) listeners.set(key, (set = new Set()))
      set.add(fn)
      listening ??= db
        .listen(chatChannel, (payload) => {
          // An empty payload: the listening connection came back; everyone re-reads.
          if (payload === '') for (const k of listeners.keys()) wake(k)
          else wake(payload)
          if (payload !== '') wake('*', Number(payload))
        })
        .catch((err) => {
          listening = undefined
          throw err
        })
      await listening
      return () => {
        set.delete(fn)
        if (set.size === 0) listeners.delete(key)
      }
    },
  }
  hubs.set(db, hub)
  return hub
}
