import { atom, onMount, type ReadableAtom } from 'nanostores'

/** A countdown whose ticking runs only while something listens to it. */
export interface Countdown {
  /** Whole seconds left; 0 when idle. */
  $remaining: ReadableAtom<number>
  /** Starts (or restarts) the countdown for `seconds`. */
  start(seconds: number): void
  /** Stops the countdown at once. */
  reset(): void
}

/** Milliseconds between ticks: finer than a second so the display never skips a number. */
const tickMs = 250

/**
 * Creates a countdown (the SMS get-code button). The interval lives in the store's `onMount`, so it
 * stops when the last listener leaves and resumes from the same end time when one comes back.
 * @param now clock, replaceable in tests
 */
export function createCountdown(now: () => number = Date.now): Countdown {
  let endsAt = 0
  const $remaining = atom(0)
  const tick = (): void => $remaining.set(Math.max(0, Math.ceil((endsAt - now()) / 1000)))
  onMount($remaining, () => {
    tick()
    const id = setInterval(tick, tickMs)
    return () => clearInterval(id)
  })
  return {
    $remaining,
    start(seconds) {
      endsAt = now() + seconds * 1000
      tick()
    },
    reset() {
      endsAt = 0
      tick()
    },
  }
}

/**
 * Creates a gate that opens at most once per `intervalMs` (SMS send, captcha refresh: once a second).
 * @returns a function answering whether the action may run now (and counting it when it may)
 */
export function createThrottle(intervalMs: number, now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY
  return () => {
    const t = now()
    if (t - last < intervalMs) return false
    last = t
    return true
  }
}

/**
 * Seconds the get-code button waits after a successful send (SPEC §4): the code's lifetime, or 60 s
 * when a third-party phone-auth service sends it.
 */
export const smsCountdownSeconds = (expiredMinutes: number, thirdParty: boolean): number => (thirdParty ? 60 : expiredMinutes * 60)
