import { type Mailbox, startMailbox } from '../../sandbox/delivery/mailbox.ts'
import { smtpEmail } from '../../sandbox/delivery/smtp.ts'
import { startSandbox } from '../../sandbox/testing.ts'
import { test as base, expect, siteDir } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'

// A forgotten password reset through a real email: the sandbox mails over SMTP (nodemailer) to a local
// SMTP server, the player reads the link in the message and sets a new password with it, once.

/** The site's public address the emails name (SITE_URL); the journey opens the link's path on the test's origin. */
const SITE_URL = 'https://casino.example'
const slow = { timeout: 15_000 }

const test = base.extend<{ mailbox: Mailbox }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter's destructuring; it must be written `{}` when there are none
  mailbox: async ({}, use) => {
    const mailbox = await startMailbox()
    await use(mailbox)
    await mailbox.close()
  },
  app: async ({ mailbox }, use) => {
    const sandbox = await startSandbox({
      staticDir: siteDir,
      delivery: { email: smtpEmail({ url: mailbox.url, from: 'Lobbykit <no-reply@casino.example>' }), siteUrl: SITE_URL },
    })
    await use({ url: sandbox.url, admin: sandbox.admin, db: sandbox.db })
    await sandbox.close()
  },
})

test('resets a password with the link of the email the mail server received; the link works once', async ({ app, mailbox, page }) => {
  // Password hashing and a fresh sandbox are slow on a shared machine.
  test.setTimeout(120_000)
  await skipNoticePopup(page)
  await app.admin.setFlag('PHONEVERIFY3', false)
  await page.goto('/forget')
  await page.getByLabel('Username', { exact: true }).fill('demo01')
  await page.getByLabel('Email', { exact: true }).fill('demo01@example.com')
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible(slow)

  const mail = await mailbox.next()
  expect(mail.to).toEqual(['demo01@example.com'])
  expect(mail.headers.subject).toBe('Reset your password')
  const link = new RegExp(`${SITE_URL.replace(/\./g, '\\.')}(/forget#reset=[A-Za-z0-9_-]{43})`).exec(mail.text)
  expect(link).not.toBeNull()
  const path = (link as RegExpExecArray)[1]
  expect(mail.html).toContain(`href="${SITE_URL}${path}"`)
  // Mailed for real: nothing in the dev inbox.
  expect((await app.admin.inbox()).email).toEqual([])

  // Opened from the mail program: a new page load (not a change of fragment on the open /forget).
  await page.goto('/login')
  await page.goto(path)
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible(slow)
  await page.getByLabel('New password', { exact: true }).fill('Mailed5678x')
  await page.getByLabel('Confirm new password', { exact: true }).fill('Mailed5678x')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeFocused(slow)

  // Opened again from the email: used up.
  await page.goto('/login')
  await page.goto(path)
  await page.getByLabel('New password', { exact: true }).fill('Other5678x')
  await page.getByLabel('Confirm new password', { exact: true }).fill('Other5678x')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByText('This reset link was already used or is not valid. Ask for a new one.')).toBeVisible(slow)
})
