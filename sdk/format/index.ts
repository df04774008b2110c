/**
 * Formatting at the edge: money stays an integer in minor units until it is shown.
 * @module
 */
import { brandWire } from '../brand/index.ts'
import { $locale, htmlLang } from '../i18n/index.ts'

const integerFormats = new Map<string, Intl.NumberFormat>()
// `always`: SPEC §9 wants thousands separators, and some locales (es) leave them out below 10 000.
const integerFormat = (locale: string): Intl.NumberFormat => {
  let format = integerFormats.get(locale)
  if (!format) integerFormats.set(locale, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: 'always' })))
  return format
}
const decimalSeparators = new Map<string, string>()
// Kept per locale like the formats: a number format is costly to make (the jackpot shows a sum every 3 s).
const decimalSeparator = (locale: string): string => {
  let separator = decimalSeparators.get(locale)
  if (separator === undefined) {
    separator = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
    decimalSeparators.set(locale, separator)
  }
  return separator
}

/** BCP 47 tag of the page's language, for numbers and names shown in it. */
export const currentLocale = (): string => htmlLang($locale.get())

/**
 * Formats minor units with two decimals, thousands separators and the currency symbol (SPEC §9).
 * Exact for any safe integer: the minor units are never divided as floats.
 * @param minor amount in minor units (`500000` is 5,000.00)
 * @param symbol currency symbol, default the brand's (`P`)
 * @param locale BCP 47 tag for the separators, default the page's language (`es`: `P 5.000,00`)
 * @example formatMoney(500000, 'P', 'en') // 'P 5,000.00'
 */
export function formatMoney(minor: number, symbol = brandWire.currencySymbol, locale = currentLocale()): string {
  const units = Math.trunc(minor)
  const abs = Math.abs(units)
  const whole = Math.floor(abs / 100)
  const cents = String(abs % 100).padStart(2, '0')
  const number = `${integerFormat(locale).format(whole)}${decimalSeparator(locale)}${cents}`
  return `${units < 0 ? '-' : ''}${symbol ? `${symbol} ` : ''}${number}`
}

/** Formats a count (rounds, points) as a whole number with thousands separators in `locale`. */
export const formatCount = (n: number, locale = currentLocale()): string => integerFormat(locale).format(Math.trunc(n))

/**
 * Formats an amount in major units (a display figure such as the jackpot counter, not a ledger
 * amount) with two decimals and thousands separators in `locale`.
 * @example formatAmount(1234567.8, 'vi') // '1.234.567,80'
 */
export function formatAmount(major: number, locale = currentLocale()): string {
  return formatMoney(Math.round(major * 100), '', locale)
}

// formatDate (the record tables' date style, in the platform's time zone) is in sdk/dates: only the member
// centre, the notices and the status page format dates, and this module loads with every page.

const displayNames = new Map<string, Intl.DisplayNames | null>()
/**
 * Name of a region (`PH`) or language (`es`, `zh-CN`) in `locale` by `Intl.DisplayNames`, or
 * `fallback` when the runtime has no name for it.
 * @example displayName('region', 'PH', 'es') // 'Filipinas'
 */
export function displayName(type: 'region' | 'language', code: string, locale: string, fallback = code): string {
  const key = `${type}:${locale}`
  let names = displayNames.get(key)
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale, 'en'], { type, fallback: 'none' })
    } catch {
      names = null
    }
    displayNames.set(key, names)
  }
  try {
    return names?.of(code) || fallback
  } catch {
    // A malformed code (RangeError): the caller's own text stands.
    return fallback
  }
}

/**
 * A language's own name, capitalised as a menu shows it (`Español`, `中文`), by `Intl.DisplayNames`;
 * `fallback` where the runtime has none.
 */
export function languageName(tag: string, fallback = tag): string {
  // The language without its region: `zh-CN` is 中文, not 中文（中国）.
  const base = tag.split('-')[0]
  const name = displayName('language', base, tag, fallback)
  return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1)
}
