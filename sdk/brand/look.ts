/**
 * How the brand looks beyond its colours: the theme a visitor sees first and the brand font. Its own
 * module, so only the code that reads it (the theme store, the head script, the build) carries it.
 * @module
 */

/** The two shipped themes: light, and the premium dark (navy surfaces, gold accents). */
export type BrandTheme = 'light' | 'dark'

/** How the brand looks beyond its colours. */
export interface BrandLook {
  /**
   * The theme a visitor sees until they pick one with the header's switch (their pick is kept):
   * `light`, or the premium `dark`.
   */
  theme: BrandTheme
  /**
   * The brand's font, as a CSS `font-family` list (`"Montserrat", "Segoe UI"`): placed before the
   * system fonts of the page's language, which cover what it lacks. Nothing is downloaded: a web
   * font is the operator's own `@font-face` (docs/theming.md). Absent, the system fonts show.
   */
  font?: string
}

/** The look of this deployment: its default theme and font. */
export const brandLook: BrandLook = {
  theme: 'light',
}
