import { describe, expect, it } from 'vitest'
import { brandCss } from './css.ts'

describe('brandCss', () => {
  it("sets the brand's colours for both themes, and the dark theme's primary only when the brand names one", () => {
    expect(brandCss({ colours: { primary: '#0f7a4f', accent: '#f2b01e' } })).toBe(':root{--lk-primary:#0f7a4f;--lk-accent:#f2b01e}')
    expect(brandCss({ colours: { primary: '#0f7a4f', accent: '#f2b01e', primaryDark: '#2fbf83' } })).toBe(
      ":root{--lk-primary:#0f7a4f;--lk-accent:#f2b01e}:root[data-theme='dark']{--lk-primary:#2fbf83}",
    )
  })
})
