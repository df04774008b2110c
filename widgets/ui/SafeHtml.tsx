import { useMemo } from 'react'
import { $htmlSanitiser, trustedHtml } from '../../sdk/html/index.ts'
import { useClientStore } from './hydration.ts'

/** Props of {@link SafeHtml}. */
export interface SafeHtmlProps {
  /** HTML from the platform, unsanitised. */
  html: string
  className?: string
}

/**
 * Shows HTML from the platform (notices, promotions, dialogs) after the sanitiser: no script, handler
 * or `javascript:` URL reaches the DOM, and the markup goes in through the `lobbykit` Trusted Types
 * policy. The browser's sanitiser loads with the first such block; until then the block is empty and busy.
 * @example <SafeHtml html={notice.content} />
 */
export function SafeHtml({ html, className = 'lk-html' }: SafeHtmlProps) {
  const sanitiser = useClientStore($htmlSanitiser, null)
  // `sanitiser` is a dependency: the clean HTML is made again once the browser's sanitiser arrives.
  // biome-ignore lint/correctness/useExhaustiveDependencies: trustedHtml reads the sanitiser store itself
  const clean = useMemo(() => trustedHtml(html), [html, sanitiser])
  if (clean === null) return <div className={className} aria-busy="true" />
  // React takes a TrustedHTML as it is and hands it to innerHTML, so a page requiring Trusted Types accepts it.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the one sink of platform HTML, sanitised by DOMPurify through the `lobbykit` Trusted Types policy
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean as string }} />
}
