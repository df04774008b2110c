import { brand, type Brand } from './index.ts'
import { brandLook, type BrandLook } from './look.ts'

/**
 * The brand's design tokens as CSS for the page's head: its colours (the dark theme's primary when the
 * brand names one) and its font before the system fonts of the page's language. The selectors outrank
 * ui.css's token blocks (`html:root` over `:root`), which the page's head places after this; a
 * partner's embed sets its own tokens on the element instead.
 * @param b - the brand's colours and font (this deployment's by default)
 * @example brandCss({ colours: { primary: '#0f7a4f', accent: '#f2b01e' } })
 * // 'html:root{--lk-primary:#0f7a4f;--lk-accent:#f2b01e}'
 */
export function brandCss(b: Pick<Brand, 'colours'> & Pick<BrandLook, 'font'> = { colours: brand.colours, font: brandLook.font }): string {
  const { primary, accent, primaryDark } = b.colours
  const font = b.font ? `;${brandFontToken(b.font)}` : ''
  const dark = primaryDark ? `html:root[data-theme='dark']{--lk-primary:${primaryDark}}` : ''
  return `html:root{--lk-primary:${primary};--lk-accent:${accent}${font}}${dark}`
}

/**
 * The `--lk-font` declaration of a brand font: the font first, then the system fonts of the page's
 * language (`--lk-font-system`), so Chinese and Vietnamese text still finds its glyphs.
 * @param font - a CSS `font-family` list
 */
export const brandFontToken = (font: string): string => `--lk-font:${font.replace(/[;{}<]/g, '')},var(--lk-font-system)`
