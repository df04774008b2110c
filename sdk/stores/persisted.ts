import { atom, type ReadableAtom } from 'nanostores'
import { $storage } from '../runtime/index.ts'

/** A value kept in the configured storage under one key: read through `decode`, written by `save`. */
export interface Persisted<T> {
  readonly $value: ReadableAtom<T>
  /** Stores `value` and shows it. */
  save(value: T): void
}

/**
 * An atom kept in storage (sdk/storage, never `localStorage` itself): read at start and again when
 * `configure` brings another storage, so a frame or a private window without storage still works.
 * @param decode - the stored value (anything a page or a user put there) as a valid `T`
 * @example const theme = persisted('theme', (raw) => (raw === 'dark' ? 'dark' : 'light'))
 */
export function persisted<T>(key: string, decode: (raw: unknown) => T, area: 'local' | 'session' = 'local'): Persisted<T> {
  const read = () => decode($storage.get()[area].get(key))
  const $value = atom<T>(read())
  $storage.listen(() => $value.set(read()))
  return {
    $value,
    save(value) {
      $storage.get()[area].set(key, value)
      $value.set(value)
    },
  }
}
