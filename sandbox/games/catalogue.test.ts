import { describe, expect, it } from 'vitest'
import { fallbackLanguage } from '../../sdk/contract/all.ts'
import { nameLanguage } from './catalogue.ts'

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
