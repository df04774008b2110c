import { describe, expect, it } from 'vitest'
import { displayName, formatAmount, formatMoney, languageName, moneyCurrency, setPlatformCurrency } from './index.ts'
import { currencyDigits } from '../money/amount.ts'
import { formatDate } from '../dates/index.ts'

// Intl puts a no-break space between a number and a symbol placed after it.
const nb = '\u00a0'

describe('formatMoney', () => {
  it.each([
    [500000, '₱5,000.00'],
    [0, '₱0.00'],
    [5, '₱0.05'],
    [123456789, '₱1,234,567.89'],
    [-1050, '-₱10.50'],
    [-5, '-₱0.05'],
    [900719925474099, '₱9,007,199,254,740.99'],
    [Number.MAX_SAFE_INTEGER, '₱90,071,992,547,409.91'],
    [-Number.MAX_SAFE_INTEGER, '-₱90,071,992,547,409.91'],
  ])('formats %d minor units of the brand currency (PHP) as %s', (minor, text) => {
    expect(formatMoney(minor, undefined, 'en')).toBe(text)
  })

  it('shows the peso sign, not a hand-made P', () => {
    expect(formatMoney(119300, 'PHP', 'en')).toBe('₱1,193.00')
    expect(formatMoney(119300, 'PHP', 'en')).not.toMatch(/P/)
  })

  it('uses the platform currency once the status names it', () => {
    try {
      setPlatformCurrency('VND')
      expect(moneyCurrency()).toBe('VND')
      expect(formatMoney(50000, undefined, 'vi')).toBe(`50.000${nb}₫`)
      expect(formatMoney(50000, 'PHP', 'en')).toBe('₱500.00')
    } finally {
      setPlatformCurrency(undefined)
    }
  })
})

describe('money in every language (SPEC §9: the currency decimals, thousands separators, the locale placement)', () => {
  it.each([
    ['en', 'PHP', '₱5,000.00', '₱1,234,567.89', '-₱0.50', '₱0.00'],
    ['es', 'PHP', `5.000,00${nb}₱`, `1.234.567,89${nb}₱`, `-0,50${nb}₱`, `0,00${nb}₱`],
    ['zh-CN', 'PHP', '₱5,000.00', '₱1,234,567.89', '-₱0.50', '₱0.00'],
    ['vi', 'PHP', `5.000,00${nb}₱`, `1.234.567,89${nb}₱`, `-0,50${nb}₱`, `0,00${nb}₱`],
    // VND has no decimals: a minor unit is a whole đồng.
    ['en', 'VND', '₫500,000', '₫123,456,789', '-₫50', '₫0'],
    ['es', 'VND', `500.000${nb}₫`, `123.456.789${nb}₫`, `-50${nb}₫`, `0${nb}₫`],
    ['zh-CN', 'VND', '₫500,000', '₫123,456,789', '-₫50', '₫0'],
    ['vi', 'VND', `500.000${nb}₫`, `123.456.789${nb}₫`, `-50${nb}₫`, `0${nb}₫`],
  ])('%s %s', (locale, currency, five, big, negative, zero) => {
    expect(formatMoney(500000, currency, locale)).toBe(five)
    expect(formatMoney(123456789, currency, locale)).toBe(big)
    expect(formatMoney(-50, currency, locale)).toBe(negative)
    expect(formatMoney(0, currency, locale)).toBe(zero)
  })

  it('is exact for the largest safe integer in every currency and language', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'VND', 'vi')).toBe(`9.007.199.254.740.991${nb}₫`)
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'PHP', 'es')).toBe(`90.071.992.547.409,91${nb}₱`)
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'KWD', 'en')).toMatch(/^KWD\s9,007,199,254,740\.991$/)
  })

  it("takes each currency's decimals from Intl", () => {
    expect(['PHP', 'USD', 'VND', 'JPY'].map((code) => currencyDigits(code))).toEqual([2, 2, 0, 0])
  })

  it('formats display figures in major units the same way', () => {
    expect(formatAmount(1234567.8, 'en')).toBe('₱1,234,567.80')
    expect(formatAmount(1234567.8, 'es')).toBe(`1.234.567,80${nb}₱`)
    expect(formatAmount(0.5, 'vi')).toBe(`0,50${nb}₱`)
    try {
      setPlatformCurrency('VND')
      expect(formatAmount(1234567.8, 'vi')).toBe(`1.234.568${nb}₫`)
    } finally {
      setPlatformCurrency(undefined)
    }
  })
})

describe('names by Intl.DisplayNames', () => {
  it("names regions in the page language, with the caller's text when there is none", () => {
    expect(displayName('region', 'PH', 'en')).toBe('Philippines')
    expect(displayName('region', 'PH', 'es')).toBe('Filipinas')
    expect(displayName('region', 'JP', 'zh-CN')).toBe('日本')
    expect(displayName('region', 'ZZ9', 'en', 'Somewhere')).toBe('Somewhere')
  })

  it('names each language in itself, capitalised for a menu', () => {
    expect(['en', 'es', 'zh-CN', 'vi'].map((tag) => languageName(tag))).toEqual(['English', 'Español', '中文', 'Tiếng Việt'])
  })
})

describe('formatDate', () => {
  it('formats dates in the record style', () => {
    expect(formatDate('2025-03-09T14:05:00Z', { timeZone: 'UTC' })).toBe('2025-03-09 14:05')
    expect(formatDate(Date.UTC(2025, 0, 1, 0, 0), { timeZone: 'UTC', time: false })).toBe('2025-01-01')
  })

  it('returns an empty string for a non-date', () => {
    expect(formatDate('not a date')).toBe('')
  })
})

describe('the platform time zone', () => {
  it('formats every date in the zone the platform names, whatever the device, and names it', async () => {
    const { formatDate, zoneLabel } = await import('../dates/index.ts')
    expect(formatDate('2026-11-27T18:44:00Z', { timeZone: 'Asia/Manila' })).toBe('2026-11-28 02:44')
    expect(zoneLabel('Asia/Manila')).toBe('UTC+08:00')
    expect(zoneLabel('UTC')).toBe('UTC')
    expect(zoneLabel('America/Mexico_City', new Date(Date.UTC(2026, 0, 1)))).toBe('UTC-06:00')
  })
})
