import { describe, expect, it } from 'vitest'
import { isRunning } from './running.ts'

const day = (iso: string) => new Date(`${iso}T00:00:00Z`)

describe('promotion dates', () => {
  it('shows a promotion from its start date on, with no end date forever', () => {
    expect(isRunning({ starts: day('2026-11-21') }, new Date('2026-11-20T23:59:59Z'))).toBe(false)
    expect(isRunning({ starts: day('2026-11-21') }, day('2026-11-21'))).toBe(true)
    expect(isRunning({ starts: day('2025-01-01') }, day('2030-01-01'))).toBe(true)
  })

  it('keeps the whole end day and drops the promotion after it', () => {
    const dates = { starts: day('2026-11-01'), ends: day('2026-11-21') }
    expect(isRunning(dates, new Date('2026-11-21T23:59:59Z'))).toBe(true)
    expect(isRunning(dates, day('2026-11-22'))).toBe(false)
  })
})
