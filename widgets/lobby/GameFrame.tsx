import { useEffect, useRef, useState } from 'react'
import { afterRound, type FrameAddress, type FrameSource } from '../../sdk/games/index.ts'
import { isRoundMessage } from '../../sdk/games/frame.ts'
import { frameAddress } from '../../sdk/games/launch.ts'
import { refreshBalance } from '../../sdk/stores/index.ts'
import { ErrorState, Skeleton, useT } from '../ui/index.ts'
import './lobby.css'
import { pages } from '../../sdk/shell/pages.ts'

/** Props of {@link GameFrame}. */
export interface GameFrameProps {
  /** `url`: `/game?url=…`; `fb`: the FB sports page; `seamless`: `/seamless?nodeId=…`. */
  source: FrameSource['kind']
}

type Webkit = HTMLElement & { webkitRequestFullscreen?: () => Promise<void> | void }
type WebkitDoc = Document & { webkitFullscreenElement?: Element | null; webkitExitFullscreen?: () => Promise<void> | void }

const fullscreenElement = (): Element | null => document.fullscreenElement ?? (document as WebkitDoc).webkitFullscreenElement ?? null

/** Resolves when the element is fullscreen, or `false` after `ms` (prefixed APIs return no promise). */
function becameFullscreen(element: HTMLElement, ms: number): Promise<boolean> {
  if (fullscreenElement() === element) return Promise.resolve(true)
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      document.removeEventListener('fullscreenchange', done)
      document.removeEventListener('webkitfullscreenchange', done)
      resolve(fullscreenElement() === element)
    }
    const timer = setTimeout(done, ms)
    document.addEventListener('fullscreenchange', done)
    document.addEventListener('webkitfullscreenchange', done)
  })
}

/** Native fullscreen where the browser allows it for any element (not iPhone Safari). */
async function enterNative(element: HTMLElement): Promise<boolean> {
  const el = element as Webkit
  try {
    if (document.fullscreenEnabled && el.requestFullscreen) await el.requestFullscreen()
    else if (el.webkitRequestFullscreen) await el.webkitRequestFullscreen()
    else return false
    return await becameFullscreen(element, 500)
  } catch {
    return false
  }
}

/**
 * The iframe game page: frames the game, offers fullscreen (the Fullscreen API where allowed, a
 * full-viewport layout otherwise, e.g. on iPhone), and refreshes the balance and recent games when
 * the game reports a round with `{ type: 'lk:round' }` from this page's own origin.
 */
export function GameFrame({ source }: GameFrameProps) {
  const t = useT()
  const box = useRef<HTMLDivElement>(null)
  const frame = useRef<HTMLIFrameElement>(null)
  const [address, setAddress] = useState<FrameAddress | undefined>()
  const [native, setNative] = useState(false)
  const [pseudo, setPseudo] = useState(false)
  const [attempt, setAttempt] = useState(0)
  // The page's query as first read: the launch address is taken out of the address bar below.
  const firstQuery = useRef<URLSearchParams | null>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: reads the address once, on the first run; later runs reuse what it read
  useEffect(() => {
    if (!firstQuery.current) {
      firstQuery.current = new URLSearchParams(window.location.search)
      if (source === 'url' && firstQuery.current.has('url')) {
        // The launch address carries a live game token: keep it out of the address bar and history.
        const rest = new URLSearchParams(window.location.search)
        rest.delete('url')
        const search = rest.toString()
        window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`)
      }
    }
    const query = firstQuery.current
    const request: FrameSource =
      source === 'url' ? { kind: 'url', url: query.get('url') } : source === 'fb' ? { kind: 'fb', nodeId: query.get('nodeId') } : { kind: 'seamless', nodeId: query.get('nodeId') }
    let live = true
    setAddress(undefined)
    void frameAddress(request, window.location.origin).then((next) => {
      // A login prompt or real-account warning, if any, is already shown by the auth host.
      if (live) setAddress(next)
    })
    return () => {
      live = false
    }
  }, [source, attempt])

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!isRoundMessage(event, window.location.origin)) return
      // Same origin is not enough: only the game in this frame may report rounds.
      if (frame.current && event.source !== frame.current.contentWindow) return
      void refreshBalance()
      afterRound()
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [])

  useEffect(() => {
    const sync = () => {
      const on = fullscreenElement() === box.current && box.current !== null
      setNative(on)
      // A late native fullscreen replaces the full-viewport fallback.
      if (on) setPseudo(false)
    }
    document.addEventListener('fullscreenchange', sync)
    document.addEventListener('webkitfullscreenchange', sync)
    return () => {
      document.removeEventListener('fullscreenchange', sync)
      document.removeEventListener('webkitfullscreenchange', sync)
    }
  }, [])

  useEffect(() => {
    if (!pseudo) return
    const root = document.documentElement
    root.classList.add('lk-scroll-locked')
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setPseudo(false)
    window.addEventListener('keydown', onKey)
    return () => {
      root.classList.remove('lk-scroll-locked')
      window.removeEventListener('keydown', onKey)
    }
  }, [pseudo])

  const toggleFullscreen = async () => {
    if (native || pseudo) {
      setPseudo(false)
      if (fullscreenElement()) {
        const doc = document as WebkitDoc
        await (document.exitFullscreen ? document.exitFullscreen() : doc.webkitExitFullscreen?.())
      }
      return
    }
    if (box.current && (await enterNative(box.current))) return
    setPseudo(true)
  }
  const full = native || pseudo

  if (!address) {
    return (
      <div className="lk-frame lk-frame--loading">
        <Skeleton height="100%" />
      </div>
    )
  }
  if (!address.ok) {
    const key =
      address.reason === 'error'
        ? address.error.messageKey
        : address.reason === 'login'
          ? 'lobby_frame_login'
          : address.reason === 'trial'
            ? 'in_need_true_account'
            : 'lobby_frame_missing'
    return (
      <div className="lk-frame lk-frame--message">
        <ErrorState messageKey={key} onRetry={address.reason === 'missing' ? undefined : () => setAttempt((n) => n + 1)} />
        <a className="lk-button" href={pages.home}>
          {t('lobby_back_home')}
        </a>
      </div>
    )
  }
  return (
    <div ref={box} className={`lk-frame${pseudo ? ' lk-frame--pseudo' : ''}`}>
      <div className="lk-frame__bar">
        <a
          className="lk-frame__back"
          href={pages.home}
          onClick={(event) => {
            if (document.referrer.startsWith(window.location.origin) && window.history.length > 1) {
              event.preventDefault()
              window.history.back()
            }
          }}
        >
          {t('lobby_back')}
        </a>
        <button type="button" className="lk-button" aria-pressed={full} onClick={() => void toggleFullscreen()}>
          {full ? t('lobby_exit_fullscreen') : t('lobby_fullscreen')}
        </button>
      </div>
      <iframe
        ref={frame}
        className="lk-frame__game"
        src={address.url}
        title={t('lobby_game_frame_title')}
        allow="fullscreen; autoplay; clipboard-write"
        // Only what the games need: their own scripts, their own origin for rounds and the round
        // message, and forms (a sandboxed frame without allow-forms never fires the play form's
        // submit, so no round could be played). No top navigation, popups or downloads.
        sandbox="allow-scripts allow-same-origin allow-forms"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  )
}

export default GameFrame
