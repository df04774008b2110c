import { useLayoutEffect, useRef } from 'react'

// One constructable sheet per stylesheet text, shared by every root that adopts it.
const sheets = new Map<string, CSSStyleSheet>()
// How many mounted AdoptedStyles use each sheet in each root, so the last to leave removes it.
const users = new WeakMap<Document | ShadowRoot, Map<CSSStyleSheet, number>>()

function sheetOf(css: string): CSSStyleSheet {
  let sheet = sheets.get(css)
  if (!sheet) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    sheets.set(css, sheet)
  }
  return sheet
}

/**
 * Applies stylesheets given as strings to the document or shadow root this renders in, as adopted
 * (constructable) stylesheets: a strict Content-Security-Policy (no `'unsafe-inline'`) blocks a
 * `<style>` element written by script, but not these. They stay while any user is mounted.
 * @example <AdoptedStyles css={[centreCss]} />
 */
export function AdoptedStyles({ css }: { css: readonly string[] }) {
  const anchor = useRef<HTMLSpanElement>(null)
  const key = css.join('\n/* ---- */\n')
  // Before paint: the content rendered beside it must not show unstyled for a frame.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `css` (its texts joined): a new array with the same texts must not remove and add the sheets again
  useLayoutEffect(() => {
    const root = anchor.current?.getRootNode()
    if (!(root instanceof Document || root instanceof ShadowRoot)) return
    const mine = css.map(sheetOf)
    const counts = users.get(root) ?? new Map<CSSStyleSheet, number>()
    users.set(root, counts)
    const added = mine.filter((s) => !root.adoptedStyleSheets.includes(s))
    for (const s of mine) counts.set(s, (counts.get(s) ?? 0) + 1)
    if (added.length) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...added]
    return () => {
      for (const s of mine) counts.set(s, (counts.get(s) ?? 1) - 1)
      const gone = mine.filter((s) => (counts.get(s) ?? 0) <= 0)
      if (gone.length) root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => !gone.includes(s))
    }
  }, [key])
  return <span ref={anchor} hidden />
}
