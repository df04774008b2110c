import { describe, expect, it } from 'vitest'
import { displayNumber, filterGames, filtersFromQuery, noFilters, queryOfFilters, tagsOf, weekDayOf, type LotteryGame, type LotteryMenus } from './filters.ts'

const game = (gameCode: string, vendor: LotteryGame['vendor'], name: string, drawDayOfWeek: string): LotteryGame => ({
  gameId: `LOT-${gameCode}`,
  gameCode,
  name,
  vendor,
  numero: '1',
  remainTime: 10,
  lockTime: 5,
  gameMenuTag: '',
  remark: '',
  drawDayOfWeek,
  winningTime: '',
  defaultPlayType: '',
})
const menus: LotteryMenus = [
  { tag: 'MIEN_NAM', gameMenus: [game('VN_HCM', 'TCG_LOTTO_VN', 'TP. Hồ Chí Minh', '2,7'), game('VN_TG', 'TCG_LOTTO_VN', 'Tien Giang', '1')] },
  { tag: 'FAST_3', gameMenus: [game('EL_F3_1', 'ELOTT', 'Fast 3 · 1 min', '1,2,3,4,5,6,7')] },
]
const codes = (g: LotteryGame[]) => g.map((x) => x.gameCode)

describe('lottery filters', () => {
  it('filters by vendor, tag, week day (Sunday 1) and accent-blind name, favourites first', () => {
    expect(codes(filterGames(menus, noFilters, new Set()))).toEqual(['VN_HCM', 'VN_TG', 'EL_F3_1'])
    expect(codes(filterGames(menus, { ...noFilters, vendor: 'ELOTT' }, new Set()))).toEqual(['EL_F3_1'])
    expect(codes(filterGames(menus, { ...noFilters, tag: 'MIEN_NAM' }, new Set()))).toEqual(['VN_HCM', 'VN_TG'])
    expect(codes(filterGames(menus, { ...noFilters, day: 1 }, new Set()))).toEqual(['VN_TG', 'EL_F3_1'])
    expect(codes(filterGames(menus, { ...noFilters, name: 'ho chi' }, new Set()))).toEqual(['VN_HCM'])
    expect(codes(filterGames(menus, noFilters, new Set(['EL_F3_1'])))).toEqual(['EL_F3_1', 'VN_HCM', 'VN_TG'])
    expect(tagsOf(menus, 'ELOTT')).toEqual(['FAST_3'])
    expect(weekDayOf(new Date(2026, 10, 22))).toBe(1) // a Sunday
    // In the brand's zone, whatever the device's: Saturday 20:00 UTC is already Sunday in Manila.
    const lateSaturday = new Date('2026-11-28T20:00:00Z')
    expect(weekDayOf(lateSaturday, 'Asia/Manila')).toBe(1)
    expect(weekDayOf(lateSaturday, 'UTC')).toBe(7)
    expect(weekDayOf(lateSaturday, 'America/Los_Angeles')).toBe(7)
    expect(weekDayOf(lateSaturday, 'Not/AZone')).toBe(lateSaturday.getDay() + 1)
  })

  it('round-trips the address, each parameter only when set, and drops bad values', () => {
    const f = { ...noFilters, gameCode: 'EL_F3_1', vendor: 'ELOTT', playType: 'BIG_SMALL', day: 3, view: 'results' as const }
    expect(queryOfFilters(f)).toBe('?gameCode=EL_F3_1&vendor=ELOTT&playType=BIG_SMALL&day=3&view=results')
    expect(filtersFromQuery(queryOfFilters(f))).toEqual(f)
    expect(queryOfFilters(noFilters)).toBe('')
    expect(filtersFromQuery('?day=9&view=admin')).toEqual(noFilters)
  })

  it('shows at most 6 digits of a winning number', () => {
    expect(displayNumber('12345678')).toBe('123456')
    expect(displayNumber('042')).toBe('042')
  })
})
