/**
 * Player protection journeys, in English and Spanish, as a player who wants to stop: set a
 * daily deposit limit in the member centre and see a deposit over it refused while one at it passes;
 * lower it (at once) and raise it (pending 24 hours, then confirmed); see the reality check over a game
 * after the interval; take a 24-hour time-out and find login refused with its end date.
 * The texts are read from the locale files, so both languages run the same steps.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test, expect as baseExpect, type Page } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'
import { registrationByUsername, answerCaptchaIfShown } from './registration.ts'
import { brandTime, demo, signedIn } from './session.ts'
import { gapPercent, solveSliderByKeyboard } from './slider.ts'

test.describe.configure({ timeout: 360_000 })
test.beforeEach(async ({ page }) => skipNoticePopup(page))

const expect = baseExpect.configure({ timeout: 20_000 })
const firstLoad = 60_000
const slow = { timeout: 30_000 }

/** Every message of a language, merged from its namespaces. */
const messagesOf = (lang: string): Record<string, string> =>
  Object.assign({}, ...readdirSync(join('locales', lang)).map((f) => JSON.parse(readFileSync(join('locales', lang, f), 'utf8')) as Record<string, string>))
/** A message with its `{params}` filled. */
const textOf = (m: Record<string, string>, key: string, params: Record<string, string> = {}) => m[key].replace(/\{(\w+)\}/g, (_, p: string) => params[p] ?? `{${p}}`)
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A message as a pattern: its `{params}` match anything. */
const patternOf = (m: Record<string, string>, key: string) => new RegExp(escapeRegExp(m[key]).replace(/\\\{\w+\\\}/g, '.+'))

const header = (page: Page) => page.locator('header')

for (const lang of ['en', 'es'] as const) {
  const m = messagesOf(lang)
  const t = (key: string, params?: Record<string, string>) => textOf(m, key, params)
  const prefix = lang === 'en' ? '' : '/es'
  const centre = (page: Page) => page.getByRole('dialog', { name: t('shell_menu_member_centre') })
  // The open centre page: a region named by its title (its sections are regions of their own).
  const panel = (page: Page, key = 'centre_member_responsibleGaming') => centre(page).getByRole('region', { name: t(key), exact: true })
  const deposit = (page: Page) => panel(page, 'centre_member_depositv2')
  /** An amount as the page shows it in this language (`₱150.00`, `150,00 ₱`). */
  const shown = (whole: number) => new RegExp(lang === 'en' ? `^₱${whole}\\.00$` : `^${whole},00\\s₱$`)

  async function openResponsibleGaming(page: Page): Promise<void> {
    await header(page)
      .getByRole('button', { name: t('shell_menu') })
      .click({ timeout: firstLoad })
    await header(page)
      .getByRole('button', { name: t('shell_menu_responsible'), exact: true })
      .click()
    await expect(panel(page).getByRole('heading', { name: t('rg_kind_deposit') })).toBeVisible({ timeout: firstLoad })
  }
  const limitForm = (page: Page, key: string) => panel(page).getByRole('form', { name: t(key) })

  test(`${lang}: a daily deposit limit refuses a deposit over it, is lowered at once and raised after 24 hours and a confirmation`, async ({ page, app }) => {
    await signedIn(page, app.url, demo)
    await page.goto(`${prefix}/`)
    await openResponsibleGaming(page)
    // A new player is asked for a deposit limit.
    await expect(panel(page).getByRole('heading', { name: t('rg_prompt_title') })).toBeVisible()

    const daily = limitForm(page, 'rg_day_deposit')
    await daily.getByLabel(t('rg_day_deposit'), { exact: true }).fill('abc')
    await daily.getByRole('button', { name: t('rg_save') }).click()
    await expect(daily.getByText(m.money_err_amount_invalid)).toBeVisible()
    await expect(daily.getByLabel(t('rg_day_deposit'), { exact: true })).toHaveValue('abc')
    await daily.getByLabel(t('rg_day_deposit'), { exact: true }).fill('150')
    await daily.getByRole('button', { name: t('rg_save') }).click()
    await expect(panel(page).getByText(shown(150))).toBeVisible()
    await expect(panel(page).getByRole('heading', { name: t('rg_prompt_title') })).toBeHidden()

    // The deposit page says which limit is left and until when; one minor unit over is refused, exactly at it passes.
    await centre(page)
      .getByRole('navigation')
      .getByRole('button', { name: t('centre_member_depositv2') })
      .click()
    await expect(deposit(page).getByText(patternOf(m, 'rg_deposit_room'))).toContainText(t('rg_day_deposit'))
    await deposit(page).getByLabel(t('money_amount'), { exact: true }).fill('150.01')
    await deposit(page)
      .getByRole('button', { name: t('money_deposit_submit'), exact: true })
      .click()
    await expect(deposit(page).getByText(m.err_limit_reached)).toBeVisible(slow)
    await expect(deposit(page).getByLabel(t('money_amount'), { exact: true })).toHaveValue('150.01')
    await deposit(page).getByLabel(t('money_amount'), { exact: true }).fill('150')
    await deposit(page)
      .getByRole('button', { name: t('money_deposit_submit'), exact: true })
      .click()
    await expect(deposit(page).getByText(patternOf(m, 'money_order_pending'))).toContainText(/150[.,]00/, slow)

    // Lower: at once. Raise: pending with its date, applied only after 24 hours and a confirmation.
    await centre(page)
      .getByRole('navigation')
      .getByRole('button', { name: t('centre_member_responsibleGaming') })
      .click()
    await daily.getByLabel(t('rg_day_deposit'), { exact: true }).fill('120')
    await daily.getByRole('button', { name: t('rg_save') }).click()
    await expect(panel(page).getByText(shown(120))).toBeVisible()
    await daily.getByLabel(t('rg_day_deposit'), { exact: true }).fill('500')
    await daily.getByRole('button', { name: t('rg_save') }).click()
    await expect(panel(page).getByText(patternOf(m, 'rg_pending'))).toContainText(/500[.,]00/)
    await expect(panel(page).getByText(shown(120))).toBeVisible()
    await expect(panel(page).getByRole('button', { name: t('rg_pending_confirm') })).toHaveCount(0)
    // 24 hours pass (the platform's record of the request is moved back a day).
    await app.db.query("UPDATE protect_limits SET pending_at = pending_at - 86400000 WHERE kind = 'deposit' AND period = 'day'")
    await centre(page)
      .getByRole('navigation')
      .getByRole('button', { name: t('centre_member_depositv2') })
      .click()
    await centre(page)
      .getByRole('navigation')
      .getByRole('button', { name: t('centre_member_responsibleGaming') })
      .click()
    await panel(page)
      .getByRole('button', { name: t('rg_pending_confirm') })
      .click()
    await expect(panel(page).getByText(shown(500))).toBeVisible()
    // Every change is listed with its time and address.
    const audit = panel(page).getByRole('region', { name: t('rg_audit_title') })
    await expect(audit.getByText(t('rg_audit_limit_change_confirmed'))).toBeVisible()
    await expect(audit.getByText(t('rg_audit_limit_lowered'))).toBeVisible()
    await expect(audit.getByText(t('rg_audit_ip', { ip: '127.0.0.1' })).first()).toBeVisible()
  })

  test(`${lang}: the reality check shows over a game; a 24-hour time-out ends the session and login is refused with its end`, async ({ page, app, browser }) => {
    test.slow()
    await signedIn(page, app.url, demo)
    // Once the game page asks for the session clock, the session started an hour ago: the check (every
    // 60 minutes by default) is due over the game at once, not a minute of waiting later.
    let moved = false
    await page.context().route('**/wps/member/protect/clock', async (route) => {
      if (!moved && /\/game\/?$/.test(new URL(route.request().frame().url()).pathname)) {
        moved = true
        await app.db.query("UPDATE sessions SET created_at = created_at - 3600000 WHERE member_id = (SELECT id FROM members WHERE username = 'demo01')")
      }
      await route.continue()
    })
    await page.goto(`${prefix}/rng`)
    const search = page.getByRole('searchbox', { name: t('lobby_search_label') })
    // The seeded game's name in this language (sandbox/seed/catalogue.ts).
    const game = lang === 'en' ? 'Lucky Koi Hold & Win' : 'Koi Afortunado Retén y Gana'
    await search.fill(game.split(' ').slice(0, 2).join(' '))
    await search.press('Enter')
    await page.getByRole('button', { name: game, exact: true }).click({ timeout: firstLoad })
    await expect(page).toHaveURL(/\/game\/?(\?|$)/, { timeout: firstLoad })
    // The game frame speaks the page's language (sandbox/games/strings.ts).
    await expect(page.frameLocator(`iframe[title="${t('lobby_game_frame_title')}"]`).getByRole('button', { name: lang === 'en' ? 'Spin' : 'Girar' })).toBeVisible({
      timeout: firstLoad,
    })

    const check = page.getByRole('dialog', { name: t('rg_check_title') })
    await expect(check).toBeVisible({ timeout: firstLoad })
    await expect(check.getByText(patternOf(m, 'rg_check_text'))).toContainText(/1:0\d:\d\d/)
    // The game page keeps the time and the net position in view.
    await expect(page.getByRole('region', { name: t('rg_bar_label') })).toContainText(/1:0\d:\d\d/)
    await check.getByRole('button', { name: t('rg_check_continue') }).click()
    await expect(check).toBeHidden()

    // Take a 24-hour time-out: review, confirm; the session ends at once.
    await page.goto(`${prefix}/`)
    await openResponsibleGaming(page)
    const form = panel(page).getByRole('form', { name: t('rg_break_title') })
    await form.getByLabel(t('rg_break_kind')).selectOption('timeout')
    await form.getByLabel(t('rg_break_duration')).selectOption('24h')
    await form.getByRole('button', { name: t('rg_break_next') }).click()
    await expect(panel(page).getByText(t('rg_break_review_timeout', { duration: t('rg_duration_24h') }))).toBeVisible()
    await panel(page)
      .getByRole('button', { name: t('rg_break_confirm') })
      .click()
    await expect(page.getByRole('banner').getByRole('link', { name: t('shell_login') })).toBeVisible(slow)

    // Login is refused with the end of the time-out (in a fresh tab: this one's test set-up would put
    // the ended session back into its storage).
    const fresh = await (await browser.newContext({ baseURL: app.url })).newPage()
    await skipNoticePopup(fresh)
    await fresh.goto(`${prefix}/login`)
    const login = fresh.getByRole('form', { name: t('auth_login_title') })
    await login.getByLabel(t('auth_field_username'), { exact: true }).fill(demo.username)
    await login.getByLabel(t('auth_field_password'), { exact: true }).fill(demo.password)
    await login.getByRole('button', { name: t('auth_login_submit'), exact: true }).click()
    await solveSliderByKeyboard(fresh.getByRole('slider', { name: t('auth_slider_label') }), async () => gapPercent(await (await fresh.request.get('/sandbox/inbox')).json()))
    const [row] = await app.db.query<{ until: number }>("SELECT break_until AS until FROM protect_members WHERE member_id = (SELECT id FROM members WHERE username = 'demo01')")
    const until = brandTime(Number(row.until))
    await expect(fresh.getByRole('alert').filter({ hasText: t('err_account_excluded_timeout', { until }) })).toBeVisible(slow)
    await fresh.context().close()
  })

  test(`${lang}: on a time-out the refused login offers "Withdraw my balance", which opens the withdrawal alone`, async ({ page, app }) => {
    test.slow()
    const until = Date.now() + 7 * 24 * 3_600_000
    await app.db.query(
      `INSERT INTO protect_members (member_id, break_kind, break_until) SELECT id, 'timeout', $1 FROM members WHERE username = 'demo01'
       ON CONFLICT (member_id) DO UPDATE SET break_kind = 'timeout', break_until = $1`,
      [until],
    )
    await page.goto(`${prefix}/login`)
    const login = page.getByRole('form', { name: t('auth_login_title') })
    await login.getByLabel(t('auth_field_username'), { exact: true }).fill(demo.username, { timeout: firstLoad })
    await login.getByLabel(t('auth_field_password'), { exact: true }).fill(demo.password)
    await login.getByRole('button', { name: t('auth_login_submit'), exact: true }).click()
    const slider = () =>
      solveSliderByKeyboard(page.getByRole('slider', { name: t('auth_slider_label') }), async () => gapPercent(await (await page.request.get('/sandbox/inbox')).json()))
    await slider()
    const shownUntil = brandTime(until)
    await expect(page.getByRole('alert').filter({ hasText: t('err_account_excluded_timeout', { until: shownUntil }) })).toBeVisible(slow)
    // The password was right: it stays, and the player may open a withdrawal-only session.
    await expect(login.getByLabel(t('auth_field_password'), { exact: true })).toHaveValue(demo.password)
    await login.getByRole('button', { name: t('auth_withdraw_only') }).click()
    await slider()
    const withdraw = panel(page, 'centre_member_withdraw')
    await expect(withdraw.getByText(t('money_withdrawable'))).toBeVisible({ timeout: firstLoad })
    // Nothing else is offered: no deposit, no rewards, no responsible gaming page to change limits from.
    await expect(centre(page).getByText(t('centre_member_depositv2'), { exact: true })).toHaveCount(0)
    await expect(centre(page).getByText(t('centre_member_rewardCenter'), { exact: true })).toHaveCount(0)
    // And the platform refuses a stake for this session whatever the page does.
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('token') ?? 'null') as string | null)
    expect(token).toBeTruthy()
    const res = await page.request.get('/wps/member/protect', { headers: { Authorization: `Bearer ${token}` } })
    expect(res.status()).toBe(403)
    expect(((await res.json()) as { code: string }).code).toBe('account_excluded')
    // No promotion offers meanwhile: neither the editors' articles nor the platform's live ones.
    await page.goto(`${prefix}/promotions`)
    await expect(page.getByRole('status').filter({ hasText: t('shell_promotions_paused') })).toBeVisible({ timeout: firstLoad })
    await expect(page.getByRole('heading', { name: t('shell_promotions_live') })).toBeHidden()
  })

  test(`${lang}: registration asks for a deposit limit on the next page; skipping is an explicit, recorded choice`, async ({ page, app }) => {
    test.slow()
    await registrationByUsername(app)
    const username = `rg${lang}${Date.now() % 1_000_000}`
    await page.goto(`${prefix}/register`)
    await page.getByLabel(t('auth_field_username'), { exact: true }).fill(username, { timeout: firstLoad })
    await page.getByLabel(t('auth_field_password'), { exact: true }).fill('Secret123x')
    await page.getByLabel(t('auth_field_confirmPassword'), { exact: true }).fill('Secret123x')
    await answerCaptchaIfShown(page, t)
    await page
      .getByRole('button', { name: t('auth_register_submit'), exact: true })
      .last()
      .click()
    await solveSliderByKeyboard(page.getByRole('slider', { name: t('auth_slider_label') }), async () => gapPercent(await (await page.request.get('/sandbox/inbox')).json()))
    // The next page asks, with the deposit page's own question.
    const ask = page.getByRole('region', { name: t('rg_prompt_title') })
    await expect(ask).toBeVisible({ timeout: firstLoad })
    await expect(ask.getByRole('button', { name: t('rg_day_deposit') })).toBeVisible()
    await ask.getByRole('button', { name: t('rg_prompt_skip') }).click()
    await expect(ask).toBeHidden(slow)
    const [row] = await app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM protect_audit WHERE action = 'deposit_limit_skipped' AND member_id = (SELECT id FROM members WHERE username = $1)",
      [username],
    )
    expect(row.n).toBe(1)
    // Answered: the next page does not ask again.
    await page.reload()
    await expect(page.getByRole('banner')).toContainText(username, { timeout: firstLoad })
    await expect(ask).toBeHidden()
  })
}
