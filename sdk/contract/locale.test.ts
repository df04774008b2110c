import { describe, expect, it } from 'vitest'
import { languages } from './common.ts'
import { fallbackLanguage, localeChain, pickLocale } from './locale.ts'

describe('the language fallback rule', () => {
  it('fills CN, VI and ES from English, and English from nothing', () => {
    expect(localeChain('cn')).toEqual(['cn', 'en'])
    expect(localeChain('vi')).toEqual(['vi', 'en'])
    expect(localeChain('es')).toEqual(['es', 'en'])
    expect(localeChain('en')).toEqual(['en'])
  })

  it('ends every chain in English, the complete language', () => {
    for (const lang of languages) expect(localeChain(lang).at(-1)).toBe('en')
    expect(fallbackLanguage.en).toBeNull()
  })

  it('picks the own text, else the next in the chain; a blank text counts as missing', () => {
    const texts = { en: 'Maintenance', es: 'Mantenimiento', vi: '' }
    expect(pickLocale(texts, 'es')).toBe('Mantenimiento')
    expect(pickLocale(texts, 'cn')).toBe('Maintenance')
    expect(pickLocale(texts, 'vi')).toBe('Maintenance')
    expect(pickLocale({ es: 'Solo' }, 'vi')).toBeUndefined()
  })
})
