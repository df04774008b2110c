import { createContext, useContext, useEffect, useRef, useState } from 'react'
import { scrollThrottleMs, throttle } from '../../sdk/games/index.ts'

/**
 * The answers of media queries a server render was made for (an embed's first paint: the loader
 * says whether the partner's screen is small): the first render takes them, so hydration meets the
 * server's HTML and a phone's screen does not change at hydration.
 */
export const RenderedMedia = createContext<Readonly<Record<string, boolean>> | undefined>(undefined)

/** Whether a media query matches; `false` (or the {@link RenderedMedia} answer) during server rendering and the first client render. */
export function useMediaQuery(query: string): boolean {
  const rendered = useContext(RenderedMedia)
  const [matches, setMatches] = useState(() => (rendered && Object.hasOwn(rendered, query) ? rendered[query] : false))
  useEffect(() => {
    const list = window.matchMedia(query)
    const update = () => setMatches(list.matches)
    update()
    list.addEventListener('change', update)
    return () => list.removeEventListener('change', update)
  }, [query])
  return matches
}

/** Small screens scroll through games instead of paging (SPEC §2). */
export const smallScreenQuery = '(max-width: 640px)'

/**
 * Calls `onMore` when the page is scrolled near its end, checking at most every 200 ms, and again
 * whenever `settled` changes: a player who reached the end while a page was still loading gets the
 * next one without scrolling again.
 * @param enabled - listen only while true (small screens)
 * @param settled - changes when a load finishes (e.g. the number of games shown)
 */
export function useInfiniteScroll(enabled: boolean, onMore: () => void, settled: unknown = undefined, distance = 600): void {
  const latest = useRef(onMore)
  latest.current = onMore
  // biome-ignore lint/correctness/useExhaustiveDependencies: `settled` changing is the point: it checks again when a load finishes
  useEffect(() => {
    if (!enabled) return
    const check = throttle(() => {
      const bottom = window.scrollY + window.innerHeight
      if (bottom >= document.documentElement.scrollHeight - distance) latest.current()
    }, scrollThrottleMs)
    window.addEventListener('scroll', check, { passive: true })
    window.addEventListener('resize', check, { passive: true })
    // The first check waits for the next frame to be painted: measuring at once would lay out the
    // games just rendered inside the same task as React's commit (one long task on a phone).
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(check)
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
      check.cancel()
      window.removeEventListener('scroll', check)
      window.removeEventListener('resize', check)
    }
  }, [enabled, distance, settled])
}
