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

/** Notices listed in the notice bar. */
export const $barNotices = computed($announcements, (a): Notice[] => a.data?.player ?? [])
/** Notices of the popup (type PU). */
export const $popupNotices = computed($announcements, (a): Notice[] => (a.data?.popup ?? []).filter((n) => n.type === 'PU'))

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

const popupSeenKey = 'lk_popup_seen'
const popupKey = (notices: readonly Notice[]) => notices.map((n) => n.id).join(',')

/**
 * Whether the notice popup shows: once per browser session for a given set of popup notices, until
 * the user closes it.
 */
export const $noticePopupOpen = atom<boolean>(false)

onMount($noticePopupOpen, () =>
  $popupNotices.subscribe((notices) => {
    // No marketing popup during a time-out or self-exclusion.
    if (notices.length === 0 || quietNow()) return
    const seen = $storage.get().session.get(popupSeenKey)
    if (seen !== popupKey(notices)) $noticePopupOpen.set(true)
  }),
)

/** Closes the notice popup and remembers it for this session. */
export function dismissNoticePopup(): void {
  $storage.get().session.set(popupSeenKey, popupKey($popupNotices.get()))
  $noticePopupOpen.set(false)
}
