import { atom, type ReadableAtom } from 'nanostores'
import { $storage } from '../runtime/index.ts'

/**
 * An atom kept in local storage (sdk/storage, never `localStorage` itself) under `key`: read through
 * `decode` (anything a page or a user put there becomes a valid value) at start and again when
 * `configure` brings another storage; `save` stores and shows a value.
 * @example const theme = persisted('theme', (raw) => (raw === 'dark' ? 'dark' : 'light'))
 */
export function persisted<T>(key: string, decode: (raw: unknown) => T): { $value: ReadableAtom<T>; save: (value: T) => void } {
  const read = () => decode($storage.get().local.get(key))
  const $value = atom(read())
  $storage.listen(() => $value.set(read()))
  return {
    $value,
    save(value) {
      $storage.get().local.set(key, value)
      $value.set(value)
    },
  }
}
