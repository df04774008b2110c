/**
 * The text of an element's stylesheets (styles.ts adopts them; the server's first paint names the
 * same CSS, widgets/embed/server.tsx): no Lit here, so the server bundle can read it.
 * @module
 */
import uiCss from '../ui/ui.css?inline'
import siteCss from '../shell/page.css?inline'

// The host resets what a page's CSS could pour in by inheritance (`* { color: red }` matches the
// host itself). Inside a shadow root an !important declaration beats the page's, even its !important.
const host = `
:host{all:initial;display:block;box-sizing:border-box;background:var(--lk-bg,var(--lk-d-bg));color-scheme:light}
:host{color:var(--lk-text,var(--lk-d-text))!important;font-family:var(--lk-font,var(--lk-d-font))!important;font-size:16px!important;line-height:1.5!important;font-style:normal!important;font-weight:400!important;font-variant:normal!important;letter-spacing:normal!important;word-spacing:normal!important;text-transform:none!important;text-align:start!important;text-indent:0!important;text-shadow:none!important;white-space:normal!important;visibility:visible!important;cursor:auto!important}
:host([hidden]){display:none!important}
*,*::before,*::after{box-sizing:border-box}
`

// Quoted in the source, unquoted once minified.
const darkBlock = /:root\[data-theme=(['"]?)dark\1\]\s*\{([^}]*)\}/

/**
 * The site's theme rules for an element's `theme` attribute: the site's dark tokens (on
 * `<html data-theme="dark">`) apply to `theme="dark"`, and to `theme="auto"` when the system is dark.
 */
export function hostTheme(css: string): string {
  return css.replace(
    darkBlock,
    (_all, _quote, body: string) => `:host([theme='dark']){${body};color-scheme:dark}@media (prefers-color-scheme:dark){:host([theme='auto']){${body};color-scheme:dark}}`,
  )
}

/** The CSS texts of an element, in order: host reset, design tokens with themes, the site's, then the island's own. */
export function islandCss(...css: string[]): string[] {
  return [host, hostTheme(uiCss), siteCss, ...css]
}
