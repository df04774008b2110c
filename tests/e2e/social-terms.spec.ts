import { test, expect, type Page } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'

/**
 * A first Google sign-in creates an account, so the platform asks for what a registration asks for:
 * the player's confirmation of the minimum age and the terms. The login form asks for the box and
 * completes the same sign-in from the provider's proof, without opening the provider's window again.
 */

const slow = { timeout: 30_000 }

test.beforeEach(async ({ page }) => skipNoticePopup(page))

/** Google in the login form, then "Continue as" in the sandbox's identity provider popup. */
async function google(page: Page): Promise<void> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Google', exact: true }).click(slow)])
  // The provider's window posts the token and closes itself on this click.
  await popup
    .getByRole('button', { name: 'Continue as Demo Google User' })
    .click()
    .catch((error: unknown) => {
      if (!popup.isClosed()) throw error
    })
}

test('a first Google sign-in asks for the age and terms confirmation, then signs in without a second trip to the provider', async ({ app, page }) => {
  await app.admin.setFlag('GOOGLELOGIN3', true)
  await page.goto('/login')
  await google(page)

  await expect(page.getByRole('alert').filter({ hasText: 'confirm that you are 18 or older and accept the terms' })).toBeVisible(slow)
  const box = page.getByRole('checkbox', { name: /I am 18 or older and accept the/ })
  await expect(box).not.toBeChecked()
  const signOut = page.getByRole('banner').getByRole('button', { name: 'Sign out' })
  await expect(signOut).toHaveCount(0)
  expect(await app.db.query("SELECT 1 FROM member_identities WHERE provider = 'google'")).toHaveLength(0)

  let popups = 0
  page.on('popup', () => popups++)
  const go = page.getByRole('button', { name: 'Continue with Google' })
  // Not ticked: the box says so and nothing is created.
  await go.click()
  await expect(page.getByRole('alert').filter({ hasText: 'Please agree to the terms.' })).toBeVisible(slow)
  await expect(box).toHaveAttribute('aria-invalid', 'true')

  await box.check()
  await go.click()
  await expect(page).toHaveURL(/\/$/, slow)
  await expect(signOut).toBeVisible(slow)
  expect(popups).toBe(0)
  expect(await app.db.query("SELECT 1 FROM member_identities WHERE provider = 'google'")).toHaveLength(1)
})
