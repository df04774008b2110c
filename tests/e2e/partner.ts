import { startPartnerSite, type PartnerSite } from '../../sandbox/partner.ts'
import { test as base } from './fixtures.ts'

/**
 * The journeys on a partner's page: besides the site and its sandbox (`app`), `partner` is the demo
 * partner site (tests/embed/partner) on a second origin, under a strict CSP with Trusted Types
 * required, embedding the brand of that sandbox. It closes after the test.
 */
export const test = base.extend<{ partner: PartnerSite }>({
  partner: async ({ app }, use) => {
    const partner = await startPartnerSite({ brand: app.url })
    await use(partner)
    await partner.close()
  },
})

export type { PartnerSite }
export { expect, type App, type Page } from './fixtures.ts'
