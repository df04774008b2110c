/**
 * Formatting at the edge: money stays an integer in minor units until it is shown.
 *
 * Money is shown by `Intl.NumberFormat` in the platform's currency (an ISO 4217 code: the status's
 * `brand.currency`, else the brand's `currency`, PHP) with its narrow symbol, placed as the page's
 * language places it: `₱1,193.00` in English and Chinese, `1.193,00 ₱` in Spanish and Vietnamese.
 *
 * **What a minor unit is.** The ledger keeps integers in the platform's minor unit of its currency,
 * whose exponent is the number of decimals `Intl` gives that currency
 * (`resolvedOptions().maximumFractionDigits`, see `currencyDigits` in sdk/money/amount.ts): 2 for PHP and USD (`100`
 * is ₱1.00), 0 for VND, JPY and IDR (a VND brand stores whole đồng: `50000` is 50.000 ₫). The
 * display shows exactly those decimals, and amounts players type are read at the same exponent
 * (sdk/money/amount.ts).
 * @module
 */
import { moneyCurrency } from './currency.ts'
import { $locale, htmlLang } from '../i18n/index.ts'

export { moneyCurrency, setPlatformCurrency } from './currency.ts'

// Kept per locale and currency: a number format is costly to make (the jackpot shows a sum every 3 s).
// `always`: SPEC §9 wants thousands separators, and some locales (es) leave them out below 10 000.
const formats = new Map<string, Intl.NumberFormat>()
const numberFormat = (locale: string, currency?: string): Intl.NumberFormat => {
  let format = formats.get(locale + currency)
  if (!format)
    formats.set(
      locale + currency,
      (format = new Intl.NumberFormat(
        locale,
        currency ? { style: 'currency', currency, currencyDisplay: 'narrowSymbol', useGrouping: 'always' } : { maximumFractionDigits: 0, useGrouping: 'always' },
      )),
    )
  return format
}

/** BCP 47 tag of the page's language, for numbers and names shown in it. */
export const currentLocale = (): string => htmlLang($locale.get())

/**
 * Formats minor units in the currency's own decimals, with thousands separators and its symbol placed
 * as `locale` places it (SPEC §9). Exact for any safe integer: the minor units are never divided as
 * floats: `Intl` formats them as a decimal string (`119300e-2`).
 * @param minor amount in minor units of `currency` (`500000` is ₱5,000.00; in VND, 500.000 ₫)
 * @param currency ISO 4217 code (`PHP`, not a symbol), default the platform's ({@link moneyCurrency})
 * @param locale BCP 47 tag, default the page's language (`es`: `5.000,00 ₱`)
 * @example formatMoney(500000, 'PHP', 'en') // '₱5,000.00'
 */
export function formatMoney(minor: number, currency = moneyCurrency(), locale = currentLocale()): string {
  const format = numberFormat(locale, currency)
  // `119300e-2`: a decimal string, which Intl formats as written (1193.00), never through a float.
  return format.format(`${Math.trunc(minor)}e-${format.resolvedOptions().maximumFractionDigits}` as `${number}`)
}

/** Formats a count (rounds, points) as a whole number with thousands separators in `locale`. */
export const formatCount = (n: number, locale = currentLocale()): string => numberFormat(locale).format(Math.trunc(n))

/**
 * Formats an amount in major units (a display figure such as the jackpot counter or a room's minimum
 * bet, not a ledger amount) as {@link formatMoney} does, rounded to the currency's decimals.
 * @example formatAmount(1234567.8, 'vi') // '1.234.567,80 ₱' (PHP)
 */
export const formatAmount = (major: number, locale = currentLocale()): string => numberFormat(locale, moneyCurrency()).format(major)

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
