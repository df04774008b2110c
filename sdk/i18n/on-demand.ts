/**
 * Message namespaces that no page carries: neither in the English table every script bundles nor in
 * the messages a page inlines. Each loads, one chunk per language, when the island that shows it
 * opens (`centre`: the member and agent centre overlays).
 * @module
 */
import { atom } from 'nanostores'
import type { Language } from '../contract/index.ts'
import type { Messages } from './translate.ts'

/** A namespace loaded on demand. */
export type OnDemandNamespace = 'centre'

// catalog.ts and server.ts leave these files out of the tables they build.
const files = import.meta.glob<Messages>('../../locales/*/centre.json', { import: 'default' })
const pending = new Map<string, Promise<void>>()

/** Messages loaded on demand so far, per language (namespaces merged). */
export const $onDemandMessages = atom<Partial<Record<Language, Messages>>>({})

/**
 * Loads `namespace` in `lang` once (concurrent calls share the request; a failed load can be retried).
 * @example await loadOnDemand('centre', $locale.get())
 */
export function loadOnDemand(namespace: OnDemandNamespace, lang: Language): Promise<void> {
  const key = `${lang}/${namespace}`
  let loading = pending.get(key)
  if (!loading) {
    const load = files[`../../locales/${lang}/${namespace}.json`]
    loading = (load ? load() : Promise.resolve({})).then(
      (messages) => {
        const tables = $onDemandMessages.get()
        $onDemandMessages.set({ ...tables, [lang]: { ...tables[lang], ...messages } })
      },
      (error: unknown) => {
        pending.delete(key)
        throw error
      },
    )
    pending.set(key, loading)
  }
  return loading
}
