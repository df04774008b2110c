import { atom, computed, onMount, type ReadableAtom } from 'nanostores'
import type { Banner, Notice, ResponseOf } from '../contract/index.ts'
import { $locale } from '../i18n/index.ts'
import { $storage, roomApi } from '../runtime/index.ts'
import * as onDemand from '../contract/routes/core/notices.ts'
import { createFetcherStore } from '../stores/query.ts'
import { quietNow } from '../protect/quiet.ts'

// The notices load with the idle islands that show them (the bar, the popup, the banners): their route and
// reply schema are among the on-demand core routes, out of the first load.
const api = roomApi({ announcements: onDemand.announcements })

type Announcements = ResponseOf<'announcements'>

/**
 * Announcements of SPEC §7 (player notices, banners, popup, promotion lists) in the current language,
 * asked while something shows them; a language switch asks again (SPEC §4).
 */
export const $announcements = createFetcherStore<Announcements>(['announcements', '|', $locale], () => api('announcements', { language: $locale.get() }))

/** Asks for the announcements again (retry). */
export const loadAnnouncements = (): void => $announcements.revalidate()

/** Notices of the popup (type PU). */
export const $popupNotices = computed($announcements, (a): Notice[] => (a.data?.popup ?? []).filter((n) => n.type === 'PU'))
/**
 * Notices listed in the notice bar, its modal and the notice page: the player notices, then the popup's
 * (which the popup shows once per browser: from then on they are read here).
 */
export const $barNotices = computed($announcements, (a): Notice[] => barNoticesOf(a.data))

/** The notices of the bar, its modal and the notice page, from an announcements reply: player notices, then the popup's not already among them. */
export function barNoticesOf(announcements: Pick<Announcements, 'player' | 'popup'> | undefined): Notice[] {
  const player = announcements?.player ?? []
  const listed = new Set(player.map((n) => n.id))
  return [...player, ...(announcements?.popup ?? []).filter((n) => n.type === 'PU' && !listed.has(n.id))]
}

/** The banners of `announcements` in route group `group`, in server order. */
export const bannersIn = (announcements: Announcements | undefined, group: string): Banner[] => (announcements?.banners ?? []).filter((b) => b.groupName === group)

const bannerStores = new Map<string, ReadableAtom<Banner[]>>()
/** Banners of one route group (`w_home`, `w_rng`, …), in server order. */
export function bannersOf(group: string): ReadableAtom<Banner[]> {
  let store = bannerStores.get(group)
  if (!store) bannerStores.set(group, (store = computed($announcements, (a) => bannersIn(a.data, group))))
  return store
}

/** Index of the notice open in the notice modal, or `null`. */
export const $noticeModal = atom<number | null>(null)
/** Opens the notice modal at `index` of the bar's notices. */
export const openNotice = (index: number): void => $noticeModal.set(index)
/** Closes the notice modal. */
export const closeNotice = (): void => $noticeModal.set(null)

/** Local storage key (through sdk/storage) of the popup notices this browser has seen, newest first. */
export const seenNoticesKey = 'lk_notices_seen'
/** How many seen notice ids are kept: far more than the popup ever holds at once. */
export const seenNoticesKept = 200

const seenNotices = (): string[] => {
  const stored = $storage.get().local.get(seenNoticesKey)
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []
}

/** The notices the popup shows while open: those of type PU this browser had not seen when it opened. */
export const $noticePopupList = atom<Notice[]>([])

/**
 * Whether the notice popup shows: once per notice per browser (every tab and visit after it is closed
 * shows it no more), again when a new notice arrives, with only the new ones. Never during a time-out
 * or self-exclusion, and never on a page that leaves it out (the shell's `popup` switch: /partners).
 */
export const $noticePopupOpen = atom<boolean>(false)

/** The popup notices (type PU) among `notices` this browser has not seen (sdk/storage, local). */
export function unseenNotices(notices: readonly Notice[]): Notice[] {
  const seen = new Set(seenNotices())
  return notices.filter((n) => !seen.has(n.id))
}

/** Remembers notices as seen in this browser (sdk/storage, local): neither popup shows them again. */
export function rememberSeenNotices(shown: readonly Notice[]): void {
  const ids = shown.map((n) => n.id)
  const kept = seenNotices().filter((id) => !ids.includes(id))
  $storage.get().local.set(seenNoticesKey, [...ids, ...kept].slice(0, seenNoticesKept))
}

/**
 * Whether the visitor has pressed or typed on this page: the page's head script (sdk/gate/head.ts)
 * sets `lkInUse` on the window at the first press or key, before any module loads. A popup that has
 * not opened by then stays shut on this page (its notices are in the bar, and the next page shows it),
 * so it never lands on a login, a slider or a form the visitor is already using.
 */
const pageInUse = (): boolean => (globalThis as { lkInUse?: boolean }).lkInUse === true

/** Whether the open popup opened by itself on the page (not after a login): it then gives way to a visitor already busy. */
let openedByPage = false

onMount($noticePopupOpen, () =>
  $popupNotices.subscribe((notices) => {
    // No marketing popup during a time-out or self-exclusion, nor over what the visitor is doing.
    if (notices.length === 0 || quietNow() || pageInUse() || $noticePopupOpen.get()) return
    const unseen = unseenNotices(notices)
    if (unseen.length === 0) return
    $noticePopupList.set(unseen)
    openedByPage = true
    $noticePopupOpen.set(true)
  }),
)

/**
 * Whether the open popup may appear now. Between its opening and its first showing its code, the
 * sanitiser and the notices' bodies load, seconds on a slow phone: a popup that opened by itself does
 * not appear once the visitor has pressed or typed meanwhile (it would take the focus from the field
 * or list they just opened). The island asks this as it is about to show the popup, then calls
 * {@link noticePopupShown} or, when the answer is no, {@link withdrawNoticePopup}. The after-login
 * popup always may.
 */
export const noticePopupMayShow = (): boolean => !(openedByPage && pageInUse())

/** The island shows the popup (see {@link noticePopupMayShow}): from now on it stays until closed, whatever the visitor presses in it. */
export function noticePopupShown(): void {
  openedByPage = false
}

/** Closes a popup that never appeared (see {@link noticePopupMayShow}): its notices stay unseen, in the bar, for the next page. */
export function withdrawNoticePopup(): void {
  openedByPage = false
  $noticePopupOpen.set(false)
}

/** Resolves once `store` holds a value that passes `test` (at once when it already does). */
const until = <T>(store: ReadableAtom<T>, test: (value: T) => boolean): Promise<void> =>
  new Promise((resolve) => {
    const stop = store.subscribe((value) => {
      if (!test(value)) return
      resolve()
      queueMicrotask(() => stop())
    })
  })

/**
 * The after-login popup (SPEC §4): the notice popup with the popup notices this browser has not seen,
 * opened now; resolves once it is closed (its notices then remembered as seen), at once when there are none.
 */
export async function showUnseenNotices(): Promise<void> {
  // Watching the popup asks for the announcements and opens it when unseen notices arrive.
  const watch = $noticePopupOpen.listen(() => undefined)
  try {
    await until($announcements, (a) => Boolean(a.data || a.error))
    if (!$noticePopupOpen.get()) {
      const unseen = quietNow() ? [] : unseenNotices($popupNotices.get())
      if (unseen.length === 0) return
      $noticePopupList.set(unseen)
      $noticePopupOpen.set(true)
    }
    // Asked for after a login: it shows, whatever the visitor pressed before.
    openedByPage = false
    await until($noticePopupOpen, (open) => !open)
  } finally {
    watch()
  }
}

/** Closes the notice popup and remembers its notices as seen in this browser (sdk/storage, local). */
export function dismissNoticePopup(): void {
  rememberSeenNotices($noticePopupList.get())
  openedByPage = false
  $noticePopupOpen.set(false)
}
