import { describe, expect, it } from 'vitest'
import { gameTypes } from '../../sdk/contract/all.ts'
import { buildCatalogue, minBetsMinor } from './catalogue.ts'
import { bannerDefs, noticeDefs } from './notices.ts'

describe('seed catalogue', () => {
  const { vendors, games } = buildCatalogue()

  it('builds 10,000+ games across 40+ vendors in every category, deterministically', () => {
    expect(games.length).toBeGreaterThanOrEqual(10_000)
    expect(vendors.length).toBeGreaterThanOrEqual(40)
    expect(new Set(games.map((g) => g.gameType))).toEqual(new Set(gameTypes))
    expect(new Set(games.map((g) => g.nodeId)).size).toBe(games.length)
    expect(buildCatalogue().games.slice(0, 50)).toEqual(games.slice(0, 50))
    for (const code of ['PG', 'JILI', 'PP', 'EVO', 'SBO', 'SABA', 'FB', 'TF', 'IA', 'DS88', 'SV3', 'TCG_LOTTO_VN', 'TCG_SEA', 'ELOTT', 'LOTT']) {
      expect(vendors.map((v) => v.code)).toContain(code)
    }
  })

  it('gives every game EN and ES names, a known minimum bet and a classification', () => {
    expect(games.every((g) => g.en.length > 0 && g.es.length > 0)).toBe(true)
    expect(games.filter((g) => g.en !== g.es).length).toBeGreaterThan(games.length / 2)
    expect(games.every((g) => (minBetsMinor as readonly number[]).includes(g.minBet))).toBe(true)
    for (const c of ['SLOT', 'TABLE', 'ARCADE', 'FISHING', 'BINGO', 'CRASH']) expect(games.some((g) => g.gameClassify === c)).toBe(true)
    expect(games.some((g) => g.isGame === 'VASSALAGE')).toBe(true)
    expect(games.filter((g) => g.maintenance).length).toBeGreaterThan(0)
  })

  it('has banners for every route group (one for help) and every notice type', () => {
    const groups = new Map<string, number>()
    for (const b of bannerDefs) groups.set(b.group, (groups.get(b.group) ?? 0) + 1)
    expect(groups.size).toBe(15)
    expect([...groups.values()].every((n) => n >= 1 && n <= 3)).toBe(true)
    expect(groups.get('w_help')).toBe(1)
    expect(new Set(noticeDefs.map((n) => n.type))).toEqual(new Set(['B', 'PL', 'PU', 'PR', 'H']))
  })
})
