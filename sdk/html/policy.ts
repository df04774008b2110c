/** What survives sanitising: the allowlist of tags and attributes and the URL rules. */

/** Tags kept (with their allowed children). */
export const allowedTags: ReadonlySet<string> = new Set([
  'a',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'dd',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
])

/** Tags dropped together with everything inside them (code, embedded documents, forms, foreign markup). */
export const droppedWithContent: ReadonlySet<string> = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'svg',
  'math',
  'title',
  'textarea',
  'select',
  'option',
  'xmp',
  'plaintext',
  'head',
  'meta',
  'link',
  'base',
  'form',
  'button',
  'input',
  'audio',
  'video',
  'source',
  'track',
  'canvas',
  'portal',
  'dialog',
])

/** Elements without content or end tag. */
export const voidTags: ReadonlySet<string> = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr'])

/** Attributes kept per tag (`*` applies to every kept tag). No `style`, no `class`, no `on*`. */
export const allowedAttributes: Readonly<Record<string, readonly string[]>> = {
  '*': ['title', 'lang', 'dir'],
  a: ['href', 'target'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
  ol: ['start'],
}

// Browsers ignore ASCII whitespace and control characters inside a scheme (`java\tscript:`).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
const invisible = /[\u0000-\u0020\u007f-\u009f]/g
const safeScheme = /^(https?:|mailto:|tel:)/i
const dataImage = /^data:image\/(png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]+$/i

/**
 * Whether `value` may be used as the URL attribute `name` of `tag`: http(s), mailto, tel and
 * relative URLs everywhere; `data:` only for raster images in `img src`; never `javascript:`.
 */
export function isSafeUrl(tag: string, name: string, value: string): boolean {
  const compact = value.replace(invisible, '')
  if (compact === '') return false
  if (tag === 'img' && name === 'src' && dataImage.test(compact)) return true
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)
  // Relative. A backslash among the first two characters (`\\host`, `/\\host`) is read by browsers as
  // `//host`, another site dressed as a path: never needed, so refused.
  if (!scheme) return !/^(\\|\/\\)/.test(compact)
  return safeScheme.test(compact)
}

/** Attributes whose value is a URL. */
export const urlAttributes: ReadonlySet<string> = new Set(['href', 'src'])
