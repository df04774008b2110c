import { describe, expect, it } from 'vitest'
import { formatDate, formatMoney } from './index.ts'

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

describe('formatDate', () => {
  it('formats dates in the record style', () => {
    expect(formatDate('2025-03-09T14:05:00Z', { timeZone: 'UTC' })).toBe('2025-03-09 14:05')
    expect(formatDate(Date.UTC(2025, 0, 1, 0, 0), { timeZone: 'UTC', time: false })).toBe('2025-01-01')
  })

  it('returns an empty string for a non-date', () => {
    expect(formatDate('not a date')).toBe('')
  })
})
