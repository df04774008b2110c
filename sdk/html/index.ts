/**
 * Sanitiser for server HTML (notices, promotion bodies, help entries): an allowlist of tags and
 * attributes; scripts, styles, event handlers and `javascript:`/`data:` URLs (except raster images in
 * `img`) are dropped. The input is read by a small portable parser; in a browser its clean result is
 * read again by an inert `<template>`, so the tree is the one the browser will build. Either way the
 * result is re-serialised from the cleaned tree, so nothing the allowlist does not name can reach
 * `innerHTML`.
 * @module
 */
import { allowedAttributes, allowedTags, droppedWithContent, isSafeUrl, urlAttributes, voidTags } from './policy.ts'
import { parseHtml } from './parse.ts'
import { toTrustedHtml } from './trusted.ts'
import type { HtmlElement, HtmlNode } from './tree.ts'

export { parseHtml, decodeEntities } from './parse.ts'
export { isSafeUrl } from './policy.ts'
export type { HtmlNode, HtmlElement, HtmlText } from './tree.ts'

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
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
      out += escapeText(node.text)
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

/** Converts a DOM subtree (from an inert template) to the parser-neutral tree. */
function fromDom(parent: ParentNode): HtmlNode[] {
  const nodes: HtmlNode[] = []
  parent.childNodes.forEach((child) => {
    if (child.nodeType === 3) nodes.push({ kind: 'text', text: child.textContent ?? '' })
    else if (child.nodeType === 1) {
      const element = child as Element
      const tag = element.localName.toLowerCase()
      const content = tag === 'template' ? (element as HTMLTemplateElement).content : element
      nodes.push({ kind: 'element', tag, attributes: Array.from(element.attributes, (a) => [a.name.toLowerCase(), a.value] as const), children: fromDom(content) })
    }
  })
  return nodes
}

/** Parses with the browser when there is one (exactly how it will be read), else portably. */
function parse(html: string): HtmlNode[] {
  if (typeof document !== 'undefined' && typeof document.createElement === 'function') {
    // Template content is inert: no script runs and no image loads while we read it. It is given the
    // portable parse's clean markup, not the raw input: the browser still checks a parsed handler or
    // style attribute against the page's Content-Security-Policy and reports a violation for each,
    // even in an inert template, so hostile markup never reaches a DOM parser at all.
    const template = document.createElement('template')
    template.innerHTML = toTrustedHtml(serialise(parseHtml(html)))
    return fromDom(template.content)
  }
  return parseHtml(html)
}

/**
 * Returns HTML safe to assign to `innerHTML`: only allowlisted tags and attributes, safe URLs,
 * links opening a new tab get `rel="noopener noreferrer"`.
 * @example sanitizeHtml('<p onclick="x()">Hi<script>x()</script></p>') // '<p>Hi</p>'
 */
export function sanitizeHtml(html: string): string {
  return serialise(parse(html))
}

/**
 * Sanitised HTML ({@link sanitizeHtml}) made a `TrustedHTML` through the one `lobbykit` Trusted Types
 * policy where the browser has Trusted Types, so it can go to an HTML sink on a page that requires
 * them. Every `dangerouslySetInnerHTML` takes its HTML from here.
 * @example <div dangerouslySetInnerHTML={{ __html: trustedHtml(body) }} />
 */
export function trustedHtml(html: string): TrustedHTML | string {
  return toTrustedHtml(sanitizeHtml(html))
}

/** The visible text of server HTML (for marquee titles, `aria-label`s). */
export function htmlToText(html: string): string {
  const collect = (nodes: readonly HtmlNode[]): string =>
    nodes.map((n) => (n.kind === 'text' ? n.text : droppedWithContent.has(n.tag) ? '' : collect(n.children))).join('')
  return collect(parse(html)).replace(/\s+/g, ' ').trim()
}
