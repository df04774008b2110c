/**
 * `useStore` for the embed's build (widgets/embed/vite.config.ts points `@nanostores/react` here).
 * On a partner's page a store change renders as a transition, in slices that yield to the page:
 * `@nanostores/react` reads stores through `useSyncExternalStore`, whose updates React always
 * renders at once, so a game list arriving rendered in one long task however the element started
 * its render (a trace of a partner page with lk-games at 4× CPU throttling showed 350–460 ms tasks).
 * The frames (their own pages, where the forms are typed in) keep the library's behaviour.
 * @module
 */
import { useStore as useSyncStore } from '@nanostores/react'
import { listenKeys, type MapStore, type ReadableAtom, type StoreValue } from 'nanostores'
import { startTransition, useEffect, useState, type DependencyList } from 'react'

let transitions = false

/** From now on, in this page, store changes render as transitions (react-host.ts calls this). */
export function renderStoreChangesAsTransitions(): void {
  transitions = true
}

interface Options<T> {
  keys?: readonly (keyof T)[]
  deps?: DependencyList
}

/** The store's value, the component rendering again when it changes (see the module comment). */
export function useStore<S extends ReadableAtom<unknown>>(store: S, options: Options<StoreValue<S>> = {}): StoreValue<S> {
  // `transitions` is set once, before the page's first render, so each component calls the same hooks every render.
  // biome-ignore lint/correctness/useHookAtTopLevel: the branch is fixed for the page's lifetime before any render (see above), so every render of a component takes the same one
  if (!transitions) return useSyncStore(store, options as never) as StoreValue<S>
  // biome-ignore lint/correctness/useHookAtTopLevel: the same fixed branch as the line above
  return useTransitionStore(store, options)
}

function useTransitionStore<S extends ReadableAtom<unknown>>(store: S, { keys, deps = [store, keys] }: Options<StoreValue<S>>): StoreValue<S> {
  // biome-ignore lint/correctness/useHookAtTopLevel: reached only through useStore's branch that is fixed before any render
  const [state, setState] = useState(() => ({ store, value: store.get() as StoreValue<S> }))
  // biome-ignore lint/correctness/useHookAtTopLevel: reached only through useStore's branch that is fixed before any render
  useEffect(() => {
    const update = () => {
      const value = store.get() as StoreValue<S>
      startTransition(() => setState((s) => (s.store === store && Object.is(s.value, value) ? s : { store, value })))
    }
    // A change between the render and this subscription is not lost.
    update()
    return keys && keys.length > 0 ? listenKeys(store as unknown as MapStore<Record<string, unknown>>, keys as unknown as string[], update) : store.listen(update)
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's `deps` (the @nanostores/react option) decide when to subscribe again; by default the store and the keys, all the effect reads
  }, deps)
  return state.store === store ? state.value : (store.get() as StoreValue<S>)
}
