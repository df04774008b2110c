import { useStore } from '@nanostores/react'
import type { ReadableAtom } from 'nanostores'
import { useEffect, useMemo, useState } from 'react'
import { imageUrl } from '../../sdk/stores/index.ts'

/**
 * False during server rendering and the hydration pass, true afterwards. Islands render the build-time
 * (logged-out, light) state first so hydration matches the HTML, then switch to the browser's state.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  return mounted
}

/**
 * A store's value, but `initial` (what the server rendered) until the island has hydrated. Islands
 * that hydrate late (idle, visible) would otherwise meet data another island already loaded and
 * fail hydration.
 */
export function useClientStore<T>(store: ReadableAtom<T>, initial: T): T {
  const value = useStore(store)
  return useMounted() ? value : initial
}

/**
 * The CDN URL of an image path, picked once per path: `imageUrl` chooses a CDN at random, and a new
 * pick on every render would make the browser fetch the image again.
 */
export function useImageUrl(path: string): string {
  return useMemo(() => imageUrl(path), [path])
}
