import { throttle, scrollThrottleMs } from './throttle.ts'

/** Lazy image settings of SPEC §9. */
export const lazyImageDefaults = {
  /** An image loads once its top is within 1.3 viewport heights. */
  preLoad: 1.3,
  throttleMs: scrollThrottleMs,
  attempts: 3,
  cacheSize: 200,
} as const

/** A set of recently loaded sources, oldest dropped first once `size` is reached. */
export class LoadedCache {
  readonly #size: number
  readonly #entries = new Set<string>()
  constructor(size: number = lazyImageDefaults.cacheSize) {
    this.#size = size
  }
  has(src: string): boolean {
    if (!this.#entries.has(src)) return false
    // Touch: a source in use stays.
    this.#entries.delete(src)
    this.#entries.add(src)
    return true
  }
  add(src: string): void {
    this.#entries.delete(src)
    this.#entries.add(src)
    if (this.#entries.size > this.#size) this.#entries.delete(this.#entries.values().next().value as string)
  }
  get size(): number {
    return this.#entries.size
  }
}

/** Loads one source once; resolves on success, rejects on failure. */
export type LoadOnce = (src: string) => Promise<void>

/** Browser loader: decodes the image off the page so the `<img>` shows it at once. */
export const browserLoad: LoadOnce = (src) =>
  new Promise((resolve, reject) => {
    const img = new Image()
    img.onload = () => resolve()
    img.onerror = () => reject(new Error(`image failed: ${src}`))
    img.src = src
  })

/**
 * Loads `src` with up to `attempts` tries (SPEC §4: then the error image). Sources already in
 * `cache` resolve at once.
 * @param opts `nextSource` gives the address to try after one failed (another CDN, say); by default
 *   every attempt asks the same address.
 * @returns `'loaded'` with the address that loaded, or `'error'` with the last one tried
 * @example const { status, src } = await loadWithRetry(imageUrl(path), { cache, nextSource: (failed) => imageUrl(path, failed) })
 */
export async function loadWithRetry(
  src: string,
  {
    attempts = lazyImageDefaults.attempts,
    cache,
    load = browserLoad,
    delayMs = 300,
    nextSource,
  }: { attempts?: number; cache?: LoadedCache; load?: LoadOnce; delayMs?: number; nextSource?: (failed: string) => string } = {},
): Promise<{ status: 'loaded' | 'error'; src: string }> {
  if (cache?.has(src)) return { status: 'loaded', src }
  let current = src
  const failed = new Set<string>()
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      // An address not tried yet is asked as it is, so the browser caches the address the <img> shows.
      await load(failed.has(current) ? withAttempt(current, attempt) : current)
      cache?.add(current)
      return { status: 'loaded', src: current }
    } catch {
      failed.add(current)
      if (attempt < attempts) {
        if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs * attempt))
        current = nextSource?.(current) ?? current
      }
    }
  }
  return { status: 'error', src: current }
}

// A retry must not be answered from the browser's cache of the failed response.
const withAttempt = (src: string, attempt: number): string => `${src}${src.includes('?') ? '&' : '?'}lk_retry=${attempt}`

/** Whether a box is near enough to the viewport to load (top within `preLoad` heights, not far above). */
export function inLoadRange(
  rect: { top: number; bottom: number; left: number; right: number },
  viewport: { width: number; height: number },
  preLoad: number = lazyImageDefaults.preLoad,
): boolean {
  return rect.top < viewport.height * preLoad && rect.bottom > 0 && rect.left < viewport.width * preLoad && rect.right > 0
}

/** Watches elements and calls back once each comes into load range. */
export interface LazyWatcher {
  watch(element: Element, onVisible: () => void): () => void
}

/**
 * Creates the watcher: an IntersectionObserver whose margin is the preload factor, or where that
 * is missing, scroll and resize checks throttled to 200 ms.
 */
export function createLazyWatcher({ preLoad = lazyImageDefaults.preLoad, throttleMs = lazyImageDefaults.throttleMs } = {}): LazyWatcher {
  const callbacks = new Map<Element, () => void>()
  const fire = (element: Element) => {
    const callback = callbacks.get(element)
    callbacks.delete(element)
    callback?.()
  }
  if (typeof IntersectionObserver !== 'undefined') {
    const margin = `${Math.round((preLoad - 1) * 100)}%`
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue
          observer.unobserve(entry.target)
          fire(entry.target)
        }
      },
      { rootMargin: `${margin} ${margin} ${margin} ${margin}` },
    )
    return {
      watch(element, onVisible) {
        callbacks.set(element, onVisible)
        observer.observe(element)
        return () => {
          callbacks.delete(element)
          observer.unobserve(element)
        }
      },
    }
  }
  const check = throttle(() => {
    const viewport = { width: window.innerWidth, height: window.innerHeight }
    for (const element of [...callbacks.keys()]) if (inLoadRange(element.getBoundingClientRect(), viewport, preLoad)) fire(element)
    if (callbacks.size === 0) stop()
  }, throttleMs)
  let listening = false
  const start = () => {
    if (listening) return
    listening = true
    window.addEventListener('scroll', check, { passive: true })
    window.addEventListener('resize', check, { passive: true })
  }
  const stop = () => {
    listening = false
    check.cancel()
    window.removeEventListener('scroll', check)
    window.removeEventListener('resize', check)
  }
  return {
    watch(element, onVisible) {
      callbacks.set(element, onVisible)
      start()
      check()
      return () => callbacks.delete(element)
    },
  }
}
