import { describe, expect, it } from 'vitest'
import { fallbackLanguage } from '../../sdk/contract/all.ts'
import { insertFastLottery } from '../lottery/fixtures.ts'
import { startSandbox } from '../testing.ts'
import { catalogueOf, forgetCatalogue, nameLanguage } from './catalogue.ts'

describe('game name language', () => {
  it("follows the contract's fallback rule: Chinese and Vietnamese read English names, Spanish its own", () => {
    expect(['en', 'es', 'cn', 'vi'].map(nameLanguage)).toEqual(['en', 'es', 'en', 'en'])
    expect(nameLanguage('xx')).toBe('en')
    expect(nameLanguage(undefined)).toBe('en')
  })

  it('is the rule, not a copy of it: a language falling back to Spanish reads Spanish names', () => {
    const table = fallbackLanguage as Record<string, string | null>
    const before = table.vi
    table.vi = 'es'
    try {
      expect(nameLanguage('vi')).toBe('es')
    } finally {
      table.vi = before
    }
  })
})

describe('the catalogue of template copies', () => {
  it('is loaded once for every copy of the template, and a copy that changes its games and forgets it loads its own', async () => {
    const [a, b] = await Promise.all([startSandbox(), startSandbox()])
    try {
      const [first, second] = await Promise.all([catalogueOf(a.db), catalogueOf(b.db)])
      // Copies of the run's PostgreSQL template share; PGlite copies (no shared cluster) load their own.
      if (a.copyName && b.copyName) expect(second).toBe(first)
      expect(second.games.length).toBe(first.games.length)
      expect(first.games.length).toBeGreaterThan(1000)
      await insertFastLottery(b.db)
      forgetCatalogue(b.db)
      const own = await catalogueOf(b.db)
      expect(own).not.toBe(first)
      expect(own.byId.get('LOT-T_FAST')?.name.en).toBe('Test fast')
      expect(first.byId.has('LOT-T_FAST')).toBe(false)
      expect(await catalogueOf(a.db)).toBe(first)
      // A copy started afterwards still shares the template's, not the changed copy's.
      const c = await startSandbox()
      try {
        const third = await catalogueOf(c.db)
        expect(third.byId.has('LOT-T_FAST')).toBe(false)
        if (c.copyName) expect(third).toBe(first)
      } finally {
        await c.close()
      }
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })
})
