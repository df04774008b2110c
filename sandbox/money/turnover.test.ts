import { describe, expect, it } from 'vitest'
import { allocateTurnover } from './turnover.ts'

describe('turnover shared out between requirements', () => {
  it('fills the oldest open requirement first and carries over only the part it does not need', () => {
    expect(
      allocateTurnover([
        { required: 500, staked: 0 },
        { required: 50, staked: 520 },
      ]),
    ).toEqual([500, 20])
    expect(
      allocateTurnover([
        { required: 100, staked: 60 },
        { required: 100, staked: 100 },
      ]),
    ).toEqual([100, 60])
  })

  it('never gives a requirement the stakes placed before it began', () => {
    expect(
      allocateTurnover([
        { required: 100, staked: 300 },
        { required: 100, staked: 0 },
      ]),
    ).toEqual([100, 0])
  })

  it('counts each stake once: the sum met is at most what was staked', () => {
    const met = allocateTurnover([
      { required: 50_00, staked: 10_00 },
      { required: 5_00, staked: 40_00 },
    ])
    expect(met).toEqual([50_00, 0])
    expect(met.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(50_00)
  })
})
