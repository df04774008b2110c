import { describe, expect, it } from 'vitest'
import { partnerTokens } from './tokens.ts'

describe('partnerTokens', () => {
  it('declares the defaults under other names and reads the partner value first', () => {
    expect(partnerTokens(':root,:host{--lk-radius:8px;--lk-primary:#0f7a4f}a{border-radius:var(--lk-radius);color:var(--lk-primary)}')).toBe(
      ':root,:host{--lk-d-radius:8px;--lk-d-primary:#0f7a4f}a{border-radius:var(--lk-radius,var(--lk-d-radius));color:var(--lk-primary,var(--lk-d-primary))}',
    )
  })

  it('keeps a use’s own fallback, nested tokens included, after the default', () => {
    expect(partnerTokens(':root{--lk-card:#fff;--lk-surface:#eee}b{background:var(--lk-card,var(--lk-surface))}')).toBe(
      ':root{--lk-d-card:#fff;--lk-d-surface:#eee}b{background:var(--lk-card,var(--lk-d-card,var(--lk-surface,var(--lk-d-surface))))}',
    )
  })

  it('renames the dark theme block too and leaves private properties alone', () => {
    const css = ':root[data-theme=dark]{--lk-bg:#000}.x{--lk-cols:3;grid-template-columns:repeat(var(--lk-cols),1fr);background:var(--lk-bg)}'
    expect(partnerTokens(css)).toBe(':root[data-theme=dark]{--lk-d-bg:#000}.x{--lk-cols:3;grid-template-columns:repeat(var(--lk-cols),1fr);background:var(--lk-bg,var(--lk-d-bg))}')
  })
})
