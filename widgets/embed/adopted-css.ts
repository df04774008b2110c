/**
 * Build plugin of the embed (widgets/embed/vite.config.ts): the islands' stylesheets imported as
 * `?inline` strings (adopted into the elements' shadow roots) keep only the rules the embed can
 * match. The site's stylesheets also style its header, footer, menus and pages; a shadow root holds
 * one island, so a rule whose selector names a class that no module of the embed mentions can never
 * apply there. Such rules are dropped, the rest is minified as Vite would (same browser targets as `build.target` es2022).
 *
 * A class counts as mentioned when its name appears as a word in the source of any module bundled
 * (islands, sdk, libraries), or starts with a word that ends in `-` or `_` there (`lk-lazy--${status}`).
 * Kept on purpose: everything that is not a class (elements, ids, attributes, `:root`, `:host`),
 * at-rules other than their style rules, custom properties.
 * @module
 */
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { transform, type Selector } from 'lightningcss'
import type { Plugin } from 'vite'
import { brandLook } from '../../sdk/brand/look.ts'
import { brandFontToken } from '../../sdk/brand/css.ts'
import { declaredTokens, partnerTokens } from './tokens.ts'

/** es2022 as Vite converts it for lightningcss (chrome94 edge94 safari16.4 ios16.4 firefox93 opera80). */
const targets = { chrome: 94 << 16, edge: 94 << 16, safari: (16 << 16) | (4 << 8), ios_saf: (16 << 16) | (4 << 8), firefox: 93 << 16, opera: 80 << 16 }

const placeholder = (n: number) => `__lk_adopted_css_${n}__`
const placeholderRe = /(["'`])__lk_adopted_css_(\d+)__\1/g
const wordRe = /[A-Za-z_][\w-]*/g

/** Whether `selector` names only classes in `used` (or starting with one of `prefixes`). */
function mayMatch(selector: Selector, used: ReadonlySet<string>, prefixes: readonly string[]): boolean {
  for (const part of selector) {
    if (part.type === 'class' && !used.has(part.name) && !prefixes.some((p) => part.name.startsWith(p))) return false
    // `:is(.a, .b)`, `:not(...)`, `:has(...)`: left alone (kept) whatever they name.
  }
  return true
}

/**
 * `rem` lengths as pixels of the site's 16 px root: inside a shadow root `rem` is the partner page's
 * root font size (`html { font-size: 62.5% }` would shrink every text to 10 px).
 */
export const remToPx = (css: string): string => css.replace(/(^|[^\w.-])(-?\d*\.?\d+)rem\b/g, (_all, before: string, n: string) => `${before}${+(Number(n) * 16).toFixed(3)}px`)

/**
 * The `css` text with the rules that cannot match removed, minified, in lengths that do not follow
 * the partner's root font size and with design tokens a partner's page can set (see `partnerTokens`).
 */
export function embedCss(css: string, filename: string, used: ReadonlySet<string>, font = brandLook.font): string {
  // The brand's font goes in with the design tokens (ui.css), at build time: an element without one
  // carries no byte for it, and a partner's `--lk-font` still wins over it.
  const tokens = font && /[\\/]ui\.css$/.test(filename) ? `${css}\n:root,:host{${brandFontToken(font)}}` : css
  return partnerTokens(purgeCss(remToPx(tokens), filename, used), designTokens())
}

let tokens: Set<string> | undefined
/**
 * The design tokens ui.css declares, which every other stylesheet uses without declaring: read once.
 * Without them a use in auth.css (`var(--lk-primary)`) read a property ui.css no longer declares under
 * that name, so the slider's handle had no colour and the frames' text no font.
 */
const designTokens = (): Set<string> => (tokens ??= declaredTokens(readFileSync(new URL('../ui/ui.css', import.meta.url), 'utf8')))

/** The `css` text with the rules that cannot match removed, minified. */
export function purgeCss(css: string, filename: string, used: ReadonlySet<string>): string {
  const prefixes = [...used].filter((w) => /[-_]$/.test(w) && w.length > 3)
  const { code } = transform({
    filename,
    code: Buffer.from(css),
    minify: true,
    targets,
    visitor: {
      Rule: {
        style(rule) {
          // A rule goes when none of its selectors may match (one that may keeps the whole list:
          // lightningcss cannot write some selectors back once read, so rules are never edited).
          return rule.value.selectors.some((s) => mayMatch(s, used, prefixes)) ? undefined : []
        },
      },
    },
  })
  // Media and supports blocks whose rules all went (innermost first).
  let text = code.toString()
  for (let before = ''; before !== text; ) {
    before = text
    text = text.replace(/@(media|supports)[^{}]*\{\}/g, '')
  }
  return text
}

/** The plugin: `*.css?inline` imports become strings of the rules the bundle can use. */
export function adoptedCss(): Plugin {
  const files: string[] = []
  const used = new Set<string>()
  return {
    name: 'lobbykit:adopted-css',
    enforce: 'pre',
    resolveId(source, importer) {
      // The islands import their stylesheets by relative path.
      if (!importer || !/^\.{1,2}\/.*\.css\?inline$/.test(source)) return null
      const file = resolve(dirname(importer), source.replace(/\?inline$/, ''))
      let n = files.indexOf(file)
      if (n < 0) n = files.push(file) - 1
      return `\0lk-adopted-css:${n}`
    },
    load(id) {
      const m = /^\0lk-adopted-css:(\d+)$/.exec(id)
      if (!m) return null
      this.addWatchFile(files[Number(m[1])])
      return `export default ${JSON.stringify(placeholder(Number(m[1])))}`
    },
    transform(code, id) {
      // Every module's words, before any minifying renames them (CSS files are not modules here).
      if (!id.startsWith('\0lk-adopted-css:')) for (const [word] of code.matchAll(wordRe)) used.add(word)
      return null
    },
    renderChunk(code) {
      if (!placeholderRe.test(code)) return null
      placeholderRe.lastIndex = 0
      return code.replace(placeholderRe, (_all, _quote, n: string) => {
        const file = files[Number(n)]
        return JSON.stringify(embedCss(readFileSync(file, 'utf8'), file, used))
      })
    },
  }
}
