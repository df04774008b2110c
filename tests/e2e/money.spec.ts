/**
 * Money journeys: a player sets up the account (real name, payment password, bank
 * account), deposits 100 through the sandbox gateway page (the header balance follows), withdraws
 * 50 (held at once), the platform approves and pays it out (dev admin routes), the player confirms it
 * received, and the account record shows each step. Bad amounts and a wrong payment password show
 * their errors under the field and move nothing.
 */
import { test, expect as baseExpect, type Page } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'
import { brandDate, demo, signedIn } from './session.ts'
import { balanceOf, creditMember, memberAccount } from '../../sandbox/ledger.ts'
import { createHasher, testCost } from '../../sandbox/auth/password.ts'
import { addPayoutAccount, setPaymentPassword, setRealName } from '../../sandbox/money/profile.ts'

// Some thirty steps, each a click and an answer, after a fresh sandbox: on a loaded machine that is minutes.
test.describe.configure({ timeout: 360_000 })
test.beforeEach(async ({ page }) => skipNoticePopup(page))

// Every step waits on the sandbox; on a machine shared by six builds an answer can take a while.
const expect = baseExpect.configure({ timeout: 20_000 })
const firstLoad = 60_000
// Payment passwords are checked with scrypt (128 MiB, deliberately slow): on a loaded machine a few seconds.
const hashed = { timeout: 30_000 }
const header = (page: Page) => page.locator('header')
const centre = (page: Page) => page.getByRole('dialog', { name: 'Member centre' })

/** The header balance in minor units. */
async function headerBalance(page: Page): Promise<number> {
  const text = (await header(page).getByTestId('balance').textContent()) ?? ''
  const m = /₱([\d,]+)\.(\d{2})/.exec(text)
  if (!m) throw new Error(`no balance in the header: ${text}`)
  return Number(m[1].replace(/,/g, '')) * 100 + Number(m[2])
}
const shown = (minor: number) => `₱${Math.floor(minor / 100).toLocaleString('en-US')}.${String(minor % 100).padStart(2, '0')}`

async function openCentrePage(page: Page, item: string): Promise<void> {
  await header(page).getByRole('button', { name: 'Account menu' }).click({ timeout: firstLoad })
  // The menu's own item (the header has a Deposit button of its own beside the balance).
  await header(page).getByRole('listitem').getByRole('button', { name: item, exact: true }).click()
  await expect(centre(page)).toBeVisible({ timeout: firstLoad })
}

const goTo = (page: Page, title: string) => centre(page).getByRole('navigation').getByRole('button', { name: title }).click()

test('deposit through the gateway, withdraw with confirmation, admin pays out, confirm received, all in the account record', async ({ page, app }) => {
  await signedIn(page, app.url, demo)
  await page.goto('/')
  await expect(header(page).getByTestId('balance')).toHaveText(/^₱[\d,]+\.\d{2}$/, { timeout: firstLoad })
  const start = await headerBalance(page)

  // The open page (a region named by its heading).
  const dialog = centre(page).getByRole('region')
  // A withdrawal of `amount` the platform pays out at once (dev admin routes); resolves its id.
  const withdraw = async (amount: string) => {
    await dialog.getByLabel('Amount', { exact: true }).fill(amount)
    await dialog.getByLabel('Payment password', { exact: true }).fill('123456')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click()
    await expect(dialog.getByText(`Withdrawal of ₱${amount}.00 requested. It is held until it is paid out.`)).toBeVisible(hashed)
    const waiting = await (await page.request.get(`${app.url}/sandbox/admin/withdrawals?status=requested`)).json()
    const wid = waiting.value.withdrawals[0].id as string
    expect((await page.request.post(`${app.url}/sandbox/admin/withdrawals/${wid}/approve`, { data: {} })).status()).toBe(200)
    expect((await page.request.post(`${app.url}/sandbox/admin/withdrawals/${wid}/disburse`, { data: {} })).status()).toBe(200)
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    return wid
  }

  await test.step('my account: real name, payment password, bank account', async () => {
    // My account: real name (stored capitalised), payment password, bank account in the real name.
    await openCentrePage(page, 'Member centre')
    await dialog.getByLabel('Real name', { exact: true }).fill('juan dela cruz')
    await dialog.getByRole('button', { name: 'Save' }).click()
    // It cannot be changed later: the name as it will be kept is confirmed first.
    const confirm = page.getByRole('alertdialog')
    await expect(confirm).toContainText('Juan Dela Cruz')
    await confirm.getByRole('button', { name: 'Save' }).click()
    await expect(dialog.getByText('Juan Dela Cruz', { exact: true })).toBeVisible()
    await dialog.getByLabel('New payment password', { exact: true }).fill('123456')
    await dialog.getByLabel('Repeat the new payment password', { exact: true }).fill('654321')
    await dialog.getByRole('button', { name: 'Set payment password' }).click()
    await expect(dialog.getByText('The confirmation does not match.')).toBeVisible()
    await dialog.getByLabel('Repeat the new payment password', { exact: true }).fill('123456')
    await dialog.getByRole('button', { name: 'Set payment password' }).click()
    await expect(dialog.getByText('Payment password saved.')).toBeVisible(hashed)
    await dialog.getByLabel('Account number', { exact: true }).fill('1234567890')
    await dialog.getByRole('button', { name: 'Add account' }).click()
    await expect(dialog.getByText('••••••7890 · Juan Dela Cruz')).toBeVisible()
  })

  await test.step('the mobile number verified by a code', async () => {
    // The mobile number on the account is verified by a code from the dev inbox; a wrong code is refused.
    const mobileForm = dialog.getByRole('form', { name: 'Verify a mobile number' })
    // A Philippine number has 10 digits, as on the login and registration forms (the countries list).
    await mobileForm.getByLabel('Mobile number to verify', { exact: true }).fill('917123567')
    await mobileForm.getByRole('button', { name: 'Send code' }).click()
    await expect(mobileForm.getByText('The mobile number must have 10 digits.')).toBeVisible()
    await expect(mobileForm.getByLabel('Mobile number to verify', { exact: true })).toHaveValue('917123567')
    await mobileForm.getByLabel('Mobile number to verify', { exact: true }).fill('9171235678')
    await mobileForm.getByRole('button', { name: 'Send code' }).click()
    await expect(dialog.getByText(/^Code sent to \+63 ••••••5678\./)).toBeVisible()
    await expect(mobileForm.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled()
    const sms = (await (await page.request.get(`${app.url}/sandbox/inbox`)).json()).sms as { mobileNum: string; purpose: string; code: string }[]
    const code = sms.find((m) => m.mobileNum === '9171235678' && m.purpose === 'bind')!.code
    await mobileForm.getByLabel('SMS code', { exact: true }).fill(code === '000000' ? '000001' : '000000')
    await mobileForm.getByRole('button', { name: 'Verify' }).click()
    await expect(mobileForm.getByText('Please enter a valid verification code.')).toBeVisible()
    await mobileForm.getByLabel('SMS code', { exact: true }).fill(code)
    await mobileForm.getByRole('button', { name: 'Verify' }).click()
    await expect(dialog.getByText('Mobile number verified.')).toBeVisible()
    await expect(dialog.getByText('Verified', { exact: true })).toBeVisible()
  })

  await test.step('the login password opens the change-password popup', async () => {
    // The login password is changed in the account's change-password popup (the centre makes way for it).
    await dialog.getByRole('button', { name: 'Change login password' }).click()
    const change = page.getByRole('dialog', { name: 'Change password' })
    await expect(change.getByLabel('New password', { exact: true })).toBeVisible({ timeout: firstLoad })
    await change.getByRole('button', { name: 'Close' }).click()
    await expect(change).toBeHidden()
    await openCentrePage(page, 'Member centre')
  })

  await test.step('deposit through the gateway page', async () => {
    // Deposit: a bad amount is refused under the field; 100 is paid on the gateway page.
    await goTo(page, 'Deposit')
    await dialog.getByLabel('Amount', { exact: true }).fill('12.345')
    await dialog.getByRole('button', { name: 'Deposit', exact: true }).click()
    await expect(dialog.getByText('Use at most 2 decimals.')).toBeVisible()
    await dialog.getByLabel('Amount', { exact: true }).fill('50')
    await dialog.getByRole('button', { name: 'Deposit', exact: true }).click()
    await expect(dialog.getByText('The amount is below the minimum.')).toBeVisible()
    // The deposit promotion is an optional choice, left unclaimed here.
    await expect(dialog.getByRole('checkbox', { name: 'Claim WELCOME10: 10% bonus, up to ₱200.00' })).not.toBeChecked()
    await dialog.getByRole('button', { name: '₱100.00' }).click()
    // The payment page opens by itself from the press of Deposit: no second click.
    const [gateway] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Deposit', exact: true }).click()])
    await expect(dialog.getByText('Waiting for your payment of ₱100.00.')).toBeVisible()
    await expect(dialog.getByText('The payment page opened in a new window: pay there.', { exact: false })).toBeVisible()
    await expect(dialog.getByRole('link', { name: 'Open the payment page' })).toBeVisible()
    await gateway.getByRole('button', { name: 'Pay 100.00' }).click()
    await expect(gateway.getByRole('heading', { name: 'Payment complete' })).toBeVisible()
    await gateway.close()
    await expect(dialog.getByText('Payment received: ₱100.00 added to your balance.')).toBeVisible({ timeout: 15_000 })
    await expect(header(page).getByTestId('balance')).toHaveText(shown(start + 100_00))
  })

  await test.step('withdrawal with review: refusals hold nothing', async () => {
    // Withdrawal: bad amount and wrong payment password show their errors and hold nothing.
    await goTo(page, 'Withdrawal')
    await dialog.getByLabel('Amount', { exact: true }).fill('-5')
    await dialog.getByLabel('Payment password', { exact: true }).fill('123456')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await expect(dialog.getByText('The amount must be more than zero.')).toBeVisible()
    await dialog.getByLabel('Amount', { exact: true }).fill('50')
    await dialog.getByLabel('Payment password', { exact: true }).fill('000000')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await expect(dialog.getByText(/Withdraw ₱50\.00 to BDO ••••••7890 \(Juan Dela Cruz\)\?/)).toBeVisible()
    await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click()
    await expect(dialog.getByText('The payment password is wrong.')).toBeVisible(hashed)
    await expect(dialog.getByLabel('Amount', { exact: true })).toHaveValue('50')
    await expect(header(page).getByTestId('balance')).toHaveText(shown(start + 100_00))
    await dialog.getByLabel('Payment password', { exact: true }).fill('123456')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click()
    await expect(dialog.getByText('Withdrawal of ₱50.00 requested. It is held until it is paid out.')).toBeVisible(hashed)
    // Held at once: the balance no longer has it.
    await expect(header(page).getByTestId('balance')).toHaveText(shown(start + 50_00))
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Requested' })).toBeVisible()
  })

  await test.step('the platform pays out, the member confirms receipt', async () => {
    // The platform approves and pays it out (dev admin routes).
    const list = await (await page.request.get(`${app.url}/sandbox/admin/withdrawals?status=requested`)).json()
    const id = list.value.withdrawals[0].id as string
    expect((await page.request.post(`${app.url}/sandbox/admin/withdrawals/${id}/approve`, { data: {} })).status()).toBe(200)
    expect((await page.request.post(`${app.url}/sandbox/admin/withdrawals/${id}/disburse`, { data: {} })).status()).toBe(200)
    // The player comes back to the window: the list shows the payout waiting for confirmation.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    const item = dialog.getByRole('listitem').filter({ hasText: 'Paid out: please confirm' })
    await expect(item).toBeVisible()
    await item.getByRole('button', { name: 'Received', exact: true }).click()
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Received' })).toBeVisible()
    await expect(header(page).getByTestId('balance')).toHaveText(shown(start + 50_00))
  })

  await test.step('not received, reported with a proof image', async () => {
    // Another withdrawal, paid out but not received: the member reports it with a proof image.
    await withdraw('20')
    const second = dialog.getByRole('listitem').filter({ hasText: 'Paid out: please confirm' })
    await second.getByRole('button', { name: 'Not received', exact: true }).click()
    await second.getByRole('button', { name: 'Report not received' }).click()
    await expect(second.getByText('Choose a proof image first.')).toBeVisible()
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)])
    await second.getByLabel('Proof image (png or jpg, up to 5 MB)').setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: png })
    await second.getByRole('button', { name: 'Report not received' }).click()
    await expect(dialog.getByRole('listitem').filter({ hasText: '₱20.00' }).getByText('Not received', { exact: true })).toBeVisible()
  })

  await test.step('unconfirmed, regarded as received after the platform minutes', async () => {
    // A third, left unconfirmed: after the platform's minutes parameter it is regarded as received.
    expect((await page.request.post(`${app.url}/sandbox/admin/withdrawals/minutes`, { data: { minutes: 1 } })).status()).toBe(200)
    const third = await withdraw('10')
    await expect(dialog.getByRole('listitem').filter({ hasText: '₱10.00' }).getByText('Paid out: please confirm')).toBeVisible()
    // Two minutes pass (the disbursal is dated back; the sandbox decides on its own clock).
    await app.db.query('UPDATE withdrawals SET disbursed_at = disbursed_at - 120000 WHERE id = $1', [third])
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    const auto = dialog.getByRole('listitem').filter({ hasText: '₱10.00' })
    await expect(auto).toContainText('regarded as received (not confirmed in time)')
    await expect(auto.getByText('Received', { exact: true })).toBeVisible()
    await expect(header(page).getByTestId('balance')).toHaveText(shown(start + 20_00))
  })

  await test.step('the account record lists each change', async () => {
    // Account record: the deposit and each held withdrawal, with the balance after each.
    await goTo(page, 'Account record')
    const rows = dialog.getByRole('table').getByRole('row')
    const held = rows.filter({ hasText: 'Withdrawal (held)' })
    await expect(held).toHaveCount(3)
    await expect(held.filter({ hasText: '-₱50.00' })).toContainText(shown(start + 50_00))
    await expect(held.filter({ hasText: '-₱20.00' })).toContainText(shown(start + 30_00))
    await expect(held.filter({ hasText: '-₱10.00' })).toContainText(shown(start + 20_00))
    await expect(rows.filter({ hasText: 'Deposit' })).toContainText('+₱100.00')
    await expect(rows.filter({ hasText: 'Deposit' })).toContainText(shown(start + 100_00))
  })

  await test.step('a bet shows first in the betting record', async () => {
    // A bet: one spin of a slot shows first in the betting record.
    await page.goto('/rng')
    await page.getByRole('button', { name: 'Slide 1 of 2' }).click({ timeout: firstLoad })
    await page.getByRole('link', { name: 'Golden Dragon Megaways is here' }).click()
    const game = page.frameLocator('iframe[title="Game"]')
    const spin = game.getByRole('button', { name: 'Spin' })
    await spin.click({ timeout: firstLoad })
    await expect(spin).toBeEnabled()
    await page.goto('/')
    await openCentrePage(page, 'Betting record')
    const newest = centre(page).getByRole('region').getByRole('listitem').first()
    await expect(newest).toContainText('Golden Dragon Megaways', { timeout: firstLoad })
    // Today in the brand's time zone (the record shows the brand's times, UTC+08:00).
    await expect(newest).toContainText(brandDate(Date.now()))
  })
})

test('when the browser blocks the payment page, the order view says so and its button opens it', async ({ page, app }) => {
  await signedIn(page, app.url, demo)
  // A pop-up blocker, as a browser set to block every new window behaves.
  await page.addInitScript(() => {
    window.open = () => null
  })
  await page.goto('/')
  // The header's Deposit, beside the balance, opens the deposit page in one press.
  await header(page).getByRole('button', { name: 'Deposit', exact: true }).click({ timeout: firstLoad })
  await expect(centre(page).getByRole('heading', { name: 'Deposit', level: 3 })).toBeVisible({ timeout: firstLoad })
  const dialog = centre(page).getByRole('region')
  await dialog.getByRole('button', { name: '₱100.00' }).click({ timeout: firstLoad })
  await dialog.getByRole('button', { name: 'Deposit', exact: true }).click()
  await expect(dialog.getByText('Waiting for your payment of ₱100.00.')).toBeVisible()
  await expect(dialog.getByText("Your browser blocked the payment page's window.", { exact: false })).toBeVisible()
  const [gateway] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('link', { name: 'Open the payment page' }).click()])
  await expect(gateway.getByRole('button', { name: 'Pay 100.00' })).toBeVisible()
})

test('a bonus still to be wagered holds a withdrawal back until the player forfeits it, and nothing typed is lost', async ({ page, app }) => {
  const [m] = await app.db.query<{ id: string }>("SELECT id FROM members WHERE username = 'demo01'")
  await setRealName(app.db, m.id, 'Juan Dela Cruz')
  await addPayoutAccount(app.db, m.id, { kind: 'bank', provider: 'BDO', accountNo: '1234567890' }, Date.now())
  await setPaymentPassword(app.db, m.id, { newPassword: '123456' }, Date.now(), createHasher({ cost: testCost }))
  // A 100.00 bonus whose wagering (the whole balance) is still to be met: nothing may leave.
  const balance = await balanceOf(app.db, memberAccount(m.id))
  await creditMember(app.db, m.id, 100_00, { idempotencyKey: 'e2e-bonus', from: 'house:promo', kind: 'bonus' })
  await app.db.query("INSERT INTO deposit_bonuses (member_id, promotion, order_id, bonus, required, created_at) VALUES ($1, 'WELCOME10', 'e2e', 10000, $2, $3)", [
    m.id,
    balance + 100_00,
    Date.now(),
  ])
  await signedIn(page, app.url, demo)
  await page.goto('/')
  await openCentrePage(page, 'Member centre')
  const dialog = centre(page).getByRole('region')
  await goTo(page, 'Withdrawal')
  await expect(dialog.getByTestId('withdrawable')).toHaveText('₱0.00')
  await dialog.getByLabel('Amount', { exact: true }).fill('50')
  await dialog.getByLabel('Payment password', { exact: true }).fill('123456')
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click()
  // The platform refuses with wagering_required: the form offers the forfeit instead of an error.
  const offer = dialog.getByRole('group', { name: 'Bonus still to be wagered' })
  await expect(offer.getByText(/₱50\.00 cannot leave yet/)).toBeVisible(hashed)
  expect(await balanceOf(app.db, memberAccount(m.id))).toBe(balance + 100_00)
  // Back keeps what was typed; then forfeit and continue.
  await offer.getByRole('button', { name: 'Back' }).click()
  await expect(dialog.getByLabel('Amount', { exact: true })).toHaveValue('50')
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click()
  await offer.getByRole('button', { name: 'Forfeit bonus and continue' }).click()
  await expect(dialog.getByText('Withdrawal of ₱50.00 requested. It is held until it is paid out.')).toBeVisible(hashed)
  // The bonus went back to the house, the 50.00 is held.
  expect(await balanceOf(app.db, memberAccount(m.id))).toBe(balance - 50_00)
  await expect(dialog.getByTestId('withdrawable')).toHaveText(shown(balance - 50_00))
})
