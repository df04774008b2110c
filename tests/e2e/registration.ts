import { expect, type App, type Page } from './fixtures.ts'

/**
 * Registration by username alone: the form asks for no mobile number and no SMS code. For journeys
 * about something else than how a player proves a mobile number (the SMS journeys set their own flags).
 */
export async function registrationByUsername(app: App): Promise<void> {
  await app.admin.setFlag('USERNAMEREG3', true)
  await app.admin.setFlag('MOBILENUMREG3', false)
  await app.admin.setFlag('REGSMS3', false)
}

/**
 * Fills the registration form's captcha with the dev inbox's answer when the form shows one (the field
 * rules decide); `t` gives the labels in the page's language.
 */
export async function answerCaptchaIfShown(page: Page, t: (key: string) => string): Promise<void> {
  const captcha = page.getByLabel(t('auth_field_captcha'), { exact: true })
  if (!(await captcha.isVisible())) return
  await expect(page.getByRole('img', { name: t('auth_captcha_alt') })).toBeVisible({ timeout: 20_000 })
  await captcha.fill(((await (await page.request.get('/sandbox/inbox')).json()) as { captcha: { answer: string }[] }).captcha[0].answer)
}
