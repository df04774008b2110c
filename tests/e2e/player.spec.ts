import { test, expect, type Page } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'
import { registrationByUsername } from './registration.ts'
import { signedIn } from './session.ts'
import { gapPercent, solveSliderByKeyboard } from './slider.ts'

/**
 * What a player trips over: the forced password change on any page, a refused slider that
 * keeps what was typed, the minimum age.
 */

const slow = { timeout: 30_000 }

test.beforeEach(async ({ page }) => {
  await skipNoticePopup(page)
})
const sliderOf = (page: Page) => page.getByRole('slider', { name: 'Slide to verify' })
const gap = (page: Page) => async () => gapPercent(await (await page.request.get('/sandbox/inbox')).json())

test('a session that must change its password gets the change-password popup on any page, after a reload and in a new tab', async ({ app, page }) => {
  await signedIn(page, app.url, { username: 'weak01', password: '123456' })
  await page.goto('/rng')
  const dialog = page.getByRole('dialog', { name: 'Change password' })
  await expect(dialog).toBeVisible(slow)
  await expect(dialog.getByText('For your security, choose a new password before you continue.')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0)
  // Nothing knows the current password after a reload: the popup asks for it.
  await expect(dialog.getByLabel('Current password')).toBeVisible()

  await page.reload()
  await expect(page.getByRole('dialog', { name: 'Change password' })).toBeVisible(slow)

  // A new tab of the same session (it gets the tab's session storage), on another page.
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.evaluate(() => void window.open('/help'))])
  await expect(tab.getByRole('dialog', { name: 'Change password' })).toBeVisible(slow)
  await tab.close()

  const again = page.getByRole('dialog', { name: 'Change password' })
  await again.getByLabel('Current password').fill('123456')
  await again.getByLabel('New password', { exact: true }).fill('Stronger1x')
  await again.getByLabel('Confirm new password', { exact: true }).fill('Stronger1x')
  await again.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('dialog', { name: 'Change password' })).toHaveCount(0, slow)
  const banner = page.getByRole('banner')
  await expect(banner.getByRole('button', { name: 'Sign out' })).toBeVisible(slow)
  await expect(banner).toContainText('weak01')
  // The balance answers again.
  await expect(banner.getByText(/\d+\.\d{2}/).first()).toBeVisible(slow)
})

test('a session that must change its password can sign out instead', async ({ app, page }) => {
  await signedIn(page, app.url, { username: 'weak01', password: '123456' })
  await page.goto('/')
  const dialog = page.getByRole('dialog', { name: 'Change password' })
  await expect(dialog).toBeVisible(slow)
  // Pressed in the popup itself: no second question (a dialog would open under the popup).
  await dialog.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('dialog', { name: 'Change password' })).toHaveCount(0, slow)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible(slow)
})

test('a refused slider keeps the username and password typed; solved with the keyboard it logs in', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Username', { exact: true }).fill('demo01')
  await page.getByLabel('Password', { exact: true }).fill('demo1234')
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click()
  // Submitted far from the gap (which is never at the start): refused.
  const slider = sliderOf(page)
  await expect(slider).toBeFocused(slow)
  await slider.press('ArrowRight')
  await slider.press('ArrowRight')
  await slider.press('Enter')
  await expect(page.getByRole('alert').first()).toBeVisible(slow)
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue('demo01')
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('demo1234')

  await page.getByRole('button', { name: 'Log in', exact: true }).last().click()
  await solveSliderByKeyboard(sliderOf(page), gap(page))
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible(slow)
})

test('the register form names the platform minimum age and refuses a child’s birthday, keeping what was typed', async ({ app, page }) => {
  await registrationByUsername(app)
  await page.goto('/register')
  await expect(page.getByRole('checkbox', { name: /I am 18 or older/ })).toBeChecked(slow)
  await page.getByLabel('Username', { exact: true }).fill('kid2015x')
  await page.getByLabel('Password', { exact: true }).fill('Secret123x')
  await page.getByLabel('Confirm password', { exact: true }).fill('Secret123x')
  // The birthday is offered, not asked: it waits behind "More about you (optional)".
  await page.getByText('More about you (optional)').click()
  await page.getByLabel('Birthday', { exact: true }).fill('2015-01-01')
  await page.getByRole('button', { name: 'Register', exact: true }).last().click()
  await expect(page.getByText('You must be 18 or older to register.').first()).toBeVisible(slow)
  await expect(sliderOf(page)).toHaveCount(0)
  await expect(page.getByLabel('Birthday', { exact: true })).toHaveValue('2015-01-01')
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Secret123x')

  // The operator's setting: 21, and the box starts unticked.
  const set = await page.request.post(`${app.url}/sandbox/admin/registration`, { data: { minimumAge: 21, termsDefault: false } })
  expect(set.ok()).toBe(true)
  await page.goto('/es/register')
  await expect(page.getByRole('checkbox', { name: /Tengo 21 años o más/ })).not.toBeChecked(slow)
})

test('a warning dialog closes on Escape', async ({ app, page }) => {
  await registrationByUsername(app)
  await page.goto('/register')
  const terms = page.getByRole('checkbox', { name: /I am 18 or older/ })
  await terms.uncheck(slow)
  await page.getByLabel('Username', { exact: true }).fill('escape01')
  await page.getByRole('button', { name: 'Register', exact: true }).last().click()
  const warning = page.getByRole('alertdialog')
  await expect(warning).toContainText('Please agree to the terms.')
  await page.keyboard.press('Escape')
  await expect(warning).toHaveCount(0)
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue('escape01')
})

test('saving the real name, which cannot be changed, asks first; Cancel keeps what was typed', async ({ app, page }) => {
  await signedIn(page, app.url, { username: 'demo01', password: 'demo1234' })
  await page.goto('/')
  const header = page.locator('header')
  await header.getByRole('button', { name: 'Account menu' }).click(slow)
  await header.getByRole('button', { name: 'Member centre', exact: true }).click()
  const region = page.getByRole('dialog', { name: 'Member centre' }).getByRole('region')
  const field = region.getByLabel('Real name', { exact: true })
  await field.fill('maria  santos', slow)
  await region.getByRole('button', { name: 'Save' }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('Maria Santos')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(field).toHaveValue('maria  santos')
  await region.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Save' }).click()
  await expect(region.getByText('Maria Santos', { exact: true })).toBeVisible(slow)
})
