import { createContext, useContext, useEffect, useRef, useState } from 'react'
import { watchGamePicture } from '../../sdk/games/index.ts'

/**
 * The box's height as a padding percentage of its width (`'4 / 3'` → `75%`). Padding sizes the
 * box in every layout, including inside buttons where `aspect-ratio` is not always honoured.
 */
export function ratioPadding(ratio: string): string {
  const [w, h] = ratio.split('/').map((part) => Number(part.trim()))
  return w > 0 && h > 0 ? `${((h / w) * 100).toFixed(3)}%` : '75%'
}

/**
 * Pictures the server rendered as `<img>` (path → address), for a first paint that shows them before
 * any script: the browser hydrates with the same map and keeps the picture (widgets/embed/first-paint).
 */
export const ServerPictures = createContext<Readonly<Record<string, string>> | undefined>(undefined)

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
  const pictures = useContext(ServerPictures)
  const rendered = pictures && Object.hasOwn(pictures, path) ? pictures[path] : undefined
  const [state, setState] = useState<{ src?: string; status: 'waiting' | 'loaded' | 'error' }>(() => (rendered ? { src: rendered, status: 'loaded' } : { status: 'waiting' }))

  // biome-ignore lint/correctness/useExhaustiveDependencies: the server's picture is the first state only; a new path starts over
  useEffect(() => {
    const element = box.current
    if (!element || !path) return setState({ status: 'error' })
    let live = true
    // A picture the server rendered stays while the watcher confirms it (same address: no flash).
    if (!rendered) setState({ status: 'waiting' })
    // The store side (sdk/games/pictures.ts) decides when and from where the picture loads; this draws it.
    const stop = watchGamePicture(element, path, ({ status, src }) => live && setState({ src, status }))
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
