/**
 * The browser's sanitiser: DOMPurify with the allowlist of `./policy.ts`, reading and writing through
 * the `lobbykit` Trusted Types policy. Loaded on demand (`import('./purify.ts')`) by the first island
 * that shows platform HTML, so pages without any keep DOMPurify out of their first load.
 * @module
 */
import DOMPurify, { type Config } from 'dompurify'
import { allowedAttributes, allowedTags, droppedWithContent, isSafeUrl, urlAttributes } from './policy.ts'
import { htmlPolicy } from './trusted.ts'

// Our own instance: the hooks below must not reach another DOMPurify copy on the host page.
const purify = DOMPurify(window)
// DOMPurify types the whole policy interface; it calls only the two methods `HtmlPolicy` has.
type TrustedTypesPolicy = NonNullable<Config['TRUSTED_TYPES_POLICY']>

const everyAttribute = [...new Set(Object.values(allowedAttributes).flat())]

purify.addHook('uponSanitizeAttribute', (node, data) => {
  const tag = node.localName
  const name = data.attrName
  const kept = allowedAttributes['*']?.includes(name) || allowedAttributes[tag]?.includes(name)
  if (!kept || (urlAttributes.has(name) && !isSafeUrl(tag, name, data.attrValue)) || (name === 'target' && data.attrValue !== '_blank')) {
    data.keepAttr = false
  }
})
purify.addHook('afterSanitizeAttributes', (node) => {
  // A new tab must not get a handle on this page.
  if (node.localName === 'a' && node.hasAttribute('target')) node.setAttribute('rel', 'noopener noreferrer')
})

/**
 * Sanitises platform HTML in the browser: only allowlisted tags and attributes, safe URLs, new-tab
 * links with `rel="noopener noreferrer"`, unknown wrappers unwrapped, dropped elements gone with
 * their content; character references decoded by the browser's own parser. Returns a `TrustedHTML`
 * from the `lobbykit` policy where the browser has Trusted Types.
 */
export function purifyHtml(html: string): TrustedHTML | string {
  const policy = htmlPolicy()
  return purify.sanitize(html, {
    ALLOWED_TAGS: [...allowedTags],
    ALLOWED_ATTR: everyAttribute,
    FORBID_CONTENTS: [...droppedWithContent],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // Only our policy: on a page that allows `trusted-types lobbykit`, DOMPurify's own would be refused.
    ...(policy ? { TRUSTED_TYPES_POLICY: policy as unknown as TrustedTypesPolicy, RETURN_TRUSTED_TYPE: true } : { TRUSTED_TYPES_POLICY: null }),
  }) as TrustedHTML | string
}
