/**
 * The chat with customer service: the conversation (a member's by the session, a guest's by
 * a name and then the key this browser keeps), its messages in id order with none shown twice, the live
 * stream (./stream.ts) resumed after the last id, the unread count while the chat is closed, and the
 * two forms: the guest's name and the message box (text kept when a send is refused).
 * Loads only when the player first opens the chat.
 * @module
 */
import { map, type MapStore } from 'nanostores'
import * as v from 'valibot'
import type { ApiError } from '../client/errors.ts'
import { outcome, type Outcome } from '../client/outcome.ts'
import { ChatText, GuestName, type ChatMessage } from '../contract/service.ts'
import { createForm, type Form } from '../form/index.ts'
import { getStorage } from '../runtime/index.ts'
import { $token } from '../stores/session.ts'
import { serviceApi } from './api.ts'
import { $chatUnread, $serviceTool } from './launcher.ts'
import { openStream, type StreamState } from './stream.ts'

/** What the chat shows. */
export interface ChatState {
  /** `needName`: a guest without a conversation types a name first. */
  phase: 'idle' | 'opening' | 'needName' | 'ready' | 'failed'
  /** Who the operator sees: the member's username or the guest's name. */
  name: string
  messages: ChatMessage[]
  connection: StreamState
  /** Why opening failed (with a retry). */
  error?: ApiError
  /** Why the platform refused the live stream (`connection` is `refused`), e.g. open in too many windows. */
  streamError?: ApiError
}

// The guest's key is this page's visitor's, under the embed's own prefix (never a host page's key).
const guestKeyName = 'lk.chat.guest'

const newClientId = (): string => {
  const bytes = new Uint8Array(16)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('')
}

/** The chat of this page (one conversation per visitor). */
export interface Chat {
  $state: MapStore<ChatState>
  /** Opens (or resumes) the conversation and its stream; a guest without one is asked a name. */
  start(): Promise<void>
  /** Stops the stream (signed out, page leaving). */
  stop(): void
  /** The guest's name form. */
  createNameForm(): Form<{ guestName: string }, { guestName: string }, unknown>
  /** The message box. */
  createMessageForm(): Form<{ body: string }, { body: string }, ChatMessage>
}

/** Creates a page's chat. */
export function createChat(): Chat {
  const $state = map<ChatState>({ phase: 'idle', name: '', messages: [], connection: 'offline' })
  const seen = new Set<number>()
  let lastId = 0
  let stopStream: (() => void) | undefined
  let guestKey: string | undefined
  // The text being sent and the id it went out with: a resend of the same text after a failure reuses
  // the id, so a message whose reply was lost is stored once.
  let pending: { body: string; clientId: string } | undefined

  const visible = () => $serviceTool.get() === 'chat'
  $serviceTool.listen(() => {
    if (visible()) $chatUnread.set(0)
  })

  function add(messages: readonly ChatMessage[], counted: boolean): void {
    const fresh = messages.filter((m) => !seen.has(m.id))
    if (fresh.length === 0) return
    for (const m of fresh) {
      seen.add(m.id)
      lastId = Math.max(lastId, m.id)
    }
    const all = [...$state.get().messages, ...fresh].sort((a, b) => a.id - b.id)
    $state.setKey('messages', all)
    if (counted && !visible()) $chatUnread.set($chatUnread.get() + fresh.filter((m) => m.from === 'operator').length)
  }

  function reset(phase: ChatState['phase']): void {
    stopStream?.()
    stopStream = undefined
    seen.clear()
    lastId = 0
    $state.set({ phase, name: '', messages: [], connection: 'offline' })
  }

  function connect(): void {
    stopStream?.()
    stopStream = openStream({
      after: () => lastId,
      guestKey,
      token: $token.get(),
      onMessage: (m) => add([m], true),
      onState: (s) => {
        $state.setKey('connection', s)
        if (s !== 'refused') $state.setKey('streamError', undefined)
      },
      onRefused: (error) => $state.setKey('streamError', error),
      onGone: () => {
        forgetGuest()
        reset($token.get() ? 'failed' : 'needName')
      },
    })
  }

  function forgetGuest(): void {
    guestKey = undefined
    getStorage().session.remove(guestKeyName)
  }

  async function opened(r: Outcome<{ name: string; guestKey?: string; messages: ChatMessage[] }>): Promise<Outcome<unknown>> {
    if (r.error) return r
    if (r.data.guestKey) {
      guestKey = r.data.guestKey
      getStorage().session.set(guestKeyName, guestKey)
    }
    $state.set({ ...$state.get(), phase: 'ready', name: r.data.name, error: undefined })
    add(r.data.messages, false)
    connect()
    return r
  }

  async function start(): Promise<void> {
    const phase = $state.get().phase
    if (phase === 'opening' || phase === 'ready') return
    $state.set({ ...$state.get(), phase: 'opening', error: undefined })
    const stored = getStorage().session.get(guestKeyName)
    guestKey = $token.get() ? undefined : typeof stored === 'string' ? stored : undefined
    if (!$token.get() && !guestKey) return void $state.setKey('phase', 'needName')
    const r = await outcome(() => serviceApi('chatOpen', guestKey ? { guestKey } : {}))
    if (r.error?.code === 'not_found' && guestKey) {
      forgetGuest()
      return void $state.setKey('phase', 'needName')
    }
    if (r.error) return void $state.set({ ...$state.get(), phase: 'failed', error: r.error })
    await opened(r)
  }

  // Another member signed in, or the member signed out: the conversation was theirs.
  let tokenNow = $token.get()
  $token.listen((token) => {
    if (token === tokenNow) return
    tokenNow = token
    if ($state.get().phase === 'idle') return
    reset('idle')
    if (visible()) void start()
  })

  async function send(body: string): Promise<Outcome<ChatMessage>> {
    if (!pending || pending.body !== body) pending = { body, clientId: newClientId() }
    const r = await outcome(() => serviceApi('chatSend', { clientId: pending!.clientId, body, ...(guestKey ? { guestKey } : {}) }))
    if (r.data) {
      pending = undefined
      add([r.data], false)
      // The platform closed the quiet stream: the player is back, so is the stream.
      if ($state.get().connection === 'idle') connect()
    }
    return r
  }

  return {
    $state,
    start,
    stop: () => reset('idle'),
    createNameForm: () =>
      createForm({
        initial: { guestName: '' },
        schema: v.object({ guestName: GuestName }),
        submit: async ({ guestName }) => opened(await outcome(() => serviceApi('chatOpen', { guestName }))),
      }),
    createMessageForm: () =>
      createForm({
        initial: { body: '' },
        schema: v.object({ body: ChatText }),
        submit: ({ body }) => send(body),
      }),
  }
}

let pageChat: Chat | undefined
/** The chat of this page, made on first use. */
export const pageChatOf = (): Chat => (pageChat ??= createChat())
