/**
 * Player protection inside embeds: a player signed in through the `lk-login` frame on a
 * partner's page gets the reality check there too, with the time since login, the net result and
 * "continue", "see my history" (shown in the frame) and "log out"; each answer is recorded. In English
 * and Spanish (the element's `lang`); the texts are read from the locale files.
 * The session is moved an hour back before the frame first asks for its clock, so the check (every 60
 * minutes by default) is due at sign-in: no waiting, the platform's and the client's clocks untouched.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test, expect, type App, type Page, type PartnerSite } from './partner.ts'
import { gapPercent, solveSliderByKeyboard } from './slider.ts'
import { demo } from './session.ts'

test.describe.configure({ timeout: 180_000 })
const slow = { timeout: 60_000 }

/** Every message of a language, merged from its namespaces. */
const messagesOf = (lang: string): Record<string, string> =>
  Object.assign({}, ...readdirSync(join('locales', lang)).map((f) => JSON.parse(readFileSync(join('locales', lang, f), 'utf8')) as Record<string, string>))

/** Holds the frame's first ask for the session clock until demo01's sessions started an hour ago. */
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

/** The last reality-check answer demo01 gave, as the audit recorded it. */
async function lastAnswer(app: App): Promise<string | undefined> {
  const [row] = await app.db.query<{ detail: string }>(
    "SELECT detail FROM protect_audit WHERE action = 'reality_check' AND member_id = (SELECT id FROM members WHERE username = $1) ORDER BY at DESC LIMIT 1",
    [demo.username],
  )
  return row?.detail
}

for (const lang of ['en', 'es'] as const) {
  const m = messagesOf(lang)
  const t = (key: string, params: Record<string, string> = {}) => m[key].replace(/\{(\w+)\}/g, (_, p: string) => params[p] ?? `{${p}}`)

  /** The partner page with its login frame in `lang`, signed in there as demo01. */
  async function signInInFrame(page: Page, app: App, partner: PartnerSite) {
    await page.goto(partner.url)
    const element = page.locator('lk-login')
    if (lang !== 'en') await element.evaluate((e, l) => e.setAttribute('lang', l), lang)
    const frame = element.frameLocator('iframe')
    await frame.getByLabel(t('auth_field_username'), { exact: true }).fill(demo.username, slow)
    await frame.getByLabel(t('auth_field_password'), { exact: true }).fill(demo.password)
    await frame
      .getByRole('button', { name: t('auth_login_submit'), exact: true })
      .last()
      .click()
    await solveSliderByKeyboard(frame.getByRole('slider', { name: t('auth_slider_label') }), async () => gapPercent(await app.admin.inbox()))
    return frame
  }

  test(`${lang}: the reality check shows in the login frame of a partner page; "see my history" shows the history there and is recorded`, async ({ app, page, partner }) => {
    await anHourAgo(page, app)
    const frame = await signInInFrame(page, app, partner)
    const check = frame.getByRole('alertdialog', { name: t('rg_check_title') })
    await expect(check).toBeVisible(slow)
    await expect(check).toContainText(/1:0\d:\d\d/)
    await check.getByRole('button', { name: t('rg_check_history') }).click()
    await expect(check).toBeHidden(slow)
    const history = frame.getByRole('heading', { name: t('rg_history_title') })
    await expect(history).toBeVisible(slow)
    await expect(frame.getByRole('heading', { name: t('embed_welcome', { username: demo.username }) })).toBeVisible()
    expect(await lastAnswer(app)).toMatch(/^history after \d+ min/)
    await frame.getByRole('button', { name: t('rg_frame_history_close') }).click()
    await expect(history).toBeHidden()
  })

  test(`${lang}: "log out" in the frame's reality check ends the session there and brings the login form back`, async ({ app, page, partner }) => {
    await anHourAgo(page, app)
    const frame = await signInInFrame(page, app, partner)
    const check = frame.getByRole('alertdialog', { name: t('rg_check_title') })
    await expect(check).toBeVisible(slow)
    await check.getByRole('button', { name: t('rg_check_logout') }).click()
    await expect(frame.getByRole('button', { name: t('auth_login_submit'), exact: true }).last()).toBeVisible(slow)
    await expect(check).toBeHidden()
    expect(await lastAnswer(app)).toMatch(/^logout after \d+ min/)
  })
}
