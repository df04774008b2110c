/**
 * Sanitiser for server HTML (notices, promotion bodies, help entries): an allowlist of tags and
 * attributes (`./policy.ts`); scripts, styles, event handlers and `javascript:`/`data:` URLs (except
 * raster images in `img`) are dropped. In the browser that is DOMPurify (`./purify.ts`), loaded on
 * demand: {@link $htmlSanitiser} loads it for the islands that show such HTML. Outside a browser
 * (server rendering, unit tests) a small portable parser reads the HTML and the cleaned tree is
 * re-serialised; in the browser that portable pass runs first too, so that no hostile attribute ever
 * reaches the browser's parser (see {@link trustedHtml}). Every result reaches a sink through the one
 * `lobbykit` Trusted Types policy.
 * @module
 */
import { atom, onMount } from 'nanostores'
import { allowedAttributes, allowedTags, droppedWithContent, isSafeUrl, urlAttributes, voidTags } from './policy.ts'
import { parseHtml } from './parse.ts'
import { toTrustedHtml } from './trusted.ts'
import type { HtmlElement, HtmlNode } from './tree.ts'

export { parseHtml, decodeEntities } from './parse.ts'
export { isSafeUrl } from './policy.ts'
export type { HtmlNode, HtmlElement, HtmlText } from './tree.ts'

type Purify = typeof import('./purify.ts').purifyHtml

const inBrowser = (): boolean => typeof window !== 'undefined' && typeof document !== 'undefined'

/**
 * The browser's sanitiser once it has loaded (`null` before, and always outside a browser). Listening
 * loads it; a component that shows server HTML listens, so it renders again when it arrives.
 */
export const $htmlSanitiser = atom<Purify | null>(null)

let loading: Promise<void> | undefined
onMount($htmlSanitiser, () => {
  if (!inBrowser() || $htmlSanitiser.get()) return
  loading ??= import('./purify.ts').then(
    (module) => $htmlSanitiser.set(module.purifyHtml),
    () => {
      // A chunk that failed to load (offline, a deploy in between) is tried again by the next listener.
      loading = undefined
    },
  )
})

/**
 * Loads the browser's sanitiser (resolves at once outside a browser).
 * @example await loadHtmlSanitiser(); el.innerHTML = trustedHtml(html)
 */
export async function loadHtmlSanitiser(): Promise<void> {
  if (!inBrowser()) return
  const stop = $htmlSanitiser.listen(() => undefined)
  try {
    await loading
  } finally {
    stop()
  }
}

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
// A named character reference the portable parser does not know (`&eacute;`) is written back as a
// reference for the browser to decode. In text a reference can only ever become text, never markup.
const textOut = (text: string): string => escapeText(text).replace(/&amp;([a-z][a-z0-9]{1,31};)/gi, '&$1')
const escapeAttribute = (text: string): string => escapeText(text).replace(/"/g, '&quot;').replace(/'/g, '&#39;')

function keptAttributes(element: HtmlElement): Array<[string, string]> {
  const allowed = [...(allowedAttributes['*'] ?? []), ...(allowedAttributes[element.tag] ?? [])]
  const out: Array<[string, string]> = []
  for (const [name, value] of element.attributes) {
    if (!allowed.includes(name) || out.some(([n]) => n === name)) continue
    if (urlAttributes.has(name) && !isSafeUrl(element.tag, name, value)) continue
    if (name === 'target' && value !== '_blank') continue
    out.push([name, value])
  }
  // A new tab must not get a handle on this page.
  if (element.tag === 'a' && out.some(([n]) => n === 'target')) out.push(['rel', 'noopener noreferrer'])
  return out
}

function serialise(nodes: readonly HtmlNode[]): string {
  let out = ''
  for (const node of nodes) {
    if (node.kind === 'text') {
      out += textOut(node.text)
      continue
    }
    if (droppedWithContent.has(node.tag)) continue
    if (!allowedTags.has(node.tag)) {
      // Unknown wrappers (font, center, article…) are unwrapped so their text stays readable.
      out += serialise(node.children)
      continue
    }
    const attributes = keptAttributes(node)
      .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
      .join('')
    out += voidTags.has(node.tag) ? `<${node.tag}${attributes}>` : `<${node.tag}${attributes}>${serialise(node.children)}</${node.tag}>`
  }
  return out
}

/**
 * Returns HTML safe to assign to `innerHTML` by the portable sanitiser (the one that runs without a
 * DOM): only allowlisted tags and attributes, safe URLs, links opening a new tab get
 * `rel="noopener noreferrer"`.
 * @example sanitizeHtml('<p onclick="x()">Hi<script>x()</script></p>') // '<p>Hi</p>'
 */
export function sanitizeHtml(html: string): string {
  return serialise(parseHtml(html))
}

/**
 * Server HTML sanitised and made a `TrustedHTML` through the one `lobbykit` Trusted Types policy where
 * the browser has Trusted Types, so it can go to an HTML sink on a page that requires them. In the
 * browser that is DOMPurify, and `null` until it has loaded (listen to {@link $htmlSanitiser});
 * outside a browser it is {@link sanitizeHtml}. Every `dangerouslySetInnerHTML` takes its HTML from here.
 * @example <div dangerouslySetInnerHTML={{ __html: trustedHtml(body) ?? '' }} />
 */
export function trustedHtml(html: string): TrustedHTML | string | null {
  if (!inBrowser()) return toTrustedHtml(sanitizeHtml(html))
  // DOMPurify parses with the browser, and the browser checks every handler and style attribute it
  // parses against the page's Content-Security-Policy, reporting a violation for each even in an inert
  // document. So hostile markup first loses them in the portable pass; DOMPurify has the last word.
  return $htmlSanitiser.get()?.(sanitizeHtml(html)) ?? null
}

/** The visible text of server HTML (for marquee titles, `aria-label`s). */
export function htmlToText(html: string): string {
  const collect = (nodes: readonly HtmlNode[]): string => nodes.map((n) => (n.kind === 'text' ? n.text : droppedWithContent.has(n.tag) ? '' : collect(n.children))).join('')
  return collect(parseHtml(html)).replace(/\s+/g, ' ').trim()
}
