import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import { createFramePage, frameProblem } from '../../sdk/games/frame-page.ts'
import { createFullscreen } from '../../sdk/games/fullscreen.ts'
import type { FrameSource } from '../../sdk/games/launch.ts'
import { ErrorState, Skeleton, useT } from '../ui/index.ts'
import './lobby.css'
import { pages } from '../../sdk/pages/index.ts'

/** Props of {@link GameFrame}. */
export interface GameFrameProps {
  /** `url`: `/game?url=…`; `fb`: the FB sports page; `seamless`: `/seamless?nodeId=…`. */
  source: FrameSource['kind']
}

/**
 * The iframe game page: frames the game its store resolves (sdk/games/frame-page.ts, which also
 * takes the round reports and decides the way back) and offers fullscreen (sdk/games/fullscreen.ts).
 */
export function GameFrame({ source }: GameFrameProps) {
  const t = useT()
  const box = useRef<HTMLDivElement>(null)
  const frame = useRef<HTMLIFrameElement>(null)
  const [page] = useState(() => createFramePage(source))
  const [fullscreen] = useState(() => createFullscreen())
  const address = useStore(page.$address)
  const mode = useStore(fullscreen.$mode)
  useEffect(() => {
    page.watchFrame(() => frame.current?.contentWindow)
    fullscreen.watchBox(() => box.current)
  }, [page, fullscreen])

  if (!address) {
    return (
      <div className="lk-frame lk-frame--loading">
        <Skeleton height="100%" />
      </div>
    )
  }
  if (!address.ok) {
    const problem = frameProblem(address)
    return (
      <div className="lk-frame lk-frame--message">
        <ErrorState messageKey={problem.messageKey} onRetry={problem.retry ? page.retry : undefined} />
        <a className="lk-button" href={pages.home}>
          {t('lobby_back_home')}
        </a>
      </div>
    )
  }
  const full = mode !== 'off'
  return (
    <div ref={box} className={`lk-frame${mode === 'pseudo' ? ' lk-frame--pseudo' : ''}`}>
      <div className="lk-frame__bar">
        <a className="lk-frame__back" href={pages.home} onClick={(event) => page.back() && event.preventDefault()}>
          {t('lobby_back')}
        </a>
        <button type="button" className="lk-button" aria-pressed={full} onClick={() => void fullscreen.toggle()}>
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
