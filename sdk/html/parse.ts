/**
 * A small, forgiving HTML fragment parser for places without a DOM (server rendering, unit tests).
 * It only has to be good enough that whatever it cannot read becomes text: the sanitiser re-serialises
 * the tree with everything escaped, so a parse that differs from a browser's can lose markup but can
 * never produce markup.
 * @module
 */
import type { HtmlElement, HtmlNode } from './tree.ts'
import { voidTags } from './policy.ts'

const named: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', colon: ':', tab: '\t', newline: '\n' }

/** Decodes character references (`&amp;`, `&#106;`, `&#x6A;`, with or without the `;`). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd'
    }
    return named[ref.toLowerCase()] ?? whole
  })
}

// Elements whose content is raw text up to their end tag.
const rawText = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext'])
const tagStart = /^<([a-z][a-z0-9-]*)/i
const attribute = /^[\s/]*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?/

/** Parses an HTML fragment into a tree (lower-case tags, decoded text and attribute values). */
export function parseHtml(html: string): HtmlNode[] {
  const root: HtmlElement = { kind: 'element', tag: '#root', attributes: [], children: [] }
  const stack: HtmlElement[] = [root]
  const top = () => stack[stack.length - 1]
  const text = (value: string) => {
    if (value) top().children.push({ kind: 'text', text: decodeEntities(value) })
  }
  let i = 0
  while (i < html.length) {
    const lt = html.indexOf('<', i)
    if (lt < 0) {
      text(html.slice(i))
      break
    }
    text(html.slice(i, lt))
    i = lt
    const rest = html.slice(i)
    if (rest.startsWith('<!--')) {
      const end = html.indexOf('-->', i + 4)
      i = end < 0 ? html.length : end + 3
      continue
    }
    if (/^<[!?]/.test(rest)) {
      const end = html.indexOf('>', i)
      i = end < 0 ? html.length : end + 1
      continue
    }
    const close = /^<\/([a-z][a-z0-9-]*)[^>]*>?/i.exec(rest)
    if (close) {
      const tag = close[1].toLowerCase()
      const at = stack.map((e) => e.tag).lastIndexOf(tag)
      if (at > 0) stack.length = at
      i += close[0].length
      continue
    }
    const open = tagStart.exec(rest)
    if (!open) {
      text('<')
      i += 1
      continue
    }
    const tag = open[1].toLowerCase()
    let j = i + open[0].length
    const attributes: Array<[string, string]> = []
    for (;;) {
      const m = attribute.exec(html.slice(j))
      if (!m || m[0].length === 0) break
      attributes.push([m[1].toLowerCase(), decodeEntities(m[2] ?? m[3] ?? m[4] ?? '')])
      j += m[0].length
    }
    const gt = html.indexOf('>', j)
    i = gt < 0 ? html.length : gt + 1
    const element: HtmlElement = { kind: 'element', tag, attributes, children: [] }
    top().children.push(element)
    if (rawText.has(tag)) {
      const end = html.toLowerCase().indexOf(`</${tag}`, i)
      const body = html.slice(i, end < 0 ? html.length : end)
      if (body) element.children.push({ kind: 'text', text: body })
      if (end < 0) break
      const endGt = html.indexOf('>', end)
      i = endGt < 0 ? html.length : endGt + 1
      continue
    }
    if (!voidTags.has(tag) && !html.slice(j, i).trimEnd().endsWith('/>')) stack.push(element)
  }
  return root.children
}
