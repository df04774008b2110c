import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import { createFramePage } from '../../sdk/games/frame-page.ts'
import type { FrameSource } from '../../sdk/games/launch.ts'
import { ErrorState, Skeleton, useT } from '../ui/index.ts'
import './lobby.css'
import { pages } from '../../sdk/pages/index.ts'

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
 * The iframe game page: frames the game its store resolves (sdk/games/frame-page.ts, which also
 * takes the round reports) and offers fullscreen (the Fullscreen API where allowed, a full-viewport
 * layout otherwise, e.g. on iPhone).
 */
export function GameFrame({ source }: GameFrameProps) {
  const t = useT()
  const box = useRef<HTMLDivElement>(null)
  const frame = useRef<HTMLIFrameElement>(null)
  const [page] = useState(() => createFramePage(source))
  const address = useStore(page.$address)
  const [native, setNative] = useState(false)
  const [pseudo, setPseudo] = useState(false)
  useEffect(() => page.watchFrame(() => frame.current?.contentWindow), [page])

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
        <ErrorState messageKey={key} onRetry={address.reason === 'missing' ? undefined : page.retry} />
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
