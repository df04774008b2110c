/**
 * The member's unread platform messages (SPEC §7 `CSP_unreadCount`): one store the header badge and
 * the member centre's messageV2 badge both show, set at once by every read or delete (./messages.ts).
 * @module
 */
import * as core from '../contract/routes/core/site.ts'
import { roomApi } from '../runtime/index.ts'
import { createSessionStore } from '../stores/query.ts'

const api = roomApi({ unreadCount: core.unreadCount })

/** Unread platform messages of the signed-in member (nothing while signed out); asked again every minute while shown. */
export const $unreadMessages = createSessionStore<number>('unreadMessages', () => api('unreadCount'), { freshMs: 30_000, everyMs: 60_000 })

/** Sets the count from a reply that carries it (a read, a delete), without asking again. */
export const setUnreadMessages = (count: number): void => {
  void $unreadMessages.mutate(count)
}
