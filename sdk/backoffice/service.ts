/**
 * The back office's customer-service console (support and owner): the conversations, the one open
 * with its messages (none shown twice, in id order), the answer box (its text kept when a send fails,
 * and kept per conversation when the operator moves between them; its idempotency key kept until it
 * is sent), the mark that the conversation was seen up to the last message shown, and the live
 * changes: the chat's own mechanism, a Server-Sent Events stream read with `fetch` (as the player's
 * chat reads its own), resumed after any drop with a growing pause, at once when the browser comes
 * back online, and re-read in full at each (re)connection so nothing sent meanwhile is missed.
 * @module
 */
import { atom, computed, onMount } from 'nanostores'
import * as v from 'valibot'
import { type ApiError, newIdempotencyKey, outcome } from '../client/index.ts'
import type { ServiceConversation, ServiceMessage } from '../contract/backoffice.ts'
import { backofficeRoutes } from '../contract/routes/backoffice.ts'
import { ChatText } from '../contract/service.ts'
import { createForm } from '../form/index.ts'
import { getBaseURL } from '../runtime/index.ts'
import { eventData, keepStreaming, readEvents } from '../client/sse.ts'
import { opsApi } from './api.ts'
import type { Loaded } from './remote.ts'

/** The live changes' state, shown beside the list: `ended` when the session no longer allows them. */
export type LiveState = 'connecting' | 'live' | 'offline' | 'ended'

/** The conversation open: the list's row and its messages. */
export interface OpenConversation {
  conversation: ServiceConversation
  messages: ServiceMessage[]
}

/**
 * Creates the console's stores; `onError` sees every refusal (an ended session), `onEnded` runs when
 * the live stream says the session ended (the page asks who is signed in).
 */
export function createServiceArea(onError: (error: ApiError) => void, onEnded: () => void) {
  const $list = atom<Loaded<ServiceConversation[]>>({ loading: false })
  let listRun: Promise<void> | undefined
  let listAgain = false
  /** Loads the list; a call while one runs loads once more after it (changes arrive in bursts). */
  const loadList = async (): Promise<void> => {
    if (listRun) {
      listAgain = true
      return listRun
    }
    listRun = (async () => {
      do {
        listAgain = false
        $list.set({ ...$list.get(), error: undefined, loading: true })
        const r = await outcome(() => opsApi('opsConversations'))
        if (r.error) onError(r.error)
        $list.set(r.error ? { data: $list.get().data, error: r.error, loading: false } : { data: r.data.conversations, loading: false })
      } while (listAgain)
    })()
    try {
      await listRun
    } finally {
      listRun = undefined
    }
  }

  // The first list when the console is first shown (the live stream's opening reads it again).
  onMount($list, () => {
    if (!$list.get().data) void loadList()
  })
  /** Now, moved on every half minute while shown: the list's waiting times count up. */
  const $now = atom(Date.now())
  onMount($now, () => {
    $now.set(Date.now())
    const tick = setInterval(() => $now.set(Date.now()), 30_000)
    return () => clearInterval(tick)
  })

  /** The conversation open (its id), or null for the list. */
  const $openId = atom<number | null>(null)
  const $open = atom<Loaded<OpenConversation>>({ loading: false })
  const lastId = () => $open.get().data?.messages.at(-1)?.id ?? 0

  /** Reads the open conversation's new messages (all of its last ones when none is shown yet). */
  const loadOpen = async (): Promise<void> => {
    const id = $openId.get()
    if (id === null) return
    const shown = $open.get().data
    const after = shown?.conversation.id === id ? lastId() : 0
    $open.set({ ...$open.get(), error: undefined, loading: true })
    const r = await outcome(() => opsApi('opsConversation', { id, after }))
    if (r.error) onError(r.error)
    // The operator may have moved to another conversation meanwhile.
    if ($openId.get() !== id) return
    if (r.error) return void $open.set({ data: $open.get().data, error: r.error, loading: false })
    const before = $open.get().data
    const kept = before?.conversation.id === id ? before.messages : []
    const known = new Set(kept.map((m) => m.id))
    const messages = [...kept, ...r.data.messages.filter((m) => !known.has(m.id))].sort((a, b) => a.id - b.id)
    $open.set({ data: { conversation: r.data.conversation, messages }, loading: false })
  }

  // The answer being written, per conversation: moving between conversations loses none.
  const drafts = new Map<number, string>()
  // Kept until the answer is sent: a retry after a failure is the same answer, stored once.
  let replyKey = newIdempotencyKey()
  const replyForm = createForm({
    initial: { body: '' },
    schema: v.object({ body: ChatText }),
    submit: async ({ body }) => {
      const id = $openId.get()
      if (id === null) return null
      const r = await outcome(() => opsApi('opsServiceReply', { id, body, idempotencyKey: replyKey }))
      if (r.error) onError(r.error)
      else {
        replyKey = newIdempotencyKey()
        drafts.delete(id)
        void loadOpen()
        void loadList()
      }
      return r
    },
  })

  /** Opens a conversation (its history); the answer written there before comes back. */
  const openConversation = (id: number) => {
    const current = $openId.get()
    if (current !== null) drafts.set(current, replyForm.$state.get().values.body)
    $openId.set(id)
    $open.set({ loading: true })
    replyForm.reset()
    replyForm.set('body', drafts.get(id) ?? '')
    replyKey = newIdempotencyKey()
    void loadOpen()
  }
  /** Back to the list (a phone's one column). */
  const closeConversation = () => {
    const current = $openId.get()
    if (current !== null) drafts.set(current, replyForm.$state.get().values.body)
    $openId.set(null)
    $open.set({ loading: false })
    void loadList()
  }

  const $seen = atom<{ busy: boolean; error?: ApiError }>({ busy: false })
  /** Marks the open conversation seen up to the last message shown. */
  const markSeen = async () => {
    const id = $openId.get()
    if (id === null || $seen.get().busy) return
    $seen.set({ busy: true })
    const r = await outcome(() => opsApi('opsServiceSeen', { id, upTo: lastId() }))
    if (r.error) onError(r.error)
    $seen.set({ busy: false, error: r.error })
    if (!r.error) {
      const shown = $open.get().data
      if (shown && $openId.get() === id) {
        $open.set({
          ...$open.get(),
          data: { ...shown, conversation: { ...shown.conversation, unread: r.data.unread, waitingSince: r.data.unread ? shown.conversation.waitingSince : null } },
        })
      }
      void loadList()
    }
  }

  const $live = atom<LiveState>('offline')
  /** Re-reads what a change may touch: the list, and the open conversation when it is the one (0: any). */
  const changed = (conversation: number) => {
    void loadList()
    const id = $openId.get()
    if (id !== null && (conversation === 0 || conversation === id)) void loadOpen()
  }

  /** Opens the live stream and keeps it open until the returned function is called. */
  function openLive(): () => void {
    const stop = keepStreaming(async (signal, alive) => {
      $live.set('connecting')
      let ended = false
      try {
        const res = await fetch(`${getBaseURL()}${backofficeRoutes.opsServiceStream.path}`, { headers: { Accept: 'text/event-stream' }, signal, cache: 'no-store' })
        if (res.status === 401 || res.status === 403) ended = true
        else {
          if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`)
          alive()
          $live.set('live')
          // Whatever came while the stream was down (or before it opened) is read now.
          changed(0)
          await readEvents(
            res.body,
            (lines) => {
              if (lines.includes('event: ended')) ended = true
              if (!lines.includes('event: change')) return
              const conversation = Number((eventData(lines) as { conversation?: unknown } | undefined)?.conversation ?? 0)
              changed(Number.isSafeInteger(conversation) ? conversation : 0)
            },
            alive,
          )
        }
      } catch {
        // Dropped or timed out: the next attempt reads everything again.
      }
      if (ended) {
        return {
          next: 'stop',
          report: () => {
            $live.set('ended')
            onEnded()
          },
        }
      }
      return { next: 'retry', report: () => $live.set('offline') }
    })
    return () => {
      stop()
      $live.set('offline')
    }
  }
  // Live while the console is shown: the panel's view of the state opens the stream, leaving closes it.
  onMount($live, () => openLive())

  /** The open conversation's row as the list has it now (its unread count may be newer than the thread's). */
  const $openRow = computed([$openId, $list], (id, list) => (id === null ? undefined : list.data?.find((c) => c.id === id)))

  return { $list, $now, loadList, $openId, $open, $openRow, loadOpen, openConversation, closeConversation, replyForm, $seen, markSeen, $live }
}

/** The console's stores ({@link createServiceArea}). */
export type ServiceArea = ReturnType<typeof createServiceArea>
