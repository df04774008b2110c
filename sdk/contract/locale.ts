import type { Language } from './common.ts'

/**
 * The language whose text stands in where a language has none (SPEC §1: English is the default and
 * complete). One rule for every text with per-language variants: messages, content entries, the
 * platform's names and notices. `null`: the end of the chain.
 */
export const fallbackLanguage: Readonly<Record<Language, Language | null>> = { en: null, es: 'en', cn: 'en', vi: 'en' }

/**
 * `lang` followed by the languages that fill its gaps, in order.
 * @example localeChain('vi') // ['vi', 'en']
 */
export function localeChain(lang: Language): Language[] {
  const chain: Language[] = []
  for (let next: Language | null = lang; next && !chain.includes(next); next = fallbackLanguage[next]) chain.push(next)
  return chain
}

/**
 * The variant of a text for `lang`, else the first its {@link localeChain} has.
 * @example pickLocale({ en: 'Maintenance', es: 'Mantenimiento' }, 'cn') // 'Maintenance'
 */
export function pickLocale<T>(texts: Readonly<Partial<Record<Language, T>>>, lang: Language): T | undefined {
  for (const candidate of localeChain(lang)) {
    const text = texts[candidate]
    if (text !== undefined && text !== null && text !== '') return text
  }
  return undefined
}
