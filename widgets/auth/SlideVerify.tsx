import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react'
import { $authModal, $sliderPrompt, answerSlider, recordSample, thinPath, type SliderAnswer, type SliderChallenge, type SliderSample } from '../../sdk/auth/index.ts'
import { useClientStore, useT } from '../ui/index.ts'

/** Props of {@link SlideVerify}. */
export interface SlideVerifyProps {
  challenge: SliderChallenge
  /** Called with the position (0..1), how long the user took and the recorded path of the move. */
  onAnswer: (answer: SliderAnswer) => void
}

const clamp = (x: number): number => Math.min(1, Math.max(0, x))
const step = 0.01

/**
 * Slide-to-verify: move the piece along the track to the gap in the platform's picture, with a pointer
 * (release to submit) or the keyboard (arrow keys 1 %, Page Up/Down 10 %, then Enter). Every pointer
 * move and key press is recorded as a `[ms, position]` sample and sent with the answer: the platform
 * refuses a path a script would draw. There is no Home/End: a jump across the track reads as a script.
 */
export function SlideVerify({ challenge, onAnswer }: SlideVerifyProps) {
  const t = useT()
  const hintId = useId()
  const track = useRef<HTMLDivElement>(null)
  const shownAt = useRef(performance.now())
  const handle = useRef<HTMLSpanElement>(null)
  const dragging = useRef(false)
  const path = useRef<SliderSample[]>([])
  const [position, setPosition] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new challenge (its id) starts the piece and the path afresh
  useEffect(() => {
    shownAt.current = performance.now()
    // The piece at rest where it starts is the path's first sample.
    path.current = [[0, 0]]
    setPosition(0)
    handle.current?.focus()
  }, [challenge.challengeId])

  /** Moves the piece and records the sample (taken at `when`, on the clock of `performance.now()`). */
  const moveTo = (at: number, when = performance.now()) => {
    recordSample(path.current, when - shownAt.current, at)
    setPosition(at)
  }
  const submit = (at: number) => {
    // Where the piece was submitted is the last sample (after a rest, or replacing the last move in the same ms).
    const samples = path.current
    recordSample(samples, performance.now() - shownAt.current, at)
    onAnswer({
      challengeId: challenge.challengeId,
      position: Math.round(at * 1000) / 1000,
      durationMs: Math.round(performance.now() - shownAt.current),
      path: thinPath(samples),
    })
  }
  const fromPointer = (event: Pick<PointerEvent, 'clientX'>) => {
    const box = track.current?.getBoundingClientRect()
    return box && box.width > 0 ? clamp((event.clientX - box.left) / box.width) : position
  }
  const onKey = (event: KeyboardEvent) => {
    const keys: Record<string, number> = {
      ArrowRight: position + step,
      ArrowUp: position + step,
      ArrowLeft: position - step,
      ArrowDown: position - step,
      PageUp: position + step * 10,
      PageDown: position - step * 10,
    }
    if (event.key in keys) {
      event.preventDefault()
      moveTo(clamp(Math.round(keys[event.key] * 100) / 100))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      submit(position)
    }
  }
  const percent = Math.round(position * 100)

  return (
    <div className="lk-slider">
      <p id={hintId} className="lk-slider__hint">
        {t('auth_slider_hint')}
      </p>
      <div
        ref={track}
        className="lk-slider__track"
        onPointerDown={(e) => {
          dragging.current = true
          e.currentTarget.setPointerCapture(e.pointerId)
          moveTo(fromPointer(e))
        }}
        onPointerMove={(e) => {
          if (!dragging.current) return
          // A busy page gets one move event a frame for several moves of the pointer: each of them is a
          // sample, at its own time, or a quick drag on a slow phone would read as jumps (a script).
          const native = e.nativeEvent
          const moves = native.getCoalescedEvents?.() ?? []
          for (const move of moves.length > 0 ? moves : [native]) moveTo(fromPointer(move), move.timeStamp)
        }}
        onPointerUp={(e) => {
          if (!dragging.current) return
          dragging.current = false
          const at = fromPointer(e)
          moveTo(at)
          submit(at)
        }}
      >
        {/* Only the picture shows where the gap is: the platform keeps the target to itself. */}
        <img className="lk-slider__picture" src={`data:image/png;base64,${challenge.image}`} alt="" draggable={false} />
        <span className="lk-slider__fill" style={{ width: `${percent}%` }} aria-hidden="true" />
        <span
          className="lk-slider__handle"
          role="slider"
          tabIndex={0}
          aria-label={t('auth_slider_label')}
          aria-describedby={hintId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t('auth_slider_value', { value: percent })}
          style={{ left: `${percent}%` }}
          onKeyDown={onKey}
          ref={handle}
        />
      </div>
      <button type="button" className="lk-button lk-button--primary lk-slider__submit" onClick={() => submit(position)}>
        {t('auth_slider_submit')}
      </button>
    </div>
  )
}

/** Props of {@link SliderGate}. */
export interface SliderGateProps {
  /** A form on the page itself gives way to the same form in an open popup. */
  page?: boolean
  children: ReactNode
}

/**
 * Wraps a form: while a flow waits for the slide-to-verify check, shows the check in place of the form
 * (the form stays mounted, hidden, so nothing typed is lost). Escape or Cancel abandons the check.
 */
export function SliderGate({ page = false, children }: SliderGateProps) {
  const t = useT()
  const titleId = useId()
  const challenge = useClientStore($sliderPrompt, null)
  const popupOpen = useClientStore($authModal, null) !== null
  const active = challenge !== null && !(page && popupOpen)
  return (
    <>
      {active && (
        <section className="lk-slider-gate" aria-labelledby={titleId} onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), answerSlider(null))}>
          <h3 id={titleId} className="lk-slider-gate__title">
            {t('auth_slider_title')}
          </h3>
          <SlideVerify challenge={challenge} onAnswer={answerSlider} />
          <button type="button" className="lk-button lk-slider-gate__cancel" onClick={() => answerSlider(null)}>
            {t('cancel')}
          </button>
        </section>
      )}
      <div hidden={active}>{children}</div>
    </>
  )
}
