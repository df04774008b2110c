/**
 * Design tokens a partner's page can set anywhere (`:root`, a wrapper, the element): the embed's
 * stylesheets declare their defaults under other names (`--lk-d-primary`) and read each token as
 * `var(--lk-primary, var(--lk-d-primary))`, so a value inherited from the partner's page wins over
 * the default instead of being hidden by the element's own declaration of the same property.
 * @module
 */

/** Whether the selector list names `:root` (the site's token blocks: `:root, :host`, `:root[data-theme=dark]`). */
const tokenBlock = /(^|[{};])([^{};]*:root[^{};]*)\{([^{}]*)\}/g
const tokenUse = /var\(\s*--lk-([\w-]+)\s*([,)])/g

/** Index of the `)` that closes the parenthesis opened just before `from` in `css`. */
function closing(css: string, from: number): number {
  let depth = 1
  for (let i = from; i < css.length; i++) {
    if (css[i] === '(') depth++
    else if (css[i] === ')' && --depth === 0) return i
  }
  return -1
}

/**
 * `css` with the `--lk-*` tokens declared in `:root` blocks renamed to their defaults (`--lk-d-*`),
 * and every use of those tokens reading the partner's value first, then the default (then the use's
 * own fallback, when it had one). `known`: the names of tokens declared in another stylesheet
 * (without the `--lk-` prefix), whose uses here read their defaults too. Other custom properties are left alone.
 * @example partnerTokens(':root,:host{--lk-radius:8px}a{border-radius:var(--lk-radius)}')
 * // ':root,:host{--lk-d-radius:8px}a{border-radius:var(--lk-radius,var(--lk-d-radius))}'
 */
export function partnerTokens(css: string, known: Iterable<string> = []): string {
  // The design tokens of another stylesheet (ui.css's) count too: a component's stylesheet uses them
  // without declaring them, and each use must read the default the tokens' sheet declares.
  const names = new Set<string>(known)
  const renamed = css.replace(
    tokenBlock,
    (_all, before: string, selector: string, body: string) =>
      `${before}${selector}{${body.replace(/--lk-([\w-]+)(\s*:)/g, (_d, name: string, colon: string) => {
        names.add(name)
        return `--lk-d-${name}${colon}`
      })}}`,
  )
  // Edits by position, applied from the end so earlier positions stay valid.
  const edits: { at: number; length: number; text: string }[] = []
  for (const m of renamed.matchAll(tokenUse)) {
    const [all, name, end] = m
    if (!names.has(name)) continue
    const at = m.index
    if (end === ')') edits.push({ at, length: all.length, text: `var(--lk-${name},var(--lk-d-${name}))` })
    else {
      const close = closing(renamed, at + all.length)
      if (close < 0) continue
      edits.push({ at, length: all.length, text: `var(--lk-${name},var(--lk-d-${name},` }, { at: close, length: 0, text: ')' })
    }
  }
  let out = renamed
  for (const edit of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, edit.at) + edit.text + out.slice(edit.at + edit.length)
  return out
}

/** The names (without `--lk-`) of the tokens the `:root` blocks of `css` declare. */
export function declaredTokens(css: string): Set<string> {
  const names = new Set<string>()
  for (const [, , , body] of css.matchAll(tokenBlock)) for (const [, name] of body.matchAll(/--lk-([\w-]+)\s*:/g)) names.add(name)
  return names
}
