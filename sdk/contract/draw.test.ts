import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { commitmentOf, drawDigits, verifyDraw } from './draw.ts'

describe('provably fair draw rule', () => {
  it('commits to the SHA-256 of the seed', async () => {
    expect(await commitmentOf('seed-1')).toBe(createHash('sha256').update('seed-1').digest('hex'))
  })

  it('derives the same digits from the same seed, different digits from another seed', async () => {
    const a = await drawDigits('seed-1', 6)
    expect(a).toMatch(/^\d{6}$/)
    expect(await drawDigits('seed-1', 6)).toBe(a)
    expect(await drawDigits('seed-1', 3)).toBe(a.slice(0, 3))
    expect(await drawDigits('seed-2', 6)).not.toBe(a)
  })

  it('draws more digits than one hash holds', async () => {
    expect(await drawDigits('s', 40)).toMatch(/^\d{40}$/)
  })

  it('verifies a true draw and catches a forged seed or number', async () => {
    const seed = 'f00d'
    const commitment = await commitmentOf(seed)
    const winningNumber = await drawDigits(seed, 5)
    expect(await verifyDraw({ seed, commitment, winningNumber })).toEqual({ commitmentMatches: true, numberMatches: true, expected: winningNumber })
    expect((await verifyDraw({ seed: 'f00e', commitment, winningNumber })).commitmentMatches).toBe(false)
    const other = winningNumber.replace(/^./, (d) => String((Number(d) + 1) % 10))
    expect((await verifyDraw({ seed, commitment, winningNumber: other })).numberMatches).toBe(false)
  })
})
