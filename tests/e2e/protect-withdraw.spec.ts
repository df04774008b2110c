/**
 * "Withdraw my balance" during a break for a player who signs in by SMS code or with Google:
 * the refused login offers it as it does for a password, and the same code (or the same verified
 * sign-in) opens the withdrawal-only session.
 */
import { test, expect } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'
import { brandTime, signedIn } from './session.ts'
import { gapPercent, solveSliderByKeyboard } from './slider.ts'
import { createMember } from '../../sandbox/auth/accounts.ts'
import { hashPassword, testCost } from '../../sandbox/auth/password.ts'
import { creditMember } from '../../sandbox/ledger.ts'

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
  // The button sends at most once a second: pressed until the countdown of a sent code shows, and only
  // while it still offers "Get code" (on a busy machine a send can outlast one round).
  const resend = page.getByRole('button', { name: /Resend in \d+ s/ })
  await expect(async () => {
    if (!(await resend.isVisible())) await page.getByRole('button', { name: 'Get code' }).click({ timeout: 1_000 })
    await expect(resend).toBeDisabled({ timeout: 2_000 })
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

  const shownUntil = brandTime(until)
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
  const shownUntil = brandTime(until)
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

test('a new player takes a 24-hour time-out with nothing set up for withdrawals, then sets it up in the withdrawal-only session and withdraws the whole balance', async ({
  app,
  page,
  browser,
}) => {
  // A fresh account with a balance and no real name, payout account or payment password.
  const who = { username: `brk${Date.now() % 1_000_000}`, password: 'Secret123x' }
  const row = await createMember(app.db, { username: who.username, type: 0, isAgent: 0, passwordHash: await hashPassword(who.password, testCost) }, Date.now())
  await creditMember(app.db, row.id, 1_193_00, { idempotencyKey: `seed:${row.id}` })
  await signedIn(page, app.url, who)
  await page.goto('/')
  const header = page.locator('header')
  await header.getByRole('button', { name: 'Account menu' }).click(slow)
  await header.getByRole('button', { name: 'Responsible gaming', exact: true }).click()
  const centre = (p = page) => p.getByRole('dialog', { name: 'Member centre' })
  const form = centre().getByRole('form', { name: 'Take a break' })
  await form.getByLabel('Kind of break').selectOption('timeout', slow)
  await form.getByLabel('How long').selectOption('24h')
  await form.getByRole('button', { name: 'Continue' }).click()
  await centre().getByRole('button', { name: 'Yes, start my break' }).click()
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible(slow)

  // Login is refused (a fresh tab: this one's set-up would put the ended session back), with the offer to withdraw.
  const fresh = await (await browser.newContext({ baseURL: app.url })).newPage()
  await skipNoticePopup(fresh)
  await fresh.goto('/login')
  const login = fresh.getByRole('form', { name: 'Log in' })
  await login.getByLabel('Username', { exact: true }).fill(who.username, slow)
  await login.getByLabel('Password', { exact: true }).fill(who.password)
  await login.getByRole('button', { name: 'Log in', exact: true }).click()
  const slider = () =>
    solveSliderByKeyboard(fresh.getByRole('slider', { name: 'Slide to verify' }), async () => gapPercent(await (await fresh.request.get('/sandbox/inbox')).json()))
  await slider()
  // Its end in the brand's time zone, named, as the site's other times.
  const [brk] = await app.db.query<{ until: number }>('SELECT break_until AS until FROM protect_members WHERE member_id = $1', [row.id])
  await expect(fresh.getByRole('alert').filter({ hasText: `You are taking a time-out until ${brandTime(Number(brk.until))}.` })).toBeVisible(slow)
  expect(brandTime(Number(brk.until))).toMatch(/ UTC\+08:00$/)
  await login.getByRole('button', { name: 'Withdraw my balance' }).click()
  await slider()

  // The withdrawal asks for each step it needs, on the withdrawal page itself.
  const withdraw = centre(fresh).getByRole('region', { name: 'Withdrawal', exact: true })
  await expect(withdraw.getByTestId('withdrawable')).toHaveText(/1,193\.00/, slow)
  const setup = withdraw.getByRole('region', { name: 'Before your first withdrawal' })
  await expect(setup.getByText('Step 1 of 3')).toBeVisible()
  await setup.getByLabel('Real name', { exact: true }).fill('juan dela cruz')
  await setup.getByRole('button', { name: 'Save' }).click()
  const confirmName = fresh.getByRole('alertdialog')
  await expect(confirmName).toContainText('Juan Dela Cruz')
  await confirmName.getByRole('button', { name: 'Save' }).click()

  await expect(setup.getByText('Step 2 of 3')).toBeVisible(slow)
  await setup.getByLabel('Type', { exact: true }).selectOption('ewallet')
  await setup.getByLabel('Mobile number of the e-wallet', { exact: true }).fill('09171234567')
  await setup.getByRole('button', { name: 'Add account' }).click()

  await expect(setup.getByText('Step 3 of 3')).toBeVisible(slow)
  await setup.getByLabel('New payment password', { exact: true }).fill('135790')
  await setup.getByLabel('Repeat the new payment password', { exact: true }).fill('135790')
  await setup.getByRole('button', { name: 'Set payment password' }).click()

  // Then the withdrawal itself, of the whole balance.
  await withdraw.getByLabel('Amount', { exact: true }).fill('1193', slow)
  await withdraw.getByLabel('Payment password', { exact: true }).fill('135790')
  await withdraw.getByRole('button', { name: 'Continue' }).click()
  await withdraw.getByRole('button', { name: 'Confirm withdrawal' }).click()
  await expect(withdraw.getByText(/Withdrawal of .*1,193\.00 requested\./)).toBeVisible(slow)
  await expect(withdraw.getByTestId('withdrawable')).toHaveText(/0\.00/)

  // The platform pays it out; the player confirms it received, still in the same session.
  const list = await (await fresh.request.get(`${app.url}/sandbox/admin/withdrawals?status=requested`)).json()
  const id = (list.value.withdrawals as { id: string; member: string }[]).find((w) => w.member === who.username)!.id
  expect((await fresh.request.post(`${app.url}/sandbox/admin/withdrawals/${id}/approve`, { data: {} })).status()).toBe(200)
  expect((await fresh.request.post(`${app.url}/sandbox/admin/withdrawals/${id}/disburse`, { data: {} })).status()).toBe(200)
  await fresh.evaluate(() => window.dispatchEvent(new Event('focus')))
  const item = withdraw.getByRole('listitem').filter({ hasText: 'Paid out: please confirm' })
  await item.getByRole('button', { name: 'Received', exact: true }).click(slow)
  await expect(withdraw.getByRole('listitem').filter({ hasText: 'Received' })).toBeVisible(slow)
  await fresh.context().close()
})
