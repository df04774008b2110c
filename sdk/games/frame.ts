/** The message a demo game posts to its parent after each settled round. */
export interface RoundMessage {
  type: 'lk:round'
  /** Balance after the round in minor units, when the game knows it. */
  balance?: number
}

/**
 * Whether a `message` event is a round report from `origin` (the framed game's, exactly) shaped
 * `{ type: 'lk:round' }`. Which window sent it is the caller's to check.
 */
export function isRoundMessage(event: Pick<MessageEvent, 'origin' | 'data'>, origin: string): event is { origin: string; data: RoundMessage } {
  if (event.origin !== origin) return false
  const data = event.data as { type?: unknown } | null
  return typeof data === 'object' && data !== null && data.type === 'lk:round'
}

/**
 * An address that is a web page (http or https): a `javascript:` or `data:` address framed here would
 * run in this page's origin. Relative addresses resolve against `origin`.
 * @returns the absolute address, or `undefined` when refused
 */
export function webPageUrl(raw: string | null | undefined, origin: string): URL | undefined {
  if (!raw) return undefined
  try {
    const url = new URL(raw, origin)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined
  } catch {
    return undefined
  }
}

/** Whether `url` lies under the CDN base `base` (an origin, or an origin and a path; root-relative bases are on `origin`). */
function underBase(url: URL, base: string, origin: string): boolean {
  const root = webPageUrl(base.replace(/\/*$/, '/'), origin)
  // The URL parser has already resolved `..` and `%2e%2e`, so a prefix test cannot be walked out of.
  return root !== undefined && url.origin === root.origin && url.pathname.startsWith(root.pathname)
}

/**
 * The game address of `/game?url=…` if this page may frame it: a web page on this site's origin or
 * under one of `cdns` (the launch CDNs of the system status). Anything else — another site, a
 * `javascript:` or `data:` address — is refused: the address comes from the query string, which
 * anyone can write.
 * @param origin - the page's origin; relative addresses resolve against it
 * @param cdns - launch CDN bases (`https://cdn.example/games`, or root-relative `/sandbox/cdn1`)
 * @returns the absolute address, or `undefined` when refused
 * @example safeGameUrl('/sandbox/cdn1/play/abc', location.origin, ['/sandbox/cdn1']) // → 'https://site/sandbox/cdn1/play/abc'
 */
export function safeGameUrl(raw: string | null | undefined, origin: string, cdns: readonly string[] = []): string | undefined {
  const url = webPageUrl(raw, origin)
  if (!url) return undefined
  if (url.origin === new URL(origin).origin || cdns.some((base) => underBase(url, base, origin))) return url.href
  return undefined
}
