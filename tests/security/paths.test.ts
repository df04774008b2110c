import { describe, expect, it } from 'vitest'
import { isSafeUrl } from '../../sdk/html/policy.ts'
import { bannerTarget } from '../../sdk/shell/banner.ts'

// `/\evil.test` (and friends) is another host to a browser, not a path on this site.
const offSite = ['/\\evil.test', '\\\\evil.test', '/\\/evil.test', '/\t/evil.test', '/\n/evil.test', '//evil.test']

describe('site paths', () => {
  it('a ROUTE banner links only to paths on this site', () => {
    for (const linkage of offSite) expect([linkage, bannerTarget({ linkageType: 'ROUTE', linkage }).kind]).toEqual([linkage, 'none'])
    expect(bannerTarget({ linkageType: 'ROUTE', linkage: '/promotions' })).toEqual({ kind: 'route', href: '/promotions' })
  })

  it('sanitised HTML keeps real relative links and drops backslash hosts', () => {
    expect(isSafeUrl('a', 'href', '/\\evil.test')).toBe(false)
    expect(isSafeUrl('a', 'href', '/\t\\evil.test')).toBe(false)
    expect(isSafeUrl('a', 'href', '\\\\evil.test')).toBe(false)
    expect(isSafeUrl('a', 'href', '/help')).toBe(true)
    expect(isSafeUrl('a', 'href', 'help/faq')).toBe(true)
  })
})
