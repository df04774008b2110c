import { beforeEach, describe, expect, it } from 'vitest'
import { configure } from '../runtime/index.ts'
import { createStorage, memoryStorage } from '../storage/index.ts'
import { setSession } from '../stores/index.ts'
import { $lotteryFavourites, toggleLotteryFavourite } from './favourites.ts'

describe('lottery favourites (LOTTFAV, per username)', () => {
  const local = memoryStorage()
  beforeEach(() => configure({ storage: createStorage({ session: memoryStorage(), local }) }))

  it('keeps each member’s own list and none for a guest', () => {
    const unbind = $lotteryFavourites.listen(() => {})
    setSession({ account: 'alice', token: 't1' })
    expect(toggleLotteryFavourite('EL_F3_1')).toBe(true)
    expect([...$lotteryFavourites.get()]).toEqual(['EL_F3_1'])
    setSession({ account: 'bob', token: 't2' })
    expect($lotteryFavourites.get().size).toBe(0)
    toggleLotteryFavourite('VN_MB')
    setSession({ account: 'alice' })
    expect([...$lotteryFavourites.get()]).toEqual(['EL_F3_1'])
    expect(JSON.parse(local.getItem('LOTTFAV')!)).toEqual({ alice: ['EL_F3_1'], bob: ['VN_MB'] })
    expect(toggleLotteryFavourite('EL_F3_1')).toBe(false)
    setSession({ account: undefined, token: undefined })
    expect(toggleLotteryFavourite('VN_MB')).toBe(false)
    expect($lotteryFavourites.get().size).toBe(0)
    unbind()
  })
})
