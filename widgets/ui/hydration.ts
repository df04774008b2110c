import { useStore } from '@nanostores/react'
import type { ReadableAtom } from 'nanostores'
import { createContext, useContext, useMemo, useSyncExternalStore } from 'react'
import { $status, imageUrl } from '../../sdk/stores/status.ts'

const never = () => () => {}
const inBrowser = () => true
const onServer = () => false

/**
 * False during server rendering and while React hydrates the server HTML, true afterwards (React
 * re-renders the island right after hydration). A component mounted later in the browser, such as
 * a popup's content, gets true at once, so it never flashes the server state.
 *
 * Islands render the build-time state (logged out, nothing loaded, light theme) while this is false,
 * so hydration meets exactly the HTML the server wrote.
 */
export function useMounted(): boolean {
  const live = useContext(LiveHydration)
  // React reads the server snapshot while hydrating and the client snapshot otherwise.
  const mounted = useSyncExternalStore(never, inBrowser, onServer)
  return live || mounted
}

/**
 * True where the server rendered from live data and the browser hydrates from the same data (an
 * embed's first paint, widgets/embed/first-paint): the stores hold the same values on both sides, so
 * islands render them at once instead of the build-time state.
 */
export const LiveHydration = createContext(false)

/**
 * A store's value, but `initial` (what the server rendered) while the island hydrates. nanostores'
 * `useStore` returns the browser's current value even during hydration, so an island that hydrates
 * late (idle, visible) after another island loaded data, or after a store read session or local
 * storage at start-up, would render something else than its HTML and fail hydration.
 * @param initial - the value the store has at build time (keep it equal to the server's)
 */
export function useClientStore<T>(store: ReadableAtom<T>, initial: T): T {
  const value = useStore(store)
  return useMounted() ? value : initial
}

/** An address the browser can fetch as is: absolute, protocol-relative, root-relative or data. */
const usable = (src: string): boolean => /^(https?:)?\/\/|^data:|^\//.test(src)

/**
 * The CDN URL of an image path: `imageUrl` keeps one CDN per path for its most recent paths, and the
 * memo keeps the address for as long as the component shows it, so a re-render never makes the
 * browser fetch the image again. A platform path (relative to a CDN) has no address until the
 * platform status has brought the CDN list — while hydrating, while the status loads, or when it
 * failed — and is then `undefined`, so no request goes to an address that does not exist (a bare
 * `img/…` would resolve against the page, e.g. `/es/img/…`).
 * @returns the address for `<img src>`, or `undefined` while the CDN is not known
 */
export function useImageUrl(path: string): string | undefined {
  const mounted = useMounted()
  const status = useStore($status)
  const cdns = status.data?.imageCDNs
  // `cdns` is a dependency on purpose: the pick is made again once the list arrives.
  // biome-ignore lint/correctness/useExhaustiveDependencies: imageUrl reads the CDN list from the status store itself, so `cdns` arriving must make the pick again
  const picked = useMemo(() => imageUrl(path), [path, cdns])
  const src = mounted ? picked : path
  return usable(src) ? src : undefined
}
