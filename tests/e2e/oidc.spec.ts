import { listenLocalOidc } from '../../sandbox/auth/oidc-testkit.ts'
import { facebookProvider, oidcProvider } from '../../sandbox/auth/oidc.ts'
import { startSandbox } from '../../sandbox/testing.ts'
import { test as base, expect, siteDir, type Page } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'

/**
 * Google sign-in for real: the login form's Google button opens the platform's popup, which goes to an
 * OpenID provider running here (oidc-provider, signing the player in at once) and comes back with the
 * proof; a first sign-in asks for the age and terms confirmation and creates the account, a second
 * signs the same account in. Facebook the same through Facebook Login's own OAuth (a local server with
 * its dialog, token endpoint and Graph `/me`).
 */

const account = { sub: 'journey-player-1', email: 'journey.player@example.test', name: 'Journey Player' }
const fbPerson = { sub: '10158000000000002', email: 'journey.fb@example.test', name: 'Journey Facebook' }
const slow = { timeout: 30_000 }

const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter's destructuring; it must be written `{}` when there are none
  app: async ({}, use) => {
    const idp = await listenLocalOidc()
    // Facebook Login as Facebook does it: a local OAuth server with its dialog, token endpoint and Graph `/me`.
    const fb = await listenLocalOidc({ facebook: true })
    const identity = {
      google: oidcProvider('google', { issuer: new URL(idp.issuer), clientId: 'lobbykit', clientSecret: 'lobbykit-secret' }),
      facebook: facebookProvider({ appId: '1234567890', appSecret: 'facebook-app-secret', graph: new URL(fb.graph), dialog: new URL(fb.dialog) }),
    }
    const sandbox = await startSandbox({ staticDir: siteDir, identity })
    idp.start([{ client_id: 'lobbykit', client_secret: 'lobbykit-secret', redirect_uris: [`${sandbox.url}/sandbox/idp/callback/google`] }], account)
    fb.start([{ client_id: '1234567890', client_secret: 'facebook-app-secret', redirect_uris: [`${sandbox.url}/sandbox/idp/callback/facebook`] }], fbPerson)
    await use({ url: sandbox.url, admin: sandbox.admin, db: sandbox.db })
    await sandbox.close()
    await idp.close()
    await fb.close()
  },
})

test.beforeEach(async ({ page }) => skipNoticePopup(page))

/** Google (or Facebook) in the login form: the popup goes to the provider and back, posts the proof and closes itself. */
async function signInWith(page: Page, name: 'Google' | 'Facebook'): Promise<void> {
  await page.goto('/login')
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name, exact: true }).click(slow)])
  if (!popup.isClosed()) await popup.waitForEvent('close', slow).catch(() => undefined)
}

test('signs in with Google through a real OpenID provider: a first time with the terms, then straight in', async ({ app, page }) => {
  await app.admin.setFlag('GOOGLELOGIN3', true)
  const signOut = page.getByRole('banner').getByRole('button', { name: 'Sign out' })

  await signInWith(page, 'Google')
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
  await signInWith(page, 'Google')
  await expect(page).toHaveURL(/\/$/, slow)
  await expect(signOut).toBeVisible(slow)
  expect(await linked()).toEqual([link])
})

test("signs in with Facebook through Facebook's own OAuth: the dialog, the terms, signed in", async ({ app, page }) => {
  await app.admin.setFlag('FBLOGIN3', true)
  await signInWith(page, 'Facebook')
  await expect(page.getByRole('alert').filter({ hasText: 'confirm that you are 18 or older and accept the terms' })).toBeVisible(slow)
  await page.getByRole('checkbox', { name: /I am 18 or older and accept the/ }).check()
  await page.getByRole('button', { name: 'Continue with Facebook' }).click()
  await expect(page).toHaveURL(/\/$/, slow)
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible(slow)
  const [link] = await app.db.query<{ member_id: string }>("SELECT member_id FROM member_identities WHERE provider = 'facebook' AND sub = $1", [fbPerson.sub])
  const [member] = await app.db.query<{ nickname: string; email: string }>('SELECT nickname, email FROM members WHERE id = $1', [link.member_id])
  expect(member).toEqual({ nickname: fbPerson.name, email: fbPerson.email })
})
