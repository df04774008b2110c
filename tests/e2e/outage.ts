import type { Page } from 'playwright/test'

/** The platform answers the first call to `url` (a glob) with a 503; the calls after it (a retry's) go through. */
export async function failOnce(page: Page, url: string): Promise<void> {
  let failures = 1
  await page.route(url, (route) => (failures-- > 0 ? route.fulfill({ status: 503, body: '' }) : route.continue()))
}
