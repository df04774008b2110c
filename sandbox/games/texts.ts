import { type Language, pickLocale } from '../../sdk/contract/all.ts'

/**
 * Operators' texts (notices, banners) per language: columns `<name>_en`, `_es`, `_cn`, `_vi`.
 * @module
 */

const textLanguages: readonly string[] = ['en', 'es', 'cn', 'vi'] satisfies Language[]

/** The language of operators' texts: the one asked for, else the caller's; English for an unknown one. */
export const textLangOf = (asked: string | undefined, callers?: string): Language => {
  const lang = asked ?? callers ?? 'en'
  return textLanguages.includes(lang) ? (lang as Language) : 'en'
}

/**
 * A row's text in `lang` from its `<column>_en`, `_es`, `_cn`, `_vi` columns, an empty one filled by
 * the contract's fallback chain (Chinese and Vietnamese read English where the operator wrote none).
 * @example textIn({ title_en: 'Hi', title_cn: '' }, 'title', 'cn') // 'Hi'
 */
export function textIn(row: Readonly<Record<string, unknown>>, column: string, lang: Language): string {
  const texts = Object.fromEntries(textLanguages.map((l) => [l, row[`${column}_${l}`]]).filter(([, v]) => typeof v === 'string')) as Partial<Record<Language, string>>
  return pickLocale(texts, lang) ?? ''
}
