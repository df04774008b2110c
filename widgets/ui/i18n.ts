import { useStore } from '@nanostores/react'
import { atom } from 'nanostores'
import { createContext, useContext, useMemo } from 'react'
import type { Language } from '../../sdk/contract/index.ts'
import { $messages, $messagesRevision, messagesOf, translator, type Params } from '../../sdk/i18n/index.ts'

/**
 * The language of the islands below, when it is not the page's: an embedded element's `lang`
 * (two elements on one partner page may show two languages). Unset on the site.
 */
export const LanguageContext = createContext<Language | undefined>(undefined)

const unchanging = atom(0)

/** Translator for the current language (or the {@link LanguageContext}'s); components re-render when it changes. */
export function useT(): (key: string, params?: Params) => string {
  const own = useContext(LanguageContext)
  const messages = useStore($messages)
  // Only a view with a language of its own follows every language's messages as they load.
  const revision = useStore(own ? $messagesRevision : unchanging)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` grows when messages load into the table messagesOf(own) reads, which the memo must then translate with again
  return useMemo(() => (own ? translator(messagesOf(own), own) : translator(messages)), [own, messages, revision])
}
