import { listenLocalOidc } from '../../sandbox/auth/oidc-testkit.ts'
import { oidcProvider } from '../../sandbox/auth/oidc.ts'
import { startSandbox } from '../../sandbox/testing.ts'
import { test as base, expect, siteDir, type Page } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'

/**
 * Google sign-in for real: the login form's Google button opens the platform's popup, which goes to an
 * OpenID provider running here (oidc-provider, signing the player in at once) and comes back with the
 * proof; a first sign-in asks for the age and terms confirmation and creates the account, a second
 * signs the same account in.
 */

const account = { sub: 'journey-player-1', email: 'journey.player@example.test', name: 'Journey Player' }
const slow = { timeout: 30_000 }

const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter's destructuring; it must be written `{}` when there are none
  app: async ({}, use) => {
    const idp = await listenLocalOidc()
    const identity = { google: oidcProvider('google', { issuer: new URL(idp.issuer), clientId: 'lobbykit', clientSecret: 'lobbykit-secret' }) }
    const sandbox = await startSandbox({ staticDir: siteDir, identity })
    idp.start([{ client_id: 'lobbykit', client_secret: 'lobbykit-secret', redirect_uris: [`${sandbox.url}/sandbox/idp/callback/google`] }], account)
    await use({ url: sandbox.url, admin: sandbox.admin, db: sandbox.db })
    await sandbox.close()
    await idp.close()
  },
})

test.beforeEach(async ({ page }) => skipNoticePopup(page))

/** Google in the login form: the popup goes to the provider and back, posts the proof and closes itself. */
async function google(page: Page): Promise<void> {
  await page.goto('/login')
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Google', exact: true }).click(slow)])
  if (!popup.isClosed()) await popup.waitForEvent('close', slow).catch(() => undefined)
}

test('signs in with Google through a real OpenID provider: a first time with the terms, then straight in', async ({ app, page }) => {
  await app.admin.setFlag('GOOGLELOGIN3', true)
  const signOut = page.getByRole('banner').getByRole('button', { name: 'Sign out' })

  await google(page)
  await expect(page.getByRole('alert').filter({ hasText: 'confirm that you are 18 or older and accept the terms' })).toBeVisible(slow)
  await page.getByRole('checkbox', { name: /I am 18 or older and accept the/ }).check()
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await expect(page).toHaveURL(/\/$/, slow)
  await expect(signOut).toBeVisible(slow)
  const linked = () => app.db.query<{ member_id: string }>("SELECT member_id FROM member_identities WHERE provider = 'google' AND sub = $1", [account.sub])
  const [link] = await linked()
  expect(link).toBeTruthy()
  const [member] = await app.db.query<{ nickname: string; email: string }>('SELECT nickname, email FROM members WHERE id = $1', [link.member_id])
  expect(member).toEqual({ nickname: account.name, email: account.email })

  // Sign out (confirmed), and the home page loads signed out.
  await signOut.click()
  const home = page.waitForEvent('load', slow)
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click()
  await home
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible(slow)
  await google(page)
  await expect(page).toHaveURL(/\/$/, slow)
  await expect(signOut).toBeVisible(slow)
  expect(await linked()).toEqual([link])
})
