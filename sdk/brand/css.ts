import { brand, type Brand } from './index.ts'

/**
 * The brand's design tokens as CSS for the page's head: its colours on `:root` (both themes), the dark
 * theme's primary when the brand names one. Partners' embeds set their own tokens on the element instead.
 * @param b - the brand (this deployment's by default)
 * @example brandCss({ colours: { primary: '#0f7a4f', accent: '#f2b01e' } })
 * // ':root{--lk-primary:#0f7a4f;--lk-accent:#f2b01e}'
 */
export function brandCss(b: Pick<Brand, 'colours'> = brand): string {
  const { primary, accent, primaryDark } = b.colours
  const dark = primaryDark ? `:root[data-theme='dark']{--lk-primary:${primaryDark}}` : ''
  return `:root{--lk-primary:${primary};--lk-accent:${accent}}${dark}`
}
