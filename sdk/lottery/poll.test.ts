import { describe, expect, it } from 'vitest'
import { lotteryPollCapMs, lotteryPollFallbackMs, lotteryPollFloorMs, pollDelayMs } from './poll.ts'

const g = (remainTime: number, lockTime = 0) => ({ remainTime, lockTime })

describe('pollDelayMs (SPEC §4 lottery opening data refresh)', () => {
  it.each([
    ['no games: the fallback', [], 0, lotteryPollFallbackMs],
    ['no games: the fallback minus half the round trip', [], 600, lotteryPollFallbackMs - 300],
    ['shortest is zero: 7 s', [g(40), g(0)], 0, 7_000],
    ['shortest is zero: 7 s minus half the round trip and its lock time', [g(40, 9), g(0, 2)], 1_000, 7_000 - 500 - 2_000],
    ['shortest is negative: 7 s, then both corrections', [g(-3, 5)], 300, 7_000 - 150 - 5_000],
    ['7 s with corrections past zero: the floor', [g(0, 10)], 0, lotteryPollFloorMs],
    ['shortest below the cap: that time', [g(50), g(12)], 0, 12_000],
    ['one second left', [g(1)], 0, 1_000],
    ['exactly the cap', [g(30)], 0, 30_000],
    ['above the cap: 30 s', [g(31), g(3600)], 0, lotteryPollCapMs],
    ['minus half the round trip', [g(20)], 400, 19_800],
    ['minus the shortest game’s lock time', [g(25, 5), g(40, 900)], 0, 20_000],
    ['cap first, then both corrections', [g(90, 5)], 1_000, 30_000 - 500 - 5_000],
    ['corrections past zero: the floor', [g(4, 5)], 200, lotteryPollFloorMs],
    ['a negative round trip is ignored', [g(10)], -400, 10_000],
  ])('%s', (_name, games, rtt, expected) => {
    expect(pollDelayMs(games, rtt)).toBe(expected)
  })
})
