/**
 * The operator back office at /admin: an operator created by the code `npm run operator:create`
 * runs signs in with a code computed as the authenticator app would, approves and pays out the
 * withdrawal a member requested, switches maintenance on, and finds both in the audit.
 */
import { AxeBuilder } from '@axe-core/playwright'
import { endpoints } from '../../sdk/contract/all.ts'
import { codeAt, memberWithWithdrawal, newOperator, operatorPassword } from '../../sandbox/backoffice/testkit.ts'
import { balanceOf } from '../../sandbox/ledger.ts'
import { seriousLines, wcag } from './axe.ts'
import { expect, type Page, test } from './fixtures.ts'

/** The serious and critical axe findings (WCAG 2.2 AA) on the page as it is now. */
const axe = async (page: Page) => seriousLines((await new AxeBuilder({ page }).withTags(wcag).analyze()).violations)

test('an operator approves and pays out a withdrawal and switches maintenance on, both in the audit', async ({ page, app }) => {
  const operator = await newOperator(app.db, 'owner')
  const member = await memberWithWithdrawal(app.url, app.db, 120_00)
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
    await expect(page.getByRole('listitem', { name: `Withdrawal of P 120.00 by ${member.username}` })).toBeVisible()
    expect(await axe(page)).toEqual([])
  })

  await test.step('approve, then pay out, each confirmed', async () => {
    const card = page.getByRole('listitem', { name: `Withdrawal of P 120.00 by ${member.username}` })
    await card.getByRole('button', { name: 'Approve' }).click()
    const approve = page.getByRole('dialog', { name: 'Approve this withdrawal?' })
    await expect(approve).toContainText(`Approve P 120.00 for ${member.username}`)
    expect(await axe(page)).toEqual([])
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

  await test.step('switch maintenance on, confirmed', async () => {
    // The tabs answer the arrow keys, as a tab list does for a keyboard or screen-reader user.
    await page.getByRole('tab', { name: 'Withdrawals' }).focus()
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
    await expect(entries.filter({ hasText: 'Withdrawal paid out' })).toContainText(`${member.username}: P 120.00, Approved, to pay out → Paid out`)
    await expect(entries.filter({ hasText: 'Withdrawal approved' })).toContainText(`${member.username}: P 120.00, Requested → Approved, to pay out`)
    await expect(entries.filter({ hasText: 'Signed in' })).toContainText(operator.username)
    expect(await axe(page)).toEqual([])
  })
})
