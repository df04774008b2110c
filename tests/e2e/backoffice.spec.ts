/**
 * The operator back office at /admin: an operator created by the code `npm run operator:create`
 * runs signs in with a code computed as the authenticator app would, approves and pays out the
 * withdrawal a member requested, approves a point-mall redeem, switches maintenance on, and finds
 * them in the audit.
 */
import { endpoints } from '../../sdk/contract/all.ts'
import { codeAt, memberWithRedeem, memberWithWithdrawal, newOperator, operatorPassword } from '../../sandbox/backoffice/testkit.ts'
import { balanceOf, memberAccount } from '../../sandbox/ledger.ts'
import { axeViolations } from './axe.ts'
import { expect, test } from './fixtures.ts'

test('an operator approves and pays out a withdrawal, approves a redeem and switches maintenance on, all in the audit', async ({ page, app }) => {
  const operator = await newOperator(app.db, 'owner')
  const member = await memberWithWithdrawal(app.url, app.db, 120_00)
  const redeemer = await memberWithRedeem(app.db)
  const cashBefore = await balanceOf(app.db, 'house:cash')
  // Phone first: the whole journey at a phone's width.
  await page.setViewportSize({ width: 390, height: 844 })

  await test.step('sign in with password and authenticator code', async () => {
    await page.goto('/admin')
    await page.getByLabel('Username').fill(operator.username)
    await page.getByLabel('Password').fill(operatorPassword)
    await page.getByLabel('Authenticator code').fill(codeAt(operator.totpSecret))
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText(`Signed in as ${operator.username}`)).toBeVisible()
    await expect(page.getByRole('listitem', { name: `Withdrawal of ₱120.00 by ${member.username}` })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })

  await test.step('approve, then pay out, each confirmed', async () => {
    const card = page.getByRole('listitem', { name: `Withdrawal of ₱120.00 by ${member.username}` })
    await card.getByRole('button', { name: 'Approve' }).click()
    const approve = page.getByRole('dialog', { name: 'Approve this withdrawal?' })
    await expect(approve).toContainText(`Approve ₱120.00 for ${member.username}`)
    expect(await axeViolations(page)).toEqual([])
    await approve.getByRole('button', { name: 'Approve' }).click()
    await expect(approve).toBeHidden()
    await expect(card.getByText('Approved, to pay out')).toBeVisible()
    await card.getByRole('button', { name: 'Mark as paid out' }).click()
    await page.getByRole('dialog', { name: 'Record the payout?' }).getByRole('button', { name: 'Mark as paid out' }).click()
    await expect(card).toHaveCount(0)
    const [row] = await app.db.query<{ status: string }>('SELECT status FROM withdrawals WHERE id = $1', [member.withdrawalId])
    expect(row.status).toBe('disbursed')
    expect(await balanceOf(app.db, 'house:cash')).toBe(cashBefore + 120_00)
  })

  await test.step('approve a point-mall redeem in the reward approvals, confirmed', async () => {
    await page.getByRole('tab', { name: 'Rewards' }).click()
    const card = page.getByRole('listitem', { name: `Redeem of 5.00 cash voucher by ${redeemer.username}` })
    await card.getByRole('button', { name: 'Approve' }).click()
    const approve = page.getByRole('dialog', { name: 'Approve this reward?' })
    await expect(approve).toContainText(`Approve 5.00 cash voucher for ${redeemer.username}? ₱5.00 is credited`)
    expect(await axeViolations(page)).toEqual([])
    await approve.getByRole('button', { name: 'Approve' }).click()
    await expect(card).toHaveCount(0)
    expect(await balanceOf(app.db, memberAccount(redeemer.memberId))).toBe(5_00)
  })

  await test.step('switch maintenance on, confirmed', async () => {
    // The tabs answer the arrow keys, as a tab list does for a keyboard or screen-reader user.
    await page.getByRole('tab', { name: 'Rewards' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('tab', { name: 'Members' })).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('tab', { name: 'Service' })).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('tab', { name: 'Maintenance' })).toBeFocused()
    await expect(page.getByRole('tab', { name: 'Maintenance' })).toHaveAttribute('aria-selected', 'true')
    const toggle = page.getByRole('switch', { name: 'Maintenance mode' })
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    await toggle.click()
    await page.getByRole('dialog', { name: 'Switch maintenance on?' }).getByRole('button', { name: 'Switch on' }).click()
    await expect(toggle).toHaveAttribute('aria-checked', 'true')
    await expect(page.getByText('Maintenance is on: players cannot play.')).toBeVisible()
    const status = await (await page.request.get(endpoints.status.path)).json()
    expect(status.value.systemStatus).toBe(1)
  })

  await test.step('both in the audit, with the state before and after', async () => {
    await page.getByRole('tab', { name: 'Audit' }).click()
    const audit = page.getByRole('tabpanel', { name: 'Audit' })
    const entries = audit.getByRole('listitem')
    await expect(entries.filter({ hasText: 'Maintenance switched' })).toContainText('Off → On')
    await expect(entries.filter({ hasText: 'Withdrawal paid out' })).toContainText(`${member.username}: ₱120.00, Approved, to pay out → Paid out`)
    await expect(entries.filter({ hasText: 'Reward approved' })).toContainText(`${redeemer.username}: 5.00 cash voucher, Waiting → Approved`)
    await expect(entries.filter({ hasText: 'Withdrawal approved' })).toContainText(`${member.username}: ₱120.00, Requested → Approved, to pay out`)
    await expect(entries.filter({ hasText: 'Signed in' })).toContainText(operator.username)
    expect(await axeViolations(page)).toEqual([])
  })
})

test('support locks a member with a reason and leaves a note; an owner creates an operator whose secrets show once and changes the time zone', async ({ page, app }) => {
  const support = await newOperator(app.db, 'support')
  const owner = await newOperator(app.db, 'owner')
  const member = await memberWithWithdrawal(app.url, app.db, 50_00)
  await page.setViewportSize({ width: 390, height: 844 })
  const signIn = async (op: typeof support) => {
    await page.goto('/admin')
    await page.getByLabel('Username').fill(op.username)
    await page.getByLabel('Password').fill(operatorPassword)
    await page.getByLabel('Authenticator code').fill(codeAt(op.totpSecret))
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText(`Signed in as ${op.username}`)).toBeVisible()
  }

  await test.step('support: members and audit only; lock with a reason, then a note', async () => {
    await signIn(support)
    await expect(page.getByRole('tab')).toHaveText(['Members', 'Service', 'Audit', 'My account'])
    await page.getByLabel('Username or mobile number').fill(member.username)
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByRole('button', { name: member.username }).click()
    await expect(page.getByRole('heading', { name: member.username })).toBeVisible()
    await page.getByRole('button', { name: 'Lock', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Lock this member?' })
    await dialog.getByRole('button', { name: 'Lock', exact: true }).click()
    await expect(dialog.getByText('Say why, in 3 to 500 characters.')).toBeVisible()
    await dialog.getByLabel('Reason').fill('Card chargeback under review')
    await dialog.getByRole('button', { name: 'Lock', exact: true }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText('Card chargeback under review')).toBeVisible()
    await page.getByLabel('New note (operators only)').fill('Called the member; waiting for the bank.')
    await page.getByRole('button', { name: 'Add note' }).click()
    await expect(page.getByRole('listitem').filter({ hasText: 'Called the member; waiting for the bank.' })).toContainText(support.username)
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('tab', { name: 'Audit' }).click()
    await expect(page.getByRole('listitem').filter({ hasText: 'Member locked' })).toContainText(`${member.username}: Active → Locked. Reason: Card chargeback under review`)
    await page.getByRole('button', { name: 'Sign out' }).click()
  })

  await test.step('owner: a new operator, its first password and secret shown once', async () => {
    await signIn(owner)
    await page.getByRole('tab', { name: 'Operators' }).click()
    const name = `newop${Date.now() % 100000}`
    await page.getByLabel('Username').fill(name)
    await page.getByLabel('Role').first().selectOption('finance')
    await page.getByRole('button', { name: 'Create operator' }).click()
    const created = page.getByRole('status').filter({ hasText: `${name} was created` })
    await expect(created).toContainText(/([a-z2-7]{4}-){5}[a-z2-7]{4}/)
    await expect(created.getByText(/^[A-Z2-7]{32}$/)).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await created.getByRole('button', { name: 'I have passed them on' }).click()
    await expect(created).toHaveCount(0)
    const card = page.getByRole('listitem', { name })
    await expect(card).toContainText('Active')
    await card.getByLabel('Role').selectOption('support')
    await card.getByRole('button', { name: 'Change role' }).click()
    await page.getByRole('dialog', { name: "Change this operator's role?" }).getByRole('button', { name: 'Change role' }).click()
    await expect(card).toContainText('Support ·')
  })

  await test.step('owner: settings refuse a time zone that is not one, then save', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click()
    const zone = page.getByLabel('Time zone')
    await expect(zone).toHaveValue('Asia/Manila')
    await zone.fill('Mars/Olympus')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByText('Not a time zone: write an IANA name such as Asia/Manila.')).toBeVisible()
    await zone.fill('Europe/Madrid')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByText('Settings saved.')).toBeVisible()
    const status = await (await page.request.get(endpoints.status.path)).json()
    expect(status.value.brand.timeZone).toBe('Europe/Madrid')
    expect(await axeViolations(page)).toEqual([])
  })
})
