/**
 * The customer-service console of the back office: a member writes in the chat from the right bar,
 * a support operator (at a phone's width) finds the conversation waiting, reads it, answers with
 * Enter, and the member sees the answer from customer service; the member's next message reaches the
 * open console without a reload, also one written while the console's connection was down; on a wide screen the list and the conversation sit side by side;
 * the answer is in the audit.
 */
import type { Locator } from 'playwright/test'
import { codeAt, newOperator, operatorPassword } from '../../sandbox/backoffice/testkit.ts'
import { axeViolations } from './axe.ts'
import { expect, type Page, test } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'
import { demo, signedIn } from './session.ts'

test.describe.configure({ timeout: 120_000 })
test.beforeEach(({ page }) => skipNoticePopup(page))

/** The member's chat room, opened from the right bar (a press on it starts its island, and is made again then). */
async function openChat(page: Page): Promise<Locator> {
  await page.goto('/')
  const toggle = page.locator('.lk-sidebar__toggle')
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await page.locator('.lk-sidebar--right').getByRole('button', { name: 'Chat room' }).click()
  const chat = page.getByRole('dialog', { name: 'Chat room' })
  await expect(chat.getByRole('status')).toContainText('Connected', { timeout: 20_000 })
  return chat
}

test('a member writes, support answers from the console, the member sees the answer; the next message arrives live', async ({ page, app, browser }) => {
  const support = await newOperator(app.db, 'support')
  await signedIn(page, app.url, demo)
  const chat = await openChat(page)
  const question = '<b>Where</b> is my deposit?'
  await chat.getByLabel('Message').fill(question)
  await chat.getByRole('button', { name: 'Send' }).click()
  const playerLog = chat.getByRole('log', { name: 'Conversation' })
  await expect(playerLog.getByText(question)).toBeVisible()

  // The operator, in a browser of their own, at a phone's width.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const ops = await context.newPage()
  const opsErrors: string[] = []
  ops.on('pageerror', (error) => opsErrors.push(error.message))
  await ops.goto(`${app.url}/admin`)
  await ops.getByLabel('Username').fill(support.username)
  await ops.getByLabel('Password').fill(operatorPassword)
  await ops.getByLabel('Authenticator code').fill(codeAt(support.totpSecret))
  await ops.getByRole('button', { name: 'Sign in' }).click()
  await expect(ops.getByText(`Signed in as ${support.username}`)).toBeVisible()
  await expect(ops.getByRole('tab')).toHaveText(['Members', 'Service', 'Audit', 'My account'])

  await test.step('the conversation waits in the list, and opens with its history', async () => {
    await ops.getByRole('tab', { name: 'Service' }).click()
    await expect(ops.getByRole('status').filter({ hasText: 'Live' })).toBeVisible({ timeout: 20_000 })
    const row = ops.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /demo01/ })
    await expect(row).toContainText('1 unread')
    await expect(row).toContainText(question)
    await expect(row).toContainText(/Waiting (under a minute|\d+ min)/)
    expect(await axeViolations(ops)).toEqual([])
    await row.click()
    const log = ops.getByRole('log', { name: 'Messages with demo01' })
    // Text as the member typed it, never HTML.
    await expect(log.getByText(question)).toBeVisible()
    await expect(log.locator('b')).toHaveCount(0)
    // One column on a phone: the list gives way to the conversation, with a way back.
    await expect(ops.getByRole('list', { name: 'Conversations' })).toBeHidden()
    await expect(ops.getByRole('button', { name: 'Back to conversations' })).toBeVisible()
    expect(await axeViolations(ops)).toEqual([])
  })

  await test.step('an answer written over two lines (Shift+Enter) is sent with Enter and reaches the member from customer service', async () => {
    const answer = ops.getByLabel('Answer')
    await answer.fill('Hello! We are on it.')
    await answer.press('Shift+Enter')
    await answer.pressSequentially('<i>Checking</i> now')
    await answer.press('Enter')
    const sent = 'Hello! We are on it.\n<i>Checking</i> now'
    const log = ops.getByRole('log', { name: 'Messages with demo01' })
    await expect(log.getByRole('listitem').filter({ hasText: 'Checking' })).toContainText(`Customer service (${support.username})`)
    await expect(answer).toHaveValue('')
    await expect(ops.getByRole('button', { name: 'All seen' })).toBeDisabled()
    const theirs = playerLog.getByRole('listitem').filter({ hasText: 'Checking' })
    await expect(theirs).toBeVisible({ timeout: 20_000 })
    await expect(theirs.locator('.lk-chat__text')).toHaveText(sent)
    await expect(theirs).toContainText('Customer service')
    await expect(theirs).not.toContainText(support.username)
  })

  await test.step("the member's next message reaches the open console without a reload", async () => {
    await chat.getByLabel('Message').fill('Thank you, I will wait')
    await chat.getByRole('button', { name: 'Send' }).click()
    const log = ops.getByRole('log', { name: 'Messages with demo01' })
    await expect(log.getByText('Thank you, I will wait')).toBeVisible({ timeout: 20_000 })
    const seen = ops.getByRole('button', { name: 'Mark 1 as seen' })
    await seen.click()
    await expect(ops.getByRole('button', { name: 'All seen' })).toBeDisabled()
  })

  await test.step("the operator's connection drops: what the member wrote meanwhile arrives when it comes back", async () => {
    const live = ops.getByRole('status').filter({ hasText: /Live|Connection lost|Connecting/ })
    await context.setOffline(true)
    await expect(live).toHaveText(/Connection lost|Connecting/, { timeout: 20_000 })
    await chat.getByLabel('Message').fill('Written while you were away')
    await chat.getByRole('button', { name: 'Send' }).click()
    await expect(playerLog.getByText('Written while you were away')).toBeVisible()
    await context.setOffline(false)
    await expect(live).toHaveText('Live', { timeout: 20_000 })
    await expect(ops.getByRole('log', { name: 'Messages with demo01' }).getByText('Written while you were away')).toBeVisible({ timeout: 20_000 })
    await expect(ops.getByRole('button', { name: 'Mark 1 as seen' })).toBeEnabled()
  })

  await test.step('on a wide screen the list and the conversation sit side by side', async () => {
    await ops.setViewportSize({ width: 1280, height: 900 })
    await expect(ops.getByRole('list', { name: 'Conversations' })).toBeVisible()
    await expect(ops.getByRole('log', { name: 'Messages with demo01' })).toBeVisible()
    await expect(ops.getByRole('button', { name: 'Back to conversations' })).toBeHidden()
  })

  await test.step('the answer is in the audit', async () => {
    await ops.getByRole('tab', { name: 'Audit' }).click()
    await expect(ops.getByRole('listitem').filter({ hasText: 'Chat answered' })).toContainText('demo01: Hello! We are on it.')
  })
  expect(opsErrors).toEqual([])
  await context.close()
})

test('an operator changes their own password and replaces their authenticator from My account', async ({ page, app }) => {
  const op = await newOperator(app.db, 'content')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/admin')
  await page.getByLabel('Username').fill(op.username)
  await page.getByLabel('Password').fill(operatorPassword)
  // Codes of the previous, current and next steps: each proves once.
  await page.getByLabel('Authenticator code').fill(codeAt(op.totpSecret, Date.now(), -1))
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText(`Signed in as ${op.username}`)).toBeVisible()
  // A content operator: the content editor, the audit and their own account.
  await expect(page.getByRole('tab')).toHaveText(['Content', 'Audit', 'My account'])
  await page.getByRole('tab', { name: 'My account' }).click()
  const newPassword = 'a new passphrase of mine'

  await test.step('a new password, refused under the rule, then changed', async () => {
    const form = page.getByRole('form', { name: 'Change my password' })
    await form.getByLabel('Current password').fill(operatorPassword)
    await form.getByLabel('New password', { exact: true }).fill('short')
    await form.getByLabel('New password again').fill('short')
    await form.getByLabel('Authenticator code').fill(codeAt(op.totpSecret))
    await form.getByRole('button', { name: 'Change password' }).click()
    await expect(form.getByText('At least 12 characters.').last()).toBeVisible()
    await form.getByLabel('New password', { exact: true }).fill(newPassword)
    await form.getByLabel('New password again').fill(newPassword)
    await form.getByRole('button', { name: 'Change password' }).click()
    await expect(form.getByRole('status')).toHaveText('Password changed. 0 other sessions signed out.')
    expect(await axeViolations(page)).toEqual([])
  })

  await test.step('a new authenticator: its secret shown once, in effect after a code from it', async () => {
    const section = page.getByRole('region', { name: 'Replace my authenticator' })
    await section.getByLabel('Current password').fill(newPassword)
    await section.getByLabel('Code from your current authenticator').fill(codeAt(op.totpSecret, Date.now(), 1))
    await section.getByRole('button', { name: 'Make a new secret' }).click()
    const secret = section.getByText(/^[A-Z2-7]{32}$/)
    await expect(secret).toBeVisible()
    const fresh = (await secret.textContent()) ?? ''
    expect(await axeViolations(page)).toEqual([])
    await section.getByLabel('Code from the new authenticator').fill(codeAt(fresh))
    await section.getByRole('button', { name: 'Confirm new authenticator' }).click()
    await expect(section.getByRole('status')).toHaveText('Your new authenticator is in effect; codes from the old one no longer work.')
    await expect(section.getByText(fresh)).toHaveCount(0)
  })

  await test.step('both in the audit', async () => {
    await page.getByRole('tab', { name: 'Audit' }).click()
    const entries = page.getByRole('listitem')
    await expect(entries.filter({ hasText: 'Own password changed' })).toContainText(op.username)
    await expect(entries.filter({ hasText: 'Authenticator replaced' })).toContainText(op.username)
  })
})
