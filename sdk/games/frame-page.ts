/**
 * The iframe game pages' store (`/game`, `/fbsports`, `/seamless`): the game address, read once from
 * the page's address (the launch address then leaves the address bar), and the round reports of the
 * framed game, which refresh the balance and the recent games.
 * @module
 */
import { atom, onMount, type ReadableAtom } from 'nanostores'
import { refreshBalance } from '../stores/index.ts'
import { isRoundMessage } from './frame.ts'
import { afterRound } from './index.ts'
import { frameAddress, type FrameAddress, type FrameSource } from './launch.ts'

/** The window parts the store uses (a test passes its own). */
export type FrameWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  location: Pick<Location, 'search' | 'pathname' | 'hash' | 'origin'>
  history: Pick<History, 'state' | 'replaceState'>
}

/** A game frame page's state and actions. */
export interface FramePage {
  /** The address to frame, or why there is none; `undefined` while it is resolved. Resolved while watched. */
  readonly $address: ReadableAtom<FrameAddress | undefined>
  /** Resolves the address again (the retry of an error). */
  retry(): void
  /** Tells the page which window the framed game is: only its round reports count. */
  watchFrame(frame: () => Window | null | undefined): void
}

/** The query each window's page was opened with, as its first frame page store read it. */
const readOnce = new WeakMap<object, URLSearchParams>()

/**
 * Creates the store of one game frame page.
 * @param kind - `url`: `/game?url=…`; `fb`: the FB sports page (`/fbsports?nodeId=…` opens that product); `seamless`: `/seamless?nodeId=…`
 * @example const page = createFramePage('url'); page.$address.listen(render)
 */
export function createFramePage(kind: FrameSource['kind'], given?: FrameWindow): FramePage {
  // Read when first watched: on the server there is no window, and nothing watches.
  const w = (): FrameWindow => given ?? window
  const $address = atom<FrameAddress | undefined>(undefined)
  let query: URLSearchParams | undefined
  let frame: () => Window | null | undefined = () => undefined
  let run = 0

  // The launch address carries a live game token: read it once, then keep it out of the address bar and history.
  // Once per page, not per store: a view made again (React re-renders a root whose hydration failed)
  // finds the address already cleaned and takes the query its first store read.
  function readQuery(): URLSearchParams {
    if (query) return query
    const win = w()
    const before = readOnce.get(win)
    if (before) {
      query = before
      return query
    }
    query = new URLSearchParams(win.location.search)
    readOnce.set(win, query)
    if (kind === 'url' && query.has('url')) {
      const rest = new URLSearchParams(win.location.search)
      rest.delete('url')
      const search = rest.toString()
      win.history.replaceState(win.history.state, '', `${win.location.pathname}${search ? `?${search}` : ''}${win.location.hash}`)
    }
    return query
  }

  function resolve(): void {
    const q = readQuery()
    const request: FrameSource = kind === 'url' ? { kind, url: q.get('url') } : kind === 'fb' ? { kind, nodeId: q.get('nodeId') } : { kind, nodeId: q.get('nodeId') }
    const mine = ++run
    $address.set(undefined)
    // A login prompt or real-account warning, if any, is already shown by the auth host.
    void frameAddress(request, w().location.origin).then((next) => mine === run && $address.set(next))
  }

  onMount($address, () => {
    // Rendering on the server reads the store once: there is no page to read then.
    if (!given && typeof window === 'undefined') return
    const win = w()
    resolve()
    const onMessage = (event: MessageEvent) => {
      if (!isRoundMessage(event, win.location.origin)) return
      // Same origin is not enough: only the game in this frame may report rounds.
      const game = frame()
      if (game && event.source !== game) return
      void refreshBalance()
      afterRound()
    }
    win.addEventListener('message', onMessage as EventListener)
    return () => {
      run++
      win.removeEventListener('message', onMessage as EventListener)
    }
  })

  return { $address, retry: resolve, watchFrame: (get) => void (frame = get) }
}
