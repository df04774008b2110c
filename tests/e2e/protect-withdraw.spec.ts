/**
 * "Withdraw my balance" during a break for a player who signs in by SMS code or with Google:
 * the refused login offers it as it does for a password, and the same code (or the same verified
 * sign-in) opens the withdrawal-only session.
 */
import { test, expect } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'

test.beforeEach(async ({ page }) => skipNoticePopup(page))
test.describe.configure({ timeout: 180_000 })
const slow = { timeout: 60_000 }
// A Philippine number (+63, where the sandbox places 127.0.0.1) for demo01: the seeded one has 9 digits,
// one short of what the form takes for the Philippines.
const mobile = '9171234567'

test('a player on a time-out who signs in by SMS code is offered "Withdraw my balance", which opens the withdrawal alone with the same code', async ({ app, page }) => {
  await app.admin.setFlag('MOBILEVERCODELOGIN3', true)
  await app.db.query("UPDATE members SET mobile_num = $1, country_dialing_code = '+63' WHERE username = 'demo01'", [mobile])
  const until = Date.now() + 7 * 24 * 3_600_000
  await app.db.query(
    `INSERT INTO protect_members (member_id, break_kind, break_until) SELECT id, 'timeout', $1 FROM members WHERE username = 'demo01'
     ON CONFLICT (member_id) DO UPDATE SET break_kind = 'timeout', break_until = $1`,
    [until],
  )
  await page.goto('/login')
  await page.getByRole('tab', { name: 'Mobile code' }).click(slow)
  await page.getByLabel('Mobile number', { exact: true }).fill(mobile)
  // The button sends at most once a second: pressed until the countdown of a sent code shows.
  await expect(async () => {
    await page.getByRole('button', { name: 'Get code' }).click({ timeout: 1_000 })
    await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled({ timeout: 500 })
  }).toPass(slow)
  let code = ''
  await expect
    .poll(async () => {
      const inbox = (await app.admin.inbox()) as unknown as { sms: { mobileNum: string; code?: string; purpose: string }[] }
      code = inbox.sms.find((m) => m.mobileNum.replace(/\D/g, '').endsWith(mobile) && m.purpose === 'login')?.code ?? ''
      return code
    }, slow)
    .toMatch(/^\d{6}$/)
  await page.getByLabel('Verification code', { exact: true }).fill(code)
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click()

  const shownUntil = `${new Date(until).toISOString().slice(0, 16).replace('T', ' ')} UTC`
  await expect(page.getByRole('alert').filter({ hasText: `You are taking a time-out until ${shownUntil}.` })).toBeVisible(slow)
  await page.getByRole('button', { name: 'Withdraw my balance' }).click()
  const centre = page.getByRole('dialog', { name: 'Member centre' })
  await expect(centre.getByRole('region', { name: 'Withdrawal', exact: true }).getByText('Withdrawable')).toBeVisible(slow)
  // Nothing but the withdrawal: no deposit page to play on from here.
  await expect(centre.getByText('Deposit', { exact: true })).toHaveCount(0)
})

test('a player on a time-out who signs in with Google is offered "Withdraw my balance", which opens the withdrawal alone from the same sign-in', async ({ app, page }) => {
  await app.admin.setFlag('GOOGLELOGIN3', true)
  /** Google in the login form, then "Continue as" in the sandbox's identity provider popup. */
  const google = async () => {
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Google' }).click(slow)])
    // The provider's window posts the token and closes itself on this click.
    await popup
      .getByRole('button', { name: 'Continue as Demo Google User' })
      .click()
      .catch((error: unknown) => {
        if (!popup.isClosed()) throw error
      })
  }
  // The first sign-in makes the member; then a time-out starts and this browser forgets the session.
  await page.goto('/login')
  await google()
  await page.getByRole('checkbox', { name: /I am 18 or older and accept the/ }).check(slow)
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible(slow)
  const until = Date.now() + 7 * 24 * 3_600_000
  await app.db.query(
    `INSERT INTO protect_members (member_id, break_kind, break_until)
     SELECT member_id, 'timeout', $1 FROM member_identities WHERE provider = 'google' AND sub = 'google-demo-1'
     ON CONFLICT (member_id) DO UPDATE SET break_kind = 'timeout', break_until = $1`,
    [until],
  )
  // The sign-in then leaves /login for the page after it: forget the session once that page is there
  // (a clear during the move failed with the page's context gone).
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), slow)
  await expect(async () => page.evaluate(() => sessionStorage.clear())).toPass(slow)
  await page.goto('/login')
  await google()
  const shownUntil = `${new Date(until).toISOString().slice(0, 16).replace('T', ' ')} UTC`
  await expect(page.getByRole('alert').filter({ hasText: `You are taking a time-out until ${shownUntil}.` })).toBeVisible(slow)
  // No second trip to the provider: the sign-in just refused opens the withdrawal-only session.
  let popups = 0
  page.on('popup', () => popups++)
  await page.getByRole('button', { name: 'Withdraw my balance' }).click()
  const centre = page.getByRole('dialog', { name: 'Member centre' })
  await expect(centre.getByRole('region', { name: 'Withdrawal', exact: true }).getByText('Withdrawable')).toBeVisible(slow)
  await expect(centre.getByText('Deposit', { exact: true })).toHaveCount(0)
  expect(popups).toBe(0)
})
