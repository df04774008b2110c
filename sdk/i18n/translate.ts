/** A flat table of message keys to texts for one language. */
export type Messages = Readonly<Record<string, string>>

/** Values substituted into `{name}` placeholders (and the spec's `(min)`/`(max)` markers). */
export type Params = Readonly<Record<string, string | number>>

const pluralRules = new Map<string, Intl.PluralRules>()
const numberFormats = new Map<string, Intl.NumberFormat>()
const cached = <T>(map: Map<string, T>, locale: string, make: () => T): T => {
  let value = map.get(locale)
  if (!value) map.set(locale, (value = make()))
  return value
}

/** The key of the plural form of `key` for `count` in `messages`, if it has plural forms. */
function pluralKey(messages: Messages, key: string, count: number, locale: string): string | undefined {
  const category = cached(pluralRules, locale, () => new Intl.PluralRules(locale)).select(count)
  return [`${key}_${category}`, `${key}_other`].find((k) => k in messages)
}

/**
 * Looks a key up in `messages`, then in `fallback`, and fills `{name}` placeholders from `params`.
 * A missing key returns the key itself so a gap is visible, never an empty string.
 *
 * Plurals: a numeric `count` picks the key's plural form by `Intl.PluralRules` of `locale`
 * (`lobby_result_count_one`, `…_other`; the categories CLDR gives the language, `other` when a form
 * is missing) and is shown with the locale's digit grouping.
 * @param locale BCP 47 tag of `messages`
 * @param fallbackLocale BCP 47 tag of `fallback` (the next language of the contract's `localeChain`)
 * @example translate(en, en, 'lobby_result_count', { count: 1 }) // '1 game'
 */
export function translate(messages: Messages, fallback: Messages, key: string, params?: Params, locale = 'en', fallbackLocale = 'en'): string {
  let text: string | undefined
  const count = params?.count
  if (typeof count === 'number') {
    const own = pluralKey(messages, key, count, locale)
    const other = own ? undefined : pluralKey(fallback, key, count, fallbackLocale)
    text = own ? messages[own] : other ? fallback[other] : undefined
  }
  text ??= messages[key] ?? fallback[key] ?? key
  if (!params) return text
  const shown = typeof count === 'number' ? { ...params, count: cached(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(count) } : params
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in shown ? String(shown[name]) : whole))
}
