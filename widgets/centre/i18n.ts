import { useStore } from '@nanostores/react'
import { useMemo } from 'react'
import { $locale, $messages, translator, type Params } from '../../sdk/i18n/index.ts'
import { $onDemandMessages } from '../../sdk/i18n/on-demand.ts'

/**
 * Translator of the centre overlays: the page's messages plus the `centre` namespace, which loads
 * with the overlay (`loadOnDemand`). While another language's centre texts load after a language
 * switch, the ones already loaded stand in, English first.
 */
export function useCentreT(): (key: string, params?: Params) => string {
  const messages = useStore($messages)
  const lang = useStore($locale)
  const extra = useStore($onDemandMessages)
  return useMemo(() => translator({ ...extra.en, ...extra[lang], ...messages }), [messages, extra, lang])
}
