import { atom } from 'nanostores'
import type { ResponseOf } from '../contract/index.ts'
import { authApi } from './api.ts'

/** A slide-to-verify challenge: drag the piece to `target` (0..1 of the track). */
export type SliderChallenge = ResponseOf<'slider'>

/** The answer a flow submits with login, registration or an SMS send. */
export interface SliderAnswer {
  challengeId: string
  position: number
  durationMs: number
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
