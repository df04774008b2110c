/**
 * The islands' CSS for a shadow root, as adopted stylesheets (constructable `CSSStyleSheet`s): no
 * `<style>` element is written, so a page whose CSP has no `'unsafe-inline'` shows them, and no rule
 * leaks in or out of the shadow root.
 * @module
 */
import { unsafeCSS, type CSSResult } from '@lit/reactive-element'
import { islandCss } from './style-text.ts'

/** The stylesheets of an element: host reset, design tokens with themes, then the island's own CSS. */
export function islandStyles(...css: string[]): CSSResult[] {
  return islandCss(...css).map((text) => unsafeCSS(text))
}

export { hostTheme } from './style-text.ts'
