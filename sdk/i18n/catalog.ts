import type { Language } from '../contract/index.ts'
import type { Messages } from './translate.ts'

// English ships with every bundle: it is the default and the fallback for a missing key.
// The on-demand namespaces (`centre`) stay out: their islands load them (see on-demand.ts).
const english = import.meta.glob<Messages>(['../../locales/en/*.json', '!../../locales/en/centre.json'], { eager: true, import: 'default' })
// Other languages load on demand, one chunk per namespace file.
const lazy = import.meta.glob<Messages>(['../../locales/*/*.json', '!../../locales/en/*.json', '!../../locales/*/centre.json'], { import: 'default' })

const merge = (tables: Messages[]): Messages => Object.assign({}, ...tables) as Messages

/** English messages, all namespaces merged. */
export const englishMessages: Messages = merge(Object.values(english))

/** Loads every namespace of `lang` and merges them into one table. */
export async function loadMessages(lang: Language): Promise<Messages> {
  if (lang === 'en') return englishMessages
  const prefix = `../../locales/${lang}/`
  const loaders = Object.entries(lazy).filter(([path]) => path.startsWith(prefix))
  return merge(await Promise.all(loaders.map(([, load]) => load())))
}
