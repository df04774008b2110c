import { describe, expect, it } from 'vitest'
import type { LotteryGame } from './filters.ts'
import { closingSoon } from './closing.ts'

const game = (gameCode: string, remainTime: number): LotteryGame => ({
  gameId: gameCode,
  gameCode,
  name: gameCode,
  vendor: 'ELOTT',
  numero: '1',
  remainTime,
  lockTime: 0,
  gameMenuTag: 'HOT',
  remark: '',
  drawDayOfWeek: '1,2,3,4,5,6,7',
  winningTime: '',
  defaultPlayType: '',
})

describe('closingSoon', () => {
  const fetchedAt = 1_000_000
  const menus = [
    { tag: 'HOT', gameMenus: [game('A', 300), game('B', 30), game('C', 5)] },
    { tag: 'ALL', gameMenus: [game('B', 30), game('D', 60), game('E', 600), game('F', 120)] },
  ]

  it('lists the open draws soonest first, each game once, at most four', () => {
    expect(closingSoon(menus, fetchedAt, fetchedAt).map((g) => g.gameCode)).toEqual(['C', 'B', 'D', 'F'])
  })

  it('leaves out the draws closed since the menus arrived', () => {
    expect(closingSoon(menus, fetchedAt, fetchedAt + 31_000).map((g) => g.gameCode)).toEqual(['D', 'F', 'A', 'E'])
  })

  it('is empty when no draw is open', () => {
    expect(closingSoon([{ tag: 'HOT', gameMenus: [game('A', 0)] }], fetchedAt, fetchedAt)).toEqual([])
  })
})
