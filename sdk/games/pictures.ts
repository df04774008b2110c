import { $status, imageUrl, loadStatus } from '../stores/status.ts'
import { createLazyWatcher, LoadedCache, loadWithRetry, type LazyWatcher } from './images.ts'

// One watcher and one cache of 200 sources for every game picture of the page.
let watcher: LazyWatcher | undefined
const cache = new LoadedCache()

/** How loading a game picture ended: the address that loaded, or the last one tried. */
export interface PictureResult {
  status: 'loaded' | 'error'
  src: string
}

/**
 * Loads the game picture at `path` (relative to an image CDN) when `element` nears the viewport (1.3
 * viewport heights ahead), and calls `done` with how it ended. The CDN list comes with the platform
 * status, so it waits for that first; the CDN is picked per path (`imageUrl`), so a card seen again asks
 * the address already loaded, and a failed attempt moves the path to another CDN for the retry (3 in all).
 * @returns stops watching (a card that leaves the page)
 */
export function watchGamePicture(element: Element, path: string, done: (result: PictureResult) => void): () => void {
  watcher ??= createLazyWatcher()
  return watcher.watch(element, () => {
    const status = $status.get()
    const ready = status.data || status.error ? Promise.resolve() : loadStatus()
    void ready.then(() => loadWithRetry(imageUrl(path), { cache, nextSource: (failed) => imageUrl(path, failed) })).then(done)
  })
}
