/**
 * Formatting at the edge: money stays an integer in minor units until it is shown.
 *
 * Money is shown by `Intl.NumberFormat` in the platform's currency (an ISO 4217 code: the status's
 * `brand.currency`, else the brand's `currency`, PHP) with its narrow symbol, placed as the page's
 * language places it: `₱1,193.00` in English and Chinese, `1.193,00 ₱` in Spanish and Vietnamese.
 *
 * **What a minor unit is.** The ledger keeps integers in the platform's minor unit of its currency,
 * whose exponent is the number of decimals `Intl` gives that currency
 * (`resolvedOptions().maximumFractionDigits`, see {@link currencyDigits}): 2 for PHP and USD (`100`
 * is ₱1.00), 0 for VND, JPY and IDR (a VND brand stores whole đồng: `50000` is 50.000 ₫). The
 * display shows exactly those decimals, and amounts players type are read at the same exponent
 * (sdk/money/amount.ts).
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

/** A currency's decimals and the parts of its +1 and -1 in a locale: the symbol, sign and spaces each amount is assembled into. */
interface MoneyFormat {
  digits: number
  plus: Intl.NumberFormatPart[]
  minus: Intl.NumberFormatPart[]
}
// Kept per locale and currency: a number format is costly to make (the jackpot shows a sum every 3 s).
const moneyFormats = new Map<string, MoneyFormat>()
const moneyFormat = (locale: string, currency: string): MoneyFormat => {
  const key = `${locale}|${currency}`
  let format = moneyFormats.get(key)
  if (!format) {
    const number = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
    format = { digits: number.resolvedOptions().maximumFractionDigits ?? 2, plus: number.formatToParts(1), minus: number.formatToParts(-1) }
    moneyFormats.set(key, format)
  }
  return format
}

let platformCurrency: string | undefined
const isCurrency = (code: unknown): code is string => typeof code === 'string' && /^[A-Z]{3}$/.test(code)

/**
 * Takes the platform's currency (the status's `brand.currency`, an ISO 4217 code) for every amount
 * shown from now on; a missing or malformed code leaves the brand's.
 */
export function setPlatformCurrency(code: string | undefined): void {
  platformCurrency = isCurrency(code) ? code : undefined
}

/** ISO 4217 code of the money shown: the platform's once its status is in, else the brand's (`PHP`). */
export const moneyCurrency = (): string => platformCurrency ?? brandWire.currency

/**
 * The minor-unit exponent of `currency`: how many decimals `Intl` shows it with (PHP 2, VND 0).
 * @example currencyDigits('VND') // 0
 */
export const currencyDigits = (currency: string = moneyCurrency()): number => moneyFormat('en', isCurrency(currency) ? currency : moneyCurrency()).digits

/** BCP 47 tag of the page's language, for numbers and names shown in it. */
export const currentLocale = (): string => htmlLang($locale.get())

/**
 * Formats minor units in the currency's own decimals, with thousands separators and its symbol placed
 * as `locale` places it (SPEC §9). Exact for any safe integer: the minor units are never divided as
 * floats, the digits are assembled into the parts `Intl` gives for the currency.
 * @param minor amount in minor units of `currency` (`500000` is ₱5,000.00; in VND, 500.000 ₫)
 * @param currency ISO 4217 code, default the platform's ({@link moneyCurrency}); anything else is ignored
 * @param locale BCP 47 tag, default the page's language (`es`: `5.000,00 ₱`)
 * @example formatMoney(500000, 'PHP', 'en') // '₱5,000.00'
 */
export function formatMoney(minor: number, currency: string = moneyCurrency(), locale = currentLocale()): string {
  const { digits, plus, minus } = moneyFormat(locale, isCurrency(currency) ? currency : moneyCurrency())
  const units = Math.trunc(minor)
  const abs = Math.abs(units)
  const scale = 10 ** digits
  const cents = abs % scale
  // Exact: a multiple of `scale` divided by it.
  const integer = integerFormat(locale).format((abs - cents) / scale)
  const fraction = String(cents).padStart(digits, '0')
  return (units < 0 ? minus : plus).map((part) => (part.type === 'integer' ? integer : part.type === 'fraction' ? fraction : part.value)).join('')
}

/** Formats a count (rounds, points) as a whole number with thousands separators in `locale`. */
export const formatCount = (n: number, locale = currentLocale()): string => integerFormat(locale).format(Math.trunc(n))

/**
 * Formats an amount in major units (a display figure such as the jackpot counter or a room's minimum
 * bet, not a ledger amount) as {@link formatMoney} does, rounded to the currency's decimals.
 * @example formatAmount(1234567.8, 'vi', 'PHP') // '1.234.567,80 ₱'
 */
export function formatAmount(major: number, locale = currentLocale(), currency: string = moneyCurrency()): string {
  return formatMoney(Math.round(major * 10 ** currencyDigits(currency)), currency, locale)
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
