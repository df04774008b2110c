import { describe, expect, it } from 'vitest'
import { brandCss } from './css.ts'

describe('brandCss', () => {
  it("sets the brand's colours for both themes, and the dark theme's primary only when the brand names one", () => {
    expect(brandCss({ colours: { primary: '#0f7a4f', accent: '#f2b01e' } })).toBe('html:root{--lk-primary:#0f7a4f;--lk-accent:#f2b01e}')
    expect(brandCss({ colours: { primary: '#0f7a4f', accent: '#f2b01e', primaryDark: '#2fbf83' } })).toBe(
      "html:root{--lk-primary:#0f7a4f;--lk-accent:#f2b01e}html:root[data-theme='dark']{--lk-primary:#2fbf83}",
    )
  })

  it('puts the brand font before the system fonts of the page language, and nothing that could end the rule', () => {
    expect(brandCss({ colours: { primary: '#000', accent: '#fff' }, font: '"Montserrat", sans-serif' })).toBe(
      'html:root{--lk-primary:#000;--lk-accent:#fff;--lk-font:"Montserrat", sans-serif,var(--lk-font-system)}',
    )
    expect(brandCss({ colours: { primary: '#000', accent: '#fff' }, font: 'X;}</style>' })).toBe(
      'html:root{--lk-primary:#000;--lk-accent:#fff;--lk-font:X/style>,var(--lk-font-system)}',
    )
  })
})
