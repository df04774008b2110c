import { describe, expect, it } from 'vitest'
import { basisPointsOf, percentOf } from './rate.ts'

describe('rates', () => {
  it('reads a typed percent as basis points and refuses what is not one', () => {
    expect(basisPointsOf('1.5')).toBe(150)
    expect(basisPointsOf('0,05')).toBe(5)
    expect(basisPointsOf('100')).toBe(10_000)
    for (const bad of ['', '100.01', '1.234', '-1', 'abc', '1e2']) expect(basisPointsOf(bad)).toBeNull()
  })

  it('shows basis points as a percent with two decimals', () => {
    expect(percentOf(150)).toBe('1.50')
    expect(percentOf(5)).toBe('0.05')
    expect(percentOf(10_000)).toBe('100.00')
  })
})
