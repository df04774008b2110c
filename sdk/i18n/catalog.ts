import type { Language } from '../contract/index.ts'
import type { Namespace } from './namespaces.ts'
import type { Messages } from './translate.ts'

// No table ships inside the scripts: a page inlines the namespaces its first paint needs and the
// rest load on demand, one chunk per language and namespace. This module itself loads with the
// first of them.
const files = import.meta.glob<Messages>('../../locales/*/*.json', { import: 'default' })

/** Loads one namespace of `lang` (an empty table when that file does not exist). */
export async function loadNamespace(lang: Language, namespace: Namespace): Promise<Messages> {
  const load = files[`../../locales/${lang}/${namespace}.json`]
  return load ? load() : {}
}
