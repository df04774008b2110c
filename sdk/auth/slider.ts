import { atom } from 'nanostores'
import { sliderPathMax, type ResponseOf } from '../contract/index.ts'
import { authApi } from './api.ts'

/** A slide-to-verify challenge: drag the piece to `target` (0..1 of the track). */
export type SliderChallenge = ResponseOf<'slider'>

/** One recorded sample of the move: ms since the check was shown, and the position (0..1). */
export type SliderSample = [tMs: number, x: number]

/** The answer a flow submits with login, registration or an SMS send. */
export interface SliderAnswer {
  challengeId: string
  position: number
  durationMs: number
  /** The recorded move, at most the contract's `sliderPathMax` samples (the platform checks it looks like a person's). */
  path: SliderSample[]
}

/**
 * Adds a sample to a recorded path (in place). Time is whole ms and strictly increasing: a sample in
 * the same ms as the last one replaces its position instead.
 */
export function recordSample(path: SliderSample[], tMs: number, x: number): void {
  const t = Math.max(0, Math.round(tMs))
  const at = Math.round(Math.min(1, Math.max(0, x)) * 1000) / 1000
  const last = path[path.length - 1]
  if (last && t <= last[0]) last[1] = at
  else path.push([t, at])
}

/** Thins a path evenly to at most `max` samples, keeping the first and the last. */
export function thinPath(path: readonly SliderSample[], max = sliderPathMax): SliderSample[] {
  if (path.length <= max) return path.map(([t, x]) => [t, x])
  return Array.from({ length: max }, (_, i) => {
    const [t, x] = path[Math.round((i * (path.length - 1)) / (max - 1))]
    return [t, x]
  })
}

/** The open slider check, or `null`; `SlideVerify` renders it and calls {@link answerSlider}. */
export const $sliderPrompt = atom<SliderChallenge | null>(null)
/** Set when loading a challenge failed: the locale key to show. */
export const $sliderError = atom<string | null>(null)

let pending: ((answer: SliderAnswer | null) => void) | undefined

/**
 * Asks the user to slide-to-verify (SPEC §4 bot check). Resolves with the answer, or `null` when the
 * user closed it or no challenge could be loaded.
 */
export async function verifySlider(): Promise<SliderAnswer | null> {
  pending?.(null)
  $sliderError.set(null)
  let challenge: SliderChallenge
  try {
    challenge = await authApi('slider', {}, { noCache: true })
  } catch (error) {
    $sliderError.set((error as { messageKey?: string }).messageKey ?? 'err_network_error')
    return null
  }
  return new Promise((resolve) => {
    pending = resolve
    $sliderPrompt.set(challenge)
  })
}

/** Completes the open slider check with the user's answer, or cancels it with `null`. */
export function answerSlider(answer: SliderAnswer | null): void {
  const resolve = pending
  pending = undefined
  $sliderPrompt.set(null)
  resolve?.(answer)
}
