import { useEffect, useState, type ComponentType } from 'react'
import { chunkErrorKey, warn, withinChunkTime } from '../../sdk/ui/index.ts'

/** What a dynamic `import()` of a component module resolves with. */
export type ComponentModule<P> = { default: ComponentType<P> }

/**
 * A component whose code is fetched the first time `wanted` is true (a popup the user opens), so it
 * stays out of the page's first load. Once loaded it stays mounted: its own open and close
 * transitions run as usual. `null` until then, on the server and while hydrating too.
 * @param load - fetches the module (and whatever it needs first, such as its messages)
 * @param onFailed - undoes the request when the code cannot be fetched, or has not arrived within the
 *   chunk time-out (the user is told the page failed or is slow to load, and may ask again)
 * @example
 * const Popup = useOnDemand(popup !== null, () => import('./VendorPopup.tsx'), closeVendorPopup)
 * return Popup && <Popup />
 */
export function useOnDemand<P extends object>(wanted: boolean, load: () => Promise<ComponentModule<P>>, onFailed?: () => void): ComponentType<P> | null {
  const [loaded, setLoaded] = useState<{ Component: ComponentType<P> } | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` and `onFailed` are fixed per call site (callers pass new arrows of the same meaning each render); only the request matters
  useEffect(() => {
    if (!wanted || loaded) return
    let live = true
    withinChunkTime(load)().then(
      (module) => {
        if (live) setLoaded({ Component: module.default })
      },
      (error: unknown) => {
        if (!live) return
        onFailed?.()
        void warn(chunkErrorKey(error))
      },
    )
    return () => {
      live = false
    }
  }, [wanted, loaded])
  return loaded?.Component ?? null
}
