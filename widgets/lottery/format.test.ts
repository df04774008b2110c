import { describe, expect, it } from 'vitest'
import { clock } from './format.ts'

describe('lottery countdowns', () => {
  it('show days past 24 hours instead of 148 hours', () => {
    expect(clock(148 * 3600 + 9 * 60 + 48, (n) => `${n} d`)).toBe('6 d 04:09:48')
    expect(clock(86_400)).toBe('1 d 00:00:00')
    expect(clock(86_399)).toBe('23:59:59')
    expect(clock(3600)).toBe('1:00:00')
    expect(clock(59)).toBe('0:59')
    expect(clock(-5)).toBe('0:00')
  })
})
