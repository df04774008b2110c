import { cleanStores } from 'nanostores'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { configure } from '../runtime/index.ts'
import { createStorage, memoryStorage, type StorageLike } from '../storage/index.ts'
import {
  $barNotices,
  $noticePopupList,
  $noticePopupOpen,
  $popupNotices,
  dismissNoticePopup,
  loadAnnouncements,
  noticePopupMayShow,
  noticePopupShown,
  seenNoticesKey,
  showUnseenNotices,
  withdrawNoticePopup,
} from './notices.ts'

// The notice popup against the reference platform's notices: once per notice per browser.
const { sb } = sandboxForFile()

/** A new tab of the browser whose local storage is `local`: its own session storage, the same local one. */
const newTab = (local: StorageLike) => configure({ baseURL: sb.url, storage: createStorage({ session: memoryStorage(), local }) })

/** Watches the popup as its island does, waits for the notices, and says whether it opened and with what. */
async function visit(expected: number): Promise<{ open: boolean; shown: string[]; stop: () => void }> {
  const stop = $noticePopupOpen.listen(() => {})
  await loadAnnouncements()
  await vi.waitFor(() => expect($popupNotices.get()).toHaveLength(expected), { timeout: 10_000 })
  return { open: $noticePopupOpen.get(), shown: $noticePopupList.get().map((n) => n.id), stop }
}

afterEach(() => {
  // Each test is a new page: the popup's store unmounts now, not a second after its last listener.
  cleanStores($noticePopupOpen)
  $noticePopupOpen.set(false)
  // The page-in-use sign is per page: the next test is a new one.
  delete (globalThis as { lkInUse?: boolean }).lkInUse
})

describe('the notice popup', () => {
  it('shows each notice once per browser: closed, no later tab shows it; a new notice shows alone', async () => {
    const local = memoryStorage()
    const seeded = (await sb.db.query<{ id: string }>("SELECT id FROM notices WHERE type = 'PU' ORDER BY sort")).map((n) => n.id)
    newTab(local)
    const first = await visit(seeded.length)
    expect(first.open).toBe(true)
    expect(first.shown).toEqual(seeded)
    dismissNoticePopup()
    first.stop()
    expect($noticePopupOpen.get()).toBe(false)
    // Remembered in the browser's local storage (through sdk/storage), by id.
    expect(JSON.parse(local.getItem(seenNoticesKey) ?? '[]')).toEqual(seeded)

    newTab(local)
    const second = await visit(seeded.length)
    expect(second.open).toBe(false)
    second.stop()

    await sb.db.query(
      "INSERT INTO notices (id, type, title_en, title_es, content_en, content_es, start_time, sort) VALUES ('N-PU-NEW', 'PU', 'New: weekend cashback', 'Nuevo: reembolso de fin de semana', '<p>10%</p>', '<p>10%</p>', $1, 0)",
      [Date.now()],
    )
    newTab(local)
    const third = await visit(seeded.length + 1)
    expect(third.open).toBe(true)
    expect(third.shown).toEqual(['N-PU-NEW'])
    dismissNoticePopup()
    third.stop()
    expect(JSON.parse(local.getItem(seenNoticesKey) ?? '[]')).toEqual(['N-PU-NEW', ...seeded])
  })

  it('lists the popup notices in the notice bar after the player notices, so they stay readable once closed', async () => {
    newTab(memoryStorage())
    const stop = $barNotices.listen(() => {})
    await loadAnnouncements()
    await vi.waitFor(() => expect($popupNotices.get().length).toBeGreaterThan(0), { timeout: 10_000 })
    const bar = $barNotices.get().map((n) => n.id)
    for (const n of $popupNotices.get()) expect(bar).toContain(n.id)
    expect(bar.indexOf($popupNotices.get()[0].id)).toBeGreaterThan(0)
    expect(new Set(bar).size).toBe(bar.length)
    stop()
  })

  it('does not open over a page the visitor is already using (a press or a key before the notices came), but the after-login popup still shows them', async () => {
    // What the page's head script notes at the first press or key, before anything else here runs.
    ;(globalThis as { lkInUse?: boolean }).lkInUse = true
    const local = memoryStorage()
    const seeded = (await sb.db.query<{ id: string }>("SELECT id FROM notices WHERE type = 'PU' ORDER BY sort")).map((n) => n.id)
    newTab(local)
    const busy = await visit(seeded.length)
    expect(busy.open).toBe(false)
    // Not seen: nothing was shown, so the next page (or the after-login popup) still shows them.
    expect(local.getItem(seenNoticesKey)).toBeNull()
    const bar = $barNotices.get().map((n) => n.id)
    for (const id of seeded) expect(bar).toContain(id)
    busy.stop()

    const afterLogin = showUnseenNotices()
    await vi.waitFor(() => expect($noticePopupOpen.get()).toBe(true), { timeout: 10_000 })
    expect($noticePopupList.get().map((n) => n.id)).toEqual(seeded)
    dismissNoticePopup()
    await afterLogin
    expect(JSON.parse(local.getItem(seenNoticesKey) ?? '[]')).toEqual(seeded)
  })
  it('does not appear when the visitor pressed while its code was loading, and stays once it has appeared', async () => {
    const local = memoryStorage()
    const seeded = (await sb.db.query<{ id: string }>("SELECT id FROM notices WHERE type = 'PU' ORDER BY sort")).map((n) => n.id)
    newTab(local)
    const page = await visit(seeded.length)
    // Opened by itself on a page nobody had touched yet…
    expect(page.open).toBe(true)
    expect(noticePopupMayShow()).toBe(true)
    // …then a press (the page's head script notes it) before its island could show it.
    ;(globalThis as { lkInUse?: boolean }).lkInUse = true
    expect(noticePopupMayShow()).toBe(false)
    withdrawNoticePopup()
    expect($noticePopupOpen.get()).toBe(false)
    // Not seen: the bar keeps the notices and the next page shows the popup.
    expect(local.getItem(seenNoticesKey)).toBeNull()
    for (const id of seeded) expect($barNotices.get().map((n) => n.id)).toContain(id)
    page.stop()

    // The next page, nobody pressing: the popup opens, appears, and stays whatever is pressed in it.
    cleanStores($noticePopupOpen)
    delete (globalThis as { lkInUse?: boolean }).lkInUse
    newTab(local)
    const next = await visit(seeded.length)
    expect(next.open).toBe(true)
    expect(next.shown).toEqual(seeded)
    noticePopupShown()
    ;(globalThis as { lkInUse?: boolean }).lkInUse = true
    expect(noticePopupMayShow()).toBe(true)
    dismissNoticePopup()
    next.stop()
    expect(JSON.parse(local.getItem(seenNoticesKey) ?? '[]')).toEqual(seeded)
  })

  it('after a login it may always appear, whatever was pressed before', async () => {
    ;(globalThis as { lkInUse?: boolean }).lkInUse = true
    newTab(memoryStorage())
    const afterLogin = showUnseenNotices()
    await vi.waitFor(() => expect($noticePopupOpen.get()).toBe(true), { timeout: 10_000 })
    expect(noticePopupMayShow()).toBe(true)
    dismissNoticePopup()
    await afterLogin
  })
})
