import { randomInt } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { choicesOf, drawRound, payoutOf, slotSymbols, type GameKind, type RandomInt } from './engine.ts'

/** Enumerates every sequence of random draws a round can consume, weighting each by its probability. */
function expectedReturn(kind: GameKind, choice: string): number {
  let total = 0
  const walk = (prefix: number[], weight: number): void => {
    let i = 0
    const seen: number[] = []
    let branched: { at: number; max: number } | null = null
    const rnd: RandomInt = (max) => {
      if (i < prefix.length) return prefix[i++]
      branched = { at: i, max }
      throw new Error('branch')
    }
    try {
      const d = drawRound(kind, choice, rnd)
      total += weight * d.multiplier100
      return
    } catch (e) {
      if (!branched) throw e
    }
    const b = branched as { at: number; max: number }
    // Only the first draw decides the payout; later draws only pick what to show, so stop there.
    if (b.at >= 1) {
      const d = drawRound(kind, choice, (max) => (seen.length < prefix.length ? prefix[seen.push(0) - 1] : Math.floor(max / 2)))
      total += weight * d.multiplier100
      return
    }
    for (let v = 0; v < b.max; v++) walk([...prefix, v], weight / b.max)
  }
  walk([], 1)
  return total / 100
}

describe('demo game engine', () => {
  it.each([
    ['slot', ''],
    ['table', 'player'],
    ['table', 'banker'],
    ['table', 'tie'],
    ['match', 'home'],
    ['match', 'draw'],
    ['match', 'away'],
    ['cockfight', 'meron'],
    ['cockfight', 'wala'],
    ['cockfight', 'draw'],
    ['lottery', '7'],
  ] as const)('%s on %s returns 96%% of stakes', (kind, choice) => {
    expect(expectedReturn(kind, choice)).toBeCloseTo(0.96, 2)
  })

  it('shows outcomes consistent with the payout', () => {
    for (let n = 0; n < 2000; n++) {
      const slot = drawRound('slot', '', randomInt)
      if (slot.outcome.kind !== 'slot') throw new Error('kind')
      const distinct = new Set(slot.outcome.reels).size
      expect(slot.outcome.reels.every((s) => (slotSymbols as readonly string[]).includes(s))).toBe(true)
      expect(distinct === 3 ? 0 : distinct === 2 ? 200 : slot.multiplier100 >= 500 ? slot.multiplier100 : -1).toBe(slot.multiplier100)
      const table = drawRound('table', 'banker', randomInt)
      if (table.outcome.kind !== 'table') throw new Error('kind')
      const { player, banker, result } = table.outcome
      expect(result).toBe(player > banker ? 'player' : banker > player ? 'banker' : 'tie')
      expect(table.multiplier100).toBe(result === 'banker' ? 200 : 0)
      const match = drawRound('match', 'away', randomInt)
      if (match.outcome.kind !== 'match') throw new Error('kind')
      expect(match.outcome.result).toBe(match.outcome.home > match.outcome.away ? 'home' : match.outcome.home < match.outcome.away ? 'away' : 'draw')
    }
  })

  it('pays whole minor units, rounded down', () => {
    expect(payoutOf(101, 213)).toBe(215)
    expect(payoutOf(1, 960)).toBe(9)
    expect(payoutOf(500, 0)).toBe(0)
  })

  it('lists a choice set per kind', () => {
    expect(choicesOf.lottery).toHaveLength(10)
    expect(choicesOf.cockfight).toContain('meron')
  })
})
