import { describe, expect, it } from 'vitest'
import { currentDraw, localTime, pastDraws, remainTime, winningNumber, type Schedule } from './draws.ts'

const fast: Schedule = { gameCode: 'EL_F3_1', intervalSec: 60, drawDayOfWeek: '1,2,3,4,5,6,7', winningTime: '', tzOffsetMin: 420, lockTime: 5, digits: 3 }
const hcm: Schedule = { gameCode: 'VN_HCM', intervalSec: 0, drawDayOfWeek: '2,7', winningTime: '16:15', tzOffsetMin: 420, lockTime: 900, digits: 6 }
// Monday 2025-03-03 10:00:30 in Vietnam (UTC+7).
const monday = Date.UTC(2025, 2, 3, 3, 0, 30)

describe('lottery draws', () => {
  it('counts down to the close of the open interval draw', () => {
    const d = currentDraw(fast, monday)
    expect(d.numero).toBe('20250303-0601')
    expect(d.drawAt).toBe(Date.UTC(2025, 2, 3, 3, 1, 0))
    expect(remainTime(fast, monday)).toBe(25)
    expect(remainTime(fast, monday + 26_000)).toBe(0) // locked for the last 5 s
    expect(currentDraw(fast, monday + 30_000).numero).toBe('20250303-0602')
  })

  it('finds the next scheduled draw day (Sunday 1 … Saturday 7)', () => {
    expect(currentDraw(hcm, monday)).toEqual({ numero: '20250303', drawAt: Date.UTC(2025, 2, 3, 9, 15) })
    const after = Date.UTC(2025, 2, 3, 9, 16)
    expect(currentDraw(hcm, after).numero).toBe('20250308') // next Saturday
    expect(remainTime(hcm, monday)).toBe(9 * 3600 + 15 * 60 - 3 * 3600 - 30 - 900)
  })

  it('lists past draws newest first, across midnight', () => {
    const justAfterMidnight = Date.UTC(2025, 2, 2, 17, 0, 10) // 00:00:10 on the 3rd, local
    const past = pastDraws(fast, justAfterMidnight, 3)
    expect(past.map((d) => d.numero)).toEqual(['20250302-1440', '20250302-1439', '20250302-1438'])
    expect(past.every((d) => d.drawAt <= justAfterMidnight)).toBe(true)
    expect(pastDraws(hcm, monday, 3).map((d) => d.numero)).toEqual(['20250301', '20250224', '20250222'])
  })

  it('draws the same numbers for the same draw everywhere', () => {
    expect(winningNumber('VN_MB', '20250303', 6)).toMatch(/^\d{6}$/)
    expect(winningNumber('VN_MB', '20250303', 6)).toBe(winningNumber('VN_MB', '20250303', 6))
    expect(winningNumber('VN_MB', '20250303', 6)).not.toBe(winningNumber('VN_MB', '20250304', 6))
    expect(localTime(fast, Date.UTC(2025, 2, 3, 3, 1))).toBe('10:01:00')
  })
})
