import { describe, expect, it } from 'vitest'
import { displayName, formatAmount, formatMoney, languageName } from './index.ts'
import { formatDate } from '../dates/index.ts'

describe('formatMoney', () => {
  it.each([
    [500000, 'P 5,000.00'],
    [0, 'P 0.00'],
    [5, 'P 0.05'],
    [123456789, 'P 1,234,567.89'],
    [-1050, '-P 10.50'],
    [900719925474099, 'P 9,007,199,254,740.99'],
  ])('formats %d minor units as %s', (minor, text) => {
    expect(formatMoney(minor)).toBe(text)
  })

  it('uses the given symbol and the locale separators', () => {
    expect(formatMoney(123456, '₫', 'de-DE')).toBe('₫ 1.234,56')
    expect(formatMoney(100, '')).toBe('1.00')
  })
})

describe('amounts in every language (SPEC §9: 2 decimals, thousands separators)', () => {
  it.each([
    ['en', 'P 5,000.00', 'P 1,234,567.89'],
    ['es', 'P 5.000,00', 'P 1.234.567,89'],
    ['zh-CN', 'P 5,000.00', 'P 1,234,567.89'],
    ['vi', 'P 5.000,00', 'P 1.234.567,89'],
  ])('%s', (locale, five, big) => {
    expect(formatMoney(500000, 'P', locale)).toBe(five)
    expect(formatMoney(123456789, 'P', locale)).toBe(big)
  })

  it('formats display figures in major units the same way', () => {
    expect(formatAmount(1234567.8, 'en')).toBe('1,234,567.80')
    expect(formatAmount(1234567.8, 'es')).toBe('1.234.567,80')
    expect(formatAmount(0.5, 'vi')).toBe('0,50')
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
