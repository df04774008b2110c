import type { Language } from '../contract/index.ts'
import { $locale, inlineMessagesId, namespaces, registerMessages, type Namespace } from './index.ts'
import type { Messages } from './translate.ts'

// Build time only: every language is available synchronously so each page variant renders in its language.
const all = import.meta.glob<Messages>('../../locales/*/*.json', { eager: true, import: 'default' })

/** The messages of `lang` in `names` (default: every namespace), merged. */
export function messagesFor(lang: Language, names: readonly Namespace[] = namespaces): Messages {
  return Object.assign({}, ...names.map((name) => all[`../../locales/${lang}/${name}.json`] ?? {})) as Messages
}

/**
 * Renders the rest of this page in `lang` (Astro builds pages one at a time): islands rendered on
 * the server then produce the same text the browser hydrates with.
 */
export function useServerLocale(lang: Language): Messages {
  const messages = messagesFor(lang)
  registerMessages(lang, messages)
  $locale.set(lang)
  return messages
}

export { inlineMessagesId }
