/**
 * The iframe game pages' store (`/game`, `/fbsports`, `/seamless`): the game address, read once from
 * the page's address (the launch address then leaves the address bar), the round reports of the
 * framed game, which refresh the balance and the recent games, and the way back.
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
  history: Pick<History, 'state' | 'replaceState' | 'length' | 'back'>
  document: Pick<Document, 'referrer'>
}

/** What a frame page shows instead of a game: the message's locale key, and whether asking again can help. */
export interface FrameProblem {
  messageKey: string
  retry: boolean
}

/** A game frame page's state and actions. */
export interface FramePage {
  /** The address to frame, or why there is none; `undefined` while it is resolved. Resolved while watched. */
  readonly $address: ReadableAtom<FrameAddress | undefined>
  /** Resolves the address again (the retry of an error). */
  retry(): void
  /** Tells the page which window the framed game is: only its round reports count. */
  watchFrame(frame: () => Window | null | undefined): void
  /**
   * The back link: returns to the page before when it was one of this site's, and says so (the
   * link is then cancelled); otherwise the link's own address (home) opens.
   */
  back(): boolean
}

/**
 * The message a page without a game shows: the error's own, the login or real-account prompt's, or
 * "this game link is not valid" (which no retry mends).
 */
export function frameProblem(address: Extract<FrameAddress, { ok: false }>): FrameProblem {
  if (address.reason === 'error') return { messageKey: address.error.messageKey, retry: true }
  if (address.reason === 'login') return { messageKey: 'lobby_frame_login', retry: true }
  if (address.reason === 'trial') return { messageKey: 'in_need_true_account', retry: true }
  return { messageKey: 'lobby_frame_missing', retry: false }
}

/** The query each window's page was opened with, as its first frame page store read it. */
const readOnce = new WeakMap<object, URLSearchParams>()

/** The origin of an absolute address, or `undefined`. */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

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
  // Whether a game was framed while shown (nanostores puts an atom's first value back as it unmounts).
  let framed = false

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
    void frameAddress(request, w().location.origin).then((next) => {
      if (mine !== run) return
      framed ||= next.ok
      $address.set(next)
    })
  }

  /** Whether `event` is a round report of the game framed here: from its window, exactly from the origin it was framed from. */
  function fromGame(event: MessageEvent): boolean {
    const address = $address.get()
    const game = frame()
    // A launch CDN may be another origin than the page's; same origin alone is not enough either.
    if (!address?.ok || !game || event.source !== game) return false
    const origin = originOf(address.url)
    return origin !== undefined && isRoundMessage(event, origin)
  }

  onMount($address, () => {
    // Rendering on the server reads the store once: there is no page to read then.
    if (!given && typeof window === 'undefined') return
    const win = w()
    resolve()
    const onMessage = (event: MessageEvent) => {
      if (!fromGame(event)) return
      void refreshBalance()
      afterRound()
    }
    win.addEventListener('message', onMessage as EventListener)
    return () => {
      run++
      win.removeEventListener('message', onMessage as EventListener)
      // The game closes: a provider that reports no rounds may still have moved the balance.
      if (framed) void refreshBalance()
      framed = false
    }
  })

  function back(): boolean {
    const win = w()
    const from = originOf(win.document.referrer)
    if (from !== win.location.origin || win.history.length <= 1) return false
    win.history.back()
    return true
  }

  return { $address, retry: resolve, watchFrame: (get) => void (frame = get), back }
}
