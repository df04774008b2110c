/**
 * The game frame's fullscreen: the Fullscreen API where the browser allows it for an element, a
 * full-viewport layout otherwise (iPhone Safari), left with the button or Escape. Its listeners live
 * while the mode is watched and leave with the last watcher (an embed mounts and unmounts often).
 * @module
 */
import { atom, onMount, type ReadableAtom } from 'nanostores'

/** `native`: the Fullscreen API's; `pseudo`: the full-viewport layout; `off`: neither. */
export type FullscreenMode = 'off' | 'native' | 'pseudo'

type Webkit = HTMLElement & { webkitRequestFullscreen?: () => Promise<void> | void }

/** The document parts fullscreen uses, prefixed ones included (a test passes its own). */
export type FullscreenDocument = Pick<Document, 'addEventListener' | 'removeEventListener' | 'fullscreenEnabled'> & {
  fullscreenElement?: Element | null
  webkitFullscreenElement?: Element | null
  exitFullscreen?: () => Promise<void>
  webkitExitFullscreen?: () => Promise<void> | void
  documentElement: { classList: Pick<DOMTokenList, 'add' | 'remove'> }
  defaultView?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null
}

/** One game frame's fullscreen state and its action. */
export interface Fullscreen {
  /** The mode now; watching it follows the browser's own fullscreen changes. */
  readonly $mode: ReadableAtom<FullscreenMode>
  /** Tells which element goes fullscreen. */
  watchBox(box: () => HTMLElement | null | undefined): void
  /** Leaves fullscreen when in it, else enters it (native first, the full-viewport layout when refused). */
  toggle(): Promise<void>
}

const changes = ['fullscreenchange', 'webkitfullscreenchange'] as const

/** How long a native request may take to show before the full-viewport layout replaces it. */
export const nativeWaitMs = 500

/**
 * Creates the fullscreen of one game frame.
 * @example const full = createFullscreen(); full.watchBox(() => box.current); void full.toggle()
 */
export function createFullscreen(given?: FullscreenDocument): Fullscreen {
  const doc = (): FullscreenDocument => given ?? document
  const current = () => doc().fullscreenElement ?? doc().webkitFullscreenElement ?? null
  const $mode = atom<FullscreenMode>('off')
  let box: () => HTMLElement | null | undefined = () => undefined
  let unlock: (() => void) | undefined

  // The full-viewport layout holds the page still and leaves on Escape; nothing stays behind it.
  function set(next: FullscreenMode): void {
    if (next === 'pseudo' && !unlock) {
      const root = doc().documentElement
      const win = doc().defaultView
      const onKey = (event: Event) => (event as KeyboardEvent).key === 'Escape' && set('off')
      root.classList.add('lk-scroll-locked')
      win?.addEventListener('keydown', onKey)
      unlock = () => {
        root.classList.remove('lk-scroll-locked')
        win?.removeEventListener('keydown', onKey)
      }
    } else if (next !== 'pseudo' && unlock) {
      unlock()
      unlock = undefined
    }
    $mode.set(next)
  }

  const isBox = () => {
    const element = box()
    return Boolean(element) && current() === element
  }

  onMount($mode, () => {
    // Rendering on the server reads the store once: there is no document then.
    if (!given && typeof document === 'undefined') return
    const d = doc()
    // A late native fullscreen replaces the full-viewport layout; leaving it (Escape, the system's gesture) ends it here too.
    const sync = () => (isBox() ? set('native') : $mode.get() === 'native' && set('off'))
    for (const name of changes) d.addEventListener(name, sync)
    return () => {
      for (const name of changes) d.removeEventListener(name, sync)
      set('off')
    }
  })

  /** Resolves whether the box went fullscreen within {@link nativeWaitMs} (prefixed APIs return no promise). */
  function becameNative(): Promise<boolean> {
    if (isBox()) return Promise.resolve(true)
    const d = doc()
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        for (const name of changes) d.removeEventListener(name, done)
        resolve(isBox())
      }
      const timer = setTimeout(done, nativeWaitMs)
      for (const name of changes) d.addEventListener(name, done)
    })
  }

  async function enterNative(element: Webkit): Promise<boolean> {
    try {
      if (doc().fullscreenEnabled && element.requestFullscreen) await element.requestFullscreen()
      else if (element.webkitRequestFullscreen) await element.webkitRequestFullscreen()
      else return false
      return await becameNative()
    } catch {
      return false
    }
  }

  async function toggle(): Promise<void> {
    if ($mode.get() !== 'off') {
      set('off')
      const d = doc()
      if (current()) await (d.exitFullscreen ? d.exitFullscreen() : d.webkitExitFullscreen?.())
      return
    }
    const element = box()
    if (!element) return
    if (await enterNative(element)) set('native')
    else set('pseudo')
  }

  return { $mode, watchBox: (get) => void (box = get), toggle }
}
