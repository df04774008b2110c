import type { Language } from '../contract/index.ts'
import { $locale, inlineMessagesId } from './index.ts'
import { registerMessages } from './index.ts'
import type { Messages } from './translate.ts'

// Build time only: every language is available synchronously so each page variant renders in its language.
// The on-demand namespaces (`centre`) are not inlined into pages: their islands load them.
const all = import.meta.glob<Messages>(['../../locales/*/*.json', '!../../locales/*/centre.json'], { eager: true, import: 'default' })

/** Every message of `lang`, all namespaces merged. */
export function messagesFor(lang: Language): Messages {
  const prefix = `../../locales/${lang}/`
  return Object.assign({}, ...Object.entries(all).filter(([p]) => p.startsWith(prefix)).map(([, m]) => m)) as Messages
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
