/**
 * The one Trusted Types policy of Lobbykit, named `lobbykit`: every HTML string that reaches an HTML
 * sink (`innerHTML`, React's `dangerouslySetInnerHTML`) goes through it, so a host page that requires
 * Trusted Types (`require-trusted-types-for 'script'; trusted-types lobbykit`) sees no violation.
 * Only this module holds the policy, and only two callers use it: the sanitiser's parse into an inert
 * `<template>` (nothing runs or loads there) and {@link trustedHtml}, which sanitises first.
 * Where the browser has no Trusted Types (or outside a browser) the strings pass through as they are.
 * @module
 */

/** The part of a Trusted Types policy used here. */
interface HtmlPolicy {
  createHTML(input: string): TrustedHTML
}

/** Where the policy is kept, shared by every copy of this module on a page (the loader twice, two channels). */
const slot = Symbol.for('lobbykit.trustedTypesPolicy')

/** The page's `lobbykit` policy, created once per page; `null` without Trusted Types. */
function policy(): HtmlPolicy | null {
  const g = globalThis as typeof globalThis & { [slot]?: HtmlPolicy | null; trustedTypes?: { createPolicy(name: string, rules: { createHTML(input: string): string }): HtmlPolicy } }
  if (g[slot] !== undefined) return g[slot]
  let created: HtmlPolicy | null = null
  try {
    created = g.trustedTypes?.createPolicy?.('lobbykit', { createHTML: (input) => input }) ?? null
  } catch {
    // The page does not allow this name: sinks then refuse plain strings, which is the page's choice.
    created = null
  }
  g[slot] = created
  return created
}

/**
 * Wraps HTML for a sink. Callers pass only sanitised HTML or parse into an inert template.
 * @internal used by the sanitiser (sdk/html) alone
 */
export const toTrustedHtml = (html: string): string => (policy()?.createHTML(html) as unknown as string | undefined) ?? html
