/** Infinite-scroll and lazy-image scroll checks run at most this often (SPEC §9). */
export const scrollThrottleMs = 200

/** A throttled function with a way to drop its pending trailing call. */
export interface Throttled<A extends unknown[]> {
  (...args: A): void
  cancel(): void
}

/**
 * Runs `fn` at once, then at most once per `ms`; the last call inside a window runs at its end so
 * the final scroll position is always checked.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number, now: () => number = Date.now): Throttled<A> {
  let last = -Infinity
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending: A | undefined
  const run = (args: A) => {
    last = now()
    fn(...args)
  }
  const throttled = (...args: A) => {
    const wait = last + ms - now()
    if (wait <= 0 && timer === undefined) return run(args)
    pending = args
    timer ??= setTimeout(
      () => {
        timer = undefined
        const next = pending
        pending = undefined
        if (next) run(next)
      },
      Math.max(0, wait),
    )
  }
  throttled.cancel = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    pending = undefined
  }
  return throttled
}
