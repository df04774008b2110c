/**
 * The member centre's platform messages (messageV2): the list page by page, a message opened (and so
 * read), mark all read, delete. Every change sets the unread badge from the platform's answer.
 * @module
 */
import { map, onMount, type MapStore } from 'nanostores'
import type { ApiError } from '../client/errors.ts'
import { outcome, type Outcome } from '../client/outcome.ts'
import type { PlatformMessage } from '../contract/service.ts'
import { serviceApi } from './api.ts'
import { setUnreadMessages } from './unread.ts'

/** What the messages page shows. */
export interface MessagesState {
  list: PlatformMessage[]
  page: number
  totalPages: number
  total: number
  loading: boolean
  error?: ApiError
  /** The message shown open (its body), or null. */
  openId: number | null
  /** The last action's failure (read, delete), shown beside the list. */
  actionError?: ApiError
}

/** The messages of one view, and what it can do with them. */
export interface MessagesStore {
  $state: MapStore<MessagesState>
  load(page?: number): Promise<void>
  /** Opens a message (or closes it when open) and marks it read. */
  toggle(id: number): Promise<void>
  markAllRead(): Promise<Outcome<{ unread: number }>>
  remove(id: number): Promise<Outcome<{ unread: number }>>
}

const PAGE_SIZE = 10

/**
 * Creates the messages store of one view; it loads the first page when first shown.
 * @example const messages = createMessagesStore(); useStore(messages.$state)
 */
export function createMessagesStore(): MessagesStore {
  const $state = map<MessagesState>({ list: [], page: 1, totalPages: 0, total: 0, loading: false, openId: null })
  let asked = 0

  async function load(page = $state.get().page): Promise<void> {
    const ticket = ++asked
    $state.set({ ...$state.get(), loading: true, error: undefined })
    const r = await outcome(() => serviceApi('messageList', { page, pageSize: PAGE_SIZE }))
    if (ticket !== asked) return
    if (r.error) return void $state.set({ ...$state.get(), loading: false, error: r.error })
    // A page emptied by a delete shows the one before it.
    if (r.data.list.length === 0 && page > 1) return load(page - 1)
    $state.set({ ...$state.get(), loading: false, list: r.data.list, page: r.data.page, total: r.data.total, totalPages: r.data.totalPages })
  }

  const patchMessages = (fn: (m: PlatformMessage) => PlatformMessage) => $state.setKey('list', $state.get().list.map(fn))

  async function toggle(id: number): Promise<void> {
    const open = $state.get().openId === id ? null : id
    $state.setKey('openId', open)
    const message = $state.get().list.find((m) => m.id === id)
    if (open === null || !message || message.read) return
    patchMessages((m) => (m.id === id ? { ...m, read: true } : m))
    const r = await outcome(() => serviceApi('messageRead', { ids: [id] }))
    if (r.error) {
      patchMessages((m) => (m.id === id ? { ...m, read: false } : m))
      $state.setKey('actionError', r.error)
    } else {
      $state.setKey('actionError', undefined)
      setUnreadMessages(r.data.unread)
    }
  }

  async function markAllRead(): Promise<Outcome<{ unread: number }>> {
    const r = await outcome(() => serviceApi('messageRead', { all: true }))
    if (r.error) $state.setKey('actionError', r.error)
    else {
      $state.setKey('actionError', undefined)
      patchMessages((m) => ({ ...m, read: true }))
      setUnreadMessages(r.data.unread)
    }
    return r
  }

  async function remove(id: number): Promise<Outcome<{ unread: number }>> {
    const r = await outcome(() => serviceApi('messageDelete', { id }))
    if (r.error) $state.setKey('actionError', r.error)
    else {
      $state.setKey('actionError', undefined)
      setUnreadMessages(r.data.unread)
      if ($state.get().openId === id) $state.setKey('openId', null)
      await load()
    }
    return r
  }

  onMount($state, () => {
    void load(1)
  })
  return { $state, load, toggle, markAllRead, remove }
}
