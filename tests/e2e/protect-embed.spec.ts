/**
 * Player protection inside embeds (issue 30): a player signed in through the `lk-login` frame on a
 * partner's page gets the reality check there too, with the time since login, the net result and
 * "continue", "see my history" (shown in the frame) and "log out"; each answer is recorded.
 * The session is moved an hour back before the frame first asks for its clock, so the check (every 60
 * minutes by default) is due at sign-in: no waiting, the platform's and the client's clocks untouched.
 */
import { startPartnerSite, type PartnerSite } from '../../sandbox/partner.ts'
import { test as base, expect, type App, type Page } from './fixtures.ts'
import { gapPercent, solveSliderByKeyboard } from './slider.ts'
import { demo } from './session.ts'

const test = base.extend<{ partner: PartnerSite }>({
  partner: async ({ app }, use) => {
    const partner = await startPartnerSite({ brand: app.url })
    await use(partner)
    await partner.close()
  },
})
test.describe.configure({ timeout: 180_000 })
const slow = { timeout: 60_000 }

/**
 * Holds the frame's first ask for the session clock until demo01's sessions started an hour ago: the
 * reality check (every 60 minutes by default) is then due as the frame signs in.
 */
async function anHourAgo(page: Page, app: App): Promise<void> {
  let moved = false
  await page.context().route('**/wps/member/protect/clock', async (route) => {
    if (!moved) {
      moved = true
      await app.db.query("UPDATE sessions SET created_at = created_at - 3600000 WHERE member_id = (SELECT id FROM members WHERE username = 'demo01')")
    }
    await route.continue()
  })
}

test('the reality check shows in the login frame of a partner page; "see my history" shows the history there and is recorded', async ({ app, page, partner }) => {
  await anHourAgo(page, app)
  await page.goto(partner.url)
  const frame = page.locator('lk-login').frameLocator('iframe')
  await frame.getByLabel('Username', { exact: true }).fill(demo.username, slow)
  await frame.getByLabel('Password', { exact: true }).fill(demo.password)
  await frame.getByRole('button', { name: 'Log in', exact: true }).last().click()
  await solveSliderByKeyboard(frame.getByRole('slider', { name: 'Slide to verify' }), async () => gapPercent(await app.admin.inbox()))

  const check = frame.getByRole('alertdialog', { name: 'Reality check' })
  await expect(check).toBeVisible(slow)
  await expect(check).toContainText(/You have been logged in for 1:0\d:\d\d/)
  await check.getByRole('button', { name: 'See my history' }).click()
  await expect(check).toBeHidden(slow)
  await expect(frame.getByRole('heading', { name: 'Account history (12 months)' })).toBeVisible(slow)
  await expect(frame.getByRole('heading', { name: `Welcome, ${demo.username}!` })).toBeVisible()
  const [answer] = await app.db.query<{ detail: string }>(
    "SELECT detail FROM protect_audit WHERE action = 'reality_check' AND member_id = (SELECT id FROM members WHERE username = $1) ORDER BY at DESC LIMIT 1",
    [demo.username],
  )
  expect(answer?.detail).toMatch(/^history after \d+ min/)
  await frame.getByRole('button', { name: 'Hide the history' }).click()
  await expect(frame.getByRole('heading', { name: 'Account history (12 months)' })).toBeHidden()
})

test('"log out" in the frame\'s reality check ends the session there and brings the login form back', async ({ app, page, partner }) => {
  await anHourAgo(page, app)
  await page.goto(partner.url)
  const frame = page.locator('lk-login').frameLocator('iframe')
  await frame.getByLabel('Username', { exact: true }).fill(demo.username, slow)
  await frame.getByLabel('Password', { exact: true }).fill(demo.password)
  await frame.getByRole('button', { name: 'Log in', exact: true }).last().click()
  await solveSliderByKeyboard(frame.getByRole('slider', { name: 'Slide to verify' }), async () => gapPercent(await app.admin.inbox()))
  const check = frame.getByRole('alertdialog', { name: 'Reality check' })
  await expect(check).toBeVisible(slow)
  await check.getByRole('button', { name: 'Log out' }).click()
  await expect(frame.getByRole('button', { name: 'Log in', exact: true }).last()).toBeVisible(slow)
  await expect(check).toBeHidden()
  const [answer] = await app.db.query<{ detail: string }>(
    "SELECT detail FROM protect_audit WHERE action = 'reality_check' AND member_id = (SELECT id FROM members WHERE username = $1) ORDER BY at DESC LIMIT 1",
    [demo.username],
  )
  expect(answer?.detail).toMatch(/^logout after \d+ min/)
})
