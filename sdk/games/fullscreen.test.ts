import { STORE_UNMOUNT_DELAY } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFullscreen, type FullscreenDocument } from './fullscreen.ts'

// The game frame's fullscreen on a document of its own: the Fullscreen API where it works, the
// full-viewport layout where it does not (iPhone), Escape and the browser's own exit, and no listener
// left on the document or the window once nothing watches it.

/** A document and window whose listeners are counted by event name; `native` gives its elements the Fullscreen API. */
function fakeDocument({ native }: { native: boolean }) {
  const counted = () => {
    const target = new EventTarget()
    const count: Record<string, number> = {}
    return {
      target,
      count,
      addEventListener: (type: string, listener: EventListenerOrEventListenerObject) => {
        count[type] = (count[type] ?? 0) + 1
        target.addEventListener(type, listener)
      },
      removeEventListener: (type: string, listener: EventListenerOrEventListenerObject) => {
        count[type] = (count[type] ?? 0) - 1
        target.removeEventListener(type, listener)
      },
    }
  }
  const d = counted()
  const w = counted()
  const classes = new Set<string>()
  const doc: FullscreenDocument = {
    addEventListener: d.addEventListener as FullscreenDocument['addEventListener'],
    removeEventListener: d.removeEventListener as FullscreenDocument['removeEventListener'],
    fullscreenEnabled: native,
    fullscreenElement: null,
    documentElement: { classList: { add: (name: string) => void classes.add(name), remove: (name: string) => void classes.delete(name) } },
    defaultView: { addEventListener: w.addEventListener as Window['addEventListener'], removeEventListener: w.removeEventListener as Window['removeEventListener'] },
  }
  const change = (element: Element | null) => {
    doc.fullscreenElement = element
    d.target.dispatchEvent(new Event('fullscreenchange'))
  }
  doc.exitFullscreen = async () => change(null)
  const box = (native ? { requestFullscreen: async () => change(box) } : {}) as unknown as HTMLElement
  const live = () => Object.values(d.count).reduce((a, b) => a + b, 0) + Object.values(w.count).reduce((a, b) => a + b, 0)
  const key = (name: string) => w.target.dispatchEvent(Object.assign(new Event('keydown'), { key: name }))
  return { doc, box, classes, live, key, change }
}

/** A fullscreen on a {@link fakeDocument}, its box given, not yet watched. */
function onFake(native: boolean) {
  const fake = fakeDocument({ native })
  const full = createFullscreen(fake.doc)
  full.watchBox(() => fake.box)
  return { ...fake, full }
}

/** nanostores unmounts a store {@link STORE_UNMOUNT_DELAY} after its last listener left: on the fake clock. */
const unmounted = () => vi.advanceTimersByTimeAsync(STORE_UNMOUNT_DELAY)

describe('createFullscreen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('reads nothing while the page is rendered on the server, where there is no document', () => {
    // A server render reads the store once, which mounts it.
    const full = createFullscreen()
    const stop = full.$mode.listen(() => {})
    expect(full.$mode.get()).toBe('off')
    stop()
  })

  it('fills the viewport where the Fullscreen API is missing, holding the page still until Escape', async () => {
    const { full, classes, live, key } = onFake(false)
    const stop = full.$mode.listen(() => {})
    await full.toggle()
    expect(full.$mode.get()).toBe('pseudo')
    expect(classes.has('lk-scroll-locked')).toBe(true)
    key('Enter')
    expect(full.$mode.get()).toBe('pseudo')
    key('Escape')
    expect(full.$mode.get()).toBe('off')
    expect(classes.has('lk-scroll-locked')).toBe(false)
    await full.toggle()
    stop()
    await unmounted()
    // Closed while full: the page scrolls again and nothing listens.
    expect(classes.has('lk-scroll-locked')).toBe(false)
    expect(live()).toBe(0)
  })

  it("uses the browser's fullscreen where it works, and follows the browser's own exit", async () => {
    const { full, doc, classes, live, change } = onFake(true)
    const stop = full.$mode.listen(() => {})
    await full.toggle()
    expect(full.$mode.get()).toBe('native')
    expect(classes.has('lk-scroll-locked')).toBe(false)
    await full.toggle()
    expect(full.$mode.get()).toBe('off')
    expect(doc.fullscreenElement).toBeNull()
    await full.toggle()
    // The system's gesture or Escape ends the browser's fullscreen without the button.
    change(null)
    expect(full.$mode.get()).toBe('off')
    stop()
    await unmounted()
    expect(live()).toBe(0)
  })

  it('leaves no listener however often it is shown', async () => {
    const { full, live } = onFake(false)
    for (let shown = 0; shown < 3; shown++) {
      const stop = full.$mode.listen(() => {})
      await full.toggle()
      expect(live()).toBeGreaterThan(0)
      stop()
      await unmounted()
      expect(live()).toBe(0)
    }
  })
})
