import { describe, expect, it } from 'vitest'
import { isOver, isRunning, windowOf } from './running.ts'

const manila = 'Asia/Manila'

describe('promotion windows', () => {
  it('starts at the midnight of its start date in the brand zone, and runs forever without an end', () => {
    const w = windowOf({ starts: '2026-11-21' }, manila)
    // Midnight in Manila (UTC+08:00) is 16:00 UTC the day before.
    expect(isRunning(w, new Date('2026-11-20T15:59:59Z'))).toBe(false)
    expect(isRunning(w, new Date('2026-11-20T16:00:00Z'))).toBe(true)
    expect(isRunning(w, new Date('2036-01-01T00:00:00Z'))).toBe(true)
    expect(isOver(w, new Date('2036-01-01T00:00:00Z'))).toBe(false)
  })

  it('starts at its minute and keeps the whole end day, then is over', () => {
    const w = windowOf({ starts: '2026-12-06T10:00', ends: '2026-12-08' }, manila)
    expect(isRunning(w, new Date('2026-12-06T01:59:00Z'))).toBe(false)
    expect(isRunning(w, new Date('2026-12-06T02:00:00Z'))).toBe(true)
    expect(isRunning(w, new Date('2026-12-08T15:59:59Z'))).toBe(true)
    expect(isRunning(w, new Date('2026-12-08T16:00:00Z'))).toBe(false)
    expect(isOver(w, new Date('2026-12-08T16:00:00Z'))).toBe(true)
  })

  it('ends at its minute when the end has a time', () => {
    const w = windowOf({ starts: '2026-12-06', ends: '2026-12-06T18:30' }, manila)
    expect(isRunning(w, new Date('2026-12-06T10:29:00Z'))).toBe(true)
    expect(isRunning(w, new Date('2026-12-06T10:30:00Z'))).toBe(false)
  })
})
