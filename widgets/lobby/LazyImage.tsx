import { useEffect, useRef, useState } from 'react'
import { createLazyWatcher, LoadedCache, loadWithRetry, type LazyWatcher } from '../../sdk/games/index.ts'
import { $status, imageUrl, loadStatus } from '../../sdk/stores/index.ts'

// One watcher and one cache of 200 sources for every image of the page.
let watcher: LazyWatcher | undefined
const cache = new LoadedCache()

/**
 * The box's height as a padding percentage of its width (`'4 / 3'` → `75%`). Padding sizes the
 * box in every layout, including inside buttons where `aspect-ratio` is not always honoured.
 */
export function ratioPadding(ratio: string): string {
  const [w, h] = ratio.split('/').map((part) => Number(part.trim()))
  return w > 0 && h > 0 ? `${((h / w) * 100).toFixed(3)}%` : '75%'
}

/** Props of {@link LazyImage}. */
export interface LazyImageProps {
  /** Image path relative to an image CDN (joined with the one picked for this path when it loads). */
  path: string
  /** Alternative text; `''` when the image is decorative (the card names the game). */
  alt: string
  /** CSS aspect ratio of the reserved box (thumbnails are 4:3). */
  ratio?: string
  className?: string
}

/**
 * An image that loads when it nears the viewport (preload 1.3 viewport heights), retries up to
 * 3 times, then shows an error picture. The box keeps its aspect ratio from the first paint, so
 * nothing shifts when the picture arrives.
 */
export function LazyImage({ path, alt, ratio = '4 / 3', className = '' }: LazyImageProps) {
  const box = useRef<HTMLSpanElement>(null)
  const [state, setState] = useState<{ src?: string; status: 'waiting' | 'loaded' | 'error' }>({ status: 'waiting' })

  useEffect(() => {
    const element = box.current
    if (!element || !path) return setState({ status: 'error' })
    let live = true
    setState({ status: 'waiting' })
    watcher ??= createLazyWatcher()
    const stop = watcher.watch(element, () => {
      // The CDN list comes with the platform status; the CDN is picked once it is in. `imageUrl` keeps
      // the pick per path, so a card seen again asks the address already loaded (and cached); a failed
      // attempt moves the path to another CDN for the retry.
      const status = $status.get()
      const ready = status.data || status.error ? Promise.resolve() : loadStatus()
      void ready
        .then(() => loadWithRetry(imageUrl(path), { cache, nextSource: (failed) => imageUrl(path, failed) }))
        .then(({ status: result, src }) => live && setState({ src, status: result }))
    })
    return () => {
      live = false
      stop()
    }
  }, [path])

  return (
    <span ref={box} className={`lk-lazy lk-lazy--${state.status} ${className}`} style={{ paddingTop: ratioPadding(ratio) }}>
      {state.status === 'loaded' && state.src && <img src={state.src} alt={alt} decoding="async" />}
      {state.status === 'error' && (alt ? <span className="lk-lazy__error" role="img" aria-label={alt} /> : <span className="lk-lazy__error" />)}
    </span>
  )
}
