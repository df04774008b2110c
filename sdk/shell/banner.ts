import type { Banner } from '../contract/index.ts'
import { pageHref } from '../pages/index.ts'

/** Where a banner click leads: nowhere, a site path, or an external page in a new tab. */
export type BannerTarget = { kind: 'none' } | { kind: 'route'; href: string } | { kind: 'external'; href: string }

/** Banner autoplay interval (SPEC §9). */
export const bannerAutoplayMs = 5000

/**
 * Whether `link` is a path on this site: one slash, then not a second slash or a backslash (browsers
 * read `/\\evil.test` as `//evil.test`, another host), and no whitespace or control characters (which
 * browsers drop from URLs, so `/\t/evil.test` is `//evil.test` too).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: a link with control characters is refused, so the pattern names them
export const isSitePath = (link: string): boolean => /^\/(?![/\\])/.test(link) && !/[\u0000-\u0020\u007f-\u009f]/.test(link)

/**
 * The target of a banner's linkage (SPEC §2: clicking opens the linkage when linkageType is set):
 * `ROUTE` a site path, `PROMOTION` the promotion detail, `GAME` the slots lobby, which launches the
 * game by its id under the launch rules (`/rng?nodeId=…`), `URL` an http(s) page in a new tab. Anything else (or unsafe) is not clickable.
 */
export function bannerTarget(banner: Pick<Banner, 'linkageType' | 'linkage'>): BannerTarget {
  const link = banner.linkage.trim()
  if (!link) return { kind: 'none' }
  switch (banner.linkageType) {
    case 'ROUTE':
      return isSitePath(link) ? { kind: 'route', href: link } : { kind: 'none' }
    case 'PROMOTION':
      return { kind: 'route', href: pageHref.promoDetail(link) }
    case 'GAME':
      return { kind: 'route', href: pageHref.rng({ nodeId: link }) }
    case 'URL':
      return /^https?:\/\//i.test(link) ? { kind: 'external', href: link } : { kind: 'none' }
    default:
      return { kind: 'none' }
  }
}
