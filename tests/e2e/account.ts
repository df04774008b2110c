import { expect, type Page } from 'playwright/test'

/**
 * The signed-in header's account area as a member uses it: their name and the balance shown, Hide
 * balance masking it and showing it again, and Refresh balance asking the platform again.
 */
export async function exerciseBalance(page: Page, name = 'demo01'): Promise<void> {
  const header = page.locator('header')
  await expect(header.getByText(name)).toBeVisible({ timeout: 30_000 })
  const balance = header.getByTestId('balance')
  await expect(balance).toHaveText(/^₱[\d,]+\.\d{2}$/)
  await header.getByRole('button', { name: 'Hide balance' }).click()
  await expect(balance).toHaveText('***')
  await header.getByRole('button', { name: 'Hide balance' }).click()
  await expect(balance).toHaveText(/^₱[\d,]+\.\d{2}$/)
  const refreshed = page.waitForResponse((r) => r.url().includes('/wps/v2/wallets/balance'))
  await header.getByRole('button', { name: 'Refresh balance' }).click()
  await refreshed
}
