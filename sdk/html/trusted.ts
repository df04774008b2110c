/**
 * The one Trusted Types policy of Lobbykit, named `lobbykit`: every HTML string that reaches an HTML
 * sink (`innerHTML`, React's `dangerouslySetInnerHTML`) goes through it, so a host page that requires
 * Trusted Types (`require-trusted-types-for 'script'; trusted-types lobbykit`) sees no violation.
 * Only the sanitisers use it: DOMPurify (`./purify.ts`) parses and returns through it in the browser,
 * and the portable sanitiser wraps its result outside one. It makes no script URLs.
 * Where the browser has no Trusted Types (or outside a browser) the strings pass through as they are.
 * @module
 */

/** The part of a Trusted Types policy used here (DOMPurify checks both methods exist). */
export interface HtmlPolicy {
  createHTML(input: string): TrustedHTML
  createScriptURL(input: string): unknown
}

/** Where the policy is kept, shared by every copy of this module on a page (the loader twice, two channels). */
const slot = Symbol.for('lobbykit.trustedTypesPolicy')

type PolicyRules = { createHTML(input: string): string; createScriptURL(input: string): string }

/**
 * The page's `lobbykit` policy, created once per page; `null` without Trusted Types.
 * @internal for the sanitisers of sdk/html alone
 */
export function htmlPolicy(): HtmlPolicy | null {
  const g = globalThis as typeof globalThis & { [slot]?: HtmlPolicy | null; trustedTypes?: { createPolicy(name: string, rules: PolicyRules): HtmlPolicy } }
  if (g[slot] !== undefined) return g[slot]
  let created: HtmlPolicy | null = null
  try {
    created =
      g.trustedTypes?.createPolicy?.('lobbykit', {
        createHTML: (input) => input,
        // Platform HTML never needs a script URL (no script survives the allowlist): refuse any.
        createScriptURL: () => {
          throw new TypeError('the lobbykit policy makes no script URLs')
        },
      }) ?? null
  } catch {
    // The page does not allow this name: sinks then refuse plain strings, which is the page's choice.
    created = null
  }
  g[slot] = created
  return created
}

/**
 * Wraps HTML for a sink. Callers pass only sanitised HTML.
 * @internal used by the sanitiser (sdk/html) alone
 */
export const toTrustedHtml = (html: string): TrustedHTML | string => htmlPolicy()?.createHTML(html) ?? html
