import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { embedCss, purgeCss, remToPx } from './adopted-css.ts'

const css = `
:host, :root { --lk-bg: #fff; }
:root[data-theme="dark"] { --lk-bg: #000; }
button { font: inherit; }
.lk-grid { display: grid; }
.lk-header__bar { height: 64px; }
.lk-header__bar, .lk-grid > li { margin: 0; }
.lk-lazy--loaded img { opacity: 1; }
@media (max-width: 640px) { .lk-footer { display: none; } }
@media (max-width: 900px) { .lk-grid { gap: 8px; } }
@keyframes lk-spin { to { transform: rotate(360deg); } }
`

describe('adopted stylesheets of the embed', () => {
  const out = purgeCss(css, 'test.css', new Set(['lk-grid', 'lk-lazy--']))

  it('drops the rules whose classes no module mentions, and the media blocks left empty', () => {
    expect(out).not.toContain('lk-header__bar{')
    expect(out).not.toContain('lk-footer')
    expect(out).not.toContain('max-width:640px')
  })

  it('keeps rules of mentioned classes (also built from a mentioned prefix), elements, :host, :root and keyframes', () => {
    expect(out).toContain('.lk-grid{display:grid}')
    // One selector that may match keeps the whole list.
    expect(out).toContain('.lk-header__bar,.lk-grid>li{margin:0}')
    expect(out).toContain('.lk-lazy--loaded img{opacity:1}')
    expect(out).toContain('@media (max-width:900px){.lk-grid{gap:8px}}')
    expect(out).toContain('button{font:inherit}')
    expect(out).toMatch(/:root\[data-theme=dark\]\{/)
    expect(out).toContain('@keyframes lk-spin')
  })
})

describe('lengths and tokens a partner page cannot upset', () => {
  it('turns rem into pixels of a 16 px root, negative and fractional ones too, and nothing else', () => {
    expect(remToPx('a{margin:-0.5rem 1rem;gap:.25rem;font-size:1.125rem}.p-1rem{width:10px}')).toBe('a{margin:-8px 16px;gap:4px;font-size:18px}.p-1rem{width:10px}')
  })

  it('ships no rem and reads each token as the partner page sets it, else its default', () => {
    const out = embedCss(':root,:host{--lk-radius:8px}.lk-grid{gap:0.5rem;border-radius:var(--lk-radius)}', 'test.css', new Set(['lk-grid']))
    expect(out).not.toMatch(/\drem/)
    expect(out).toContain('--lk-d-radius:8px')
    expect(out).toContain('.lk-grid{border-radius:var(--lk-radius,var(--lk-d-radius));gap:8px}')
  })
})

describe('the design tokens in every embedded stylesheet', () => {
  const tokenNames = [...readFileSync('widgets/ui/ui.css', 'utf8').matchAll(/^\s*--lk-([\w-]+)\s*:/gm)].map((m) => m[1])

  it.each(['widgets/auth/auth.css', 'widgets/shell/page.css', 'widgets/lobby/lobby.css'])(
    '%s reads each token as the partner sets it, else the default ui.css declares',
    (file) => {
      const css = readFileSync(file, 'utf8')
      // Every class of the file counts as mentioned: only the tokens are looked at here.
      const out = embedCss(css, file, new Set(css.match(/[\w-]+/g)))
      // A use left bare (`var(--lk-primary)`) reads nothing in a frame or shadow root: the default is
      // declared as --lk-d-primary (the slider's handle had no colour, the frames' text no font).
      const bare = [...out.matchAll(/var\(--lk-([\w-]+)[,)]/g)].filter((m) => tokenNames.includes(m[1]) && !out.slice(m.index).startsWith(`var(--lk-${m[1]},var(--lk-d-${m[1]}`))
      expect(bare.map((m) => m[0])).toEqual([])
    },
  )
})

describe("the brand's font", () => {
  const ui = ':root,:host{--lk-font-system:system-ui;--lk-font:var(--lk-font-system)}a{font-family:var(--lk-font)}'

  it('goes into the design tokens of the embed, before the system fonts, and a partner page can still replace it', () => {
    const out = embedCss(ui, '/x/widgets/ui/ui.css', new Set(), '"Brand Sans"')
    expect(out).toContain('--lk-d-font:"Brand Sans",var(--lk-font-system,var(--lk-d-font-system))')
    expect(out).toContain('font-family:var(--lk-font,var(--lk-d-font))')
  })

  it('adds nothing when the brand has none, nor to other stylesheets', () => {
    expect(embedCss(ui, '/x/widgets/ui/ui.css', new Set(), undefined)).not.toContain('Brand')
    expect(embedCss('.a{color:red}', '/x/widgets/lobby/lobby.css', new Set(['a']), '"Brand Sans"')).not.toContain('Brand')
  })
})
