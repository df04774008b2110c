import { useStore } from '@nanostores/react'
import { useMemo } from 'react'
import { $messages, translator, type Params } from '../../sdk/i18n/index.ts'

/** Translator for the current language; components re-render when the language changes. */
export function useT(): (key: string, params?: Params) => string {
  const messages = useStore($messages)
  return useMemo(() => translator(messages), [messages])
}
