/**
 * The money journey in Chinese and Vietnamese (issue 40, "Judged by"): on a 390 px phone a visitor
 * switches to 中文 or Tiếng Việt from the menu, registers, deposits through the payment page, plays a
 * round of a slot, sets what a withdrawal needs (real name, payment password, bank account), withdraws
 * and finds the withdrawal in the account record. At every step no English interface text is shown
 * (the detector of tests/e2e/english.ts) and no control is clipped, covered or cut (fit-problems.ts).
 * The texts are read from the locale files, so both languages run the same steps.
 */
import { test, expect as baseExpect, type Page } from './fixtures.ts'
import { englishIn, englishOf, table } from './english.ts'
import { problemsOf, splitTermsOf } from './fit-problems.ts'
import { skipNoticePopup } from './popups.ts'
import { registrationByUsername, answerCaptchaIfShown } from './registration.ts'
import { hydrated, settled } from './settled.ts'
import { gapPercent, solveSliderByKeyboard } from './slider.ts'

// Some twenty steps after a fresh sandbox, on a loaded machine.
test.describe.configure({ timeout: 300_000 })
test.beforeEach(async ({ page }) => skipNoticePopup(page))

const expect = baseExpect.configure({ timeout: 20_000 })
const firstLoad = 60_000
// Passwords are hashed with scrypt (deliberately slow): a few seconds on a loaded machine.
const slow = { timeout: 30_000 }

/**
 * The fonts the browser drew an element's own text with (Chromium's record of it): the family names,
 * and whether any was a web font. `mark` is a CSS selector naming the element.
 */
async function fontsOf(page: Page, mark: string): Promise<{ families: string[]; webFont: boolean }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('DOM.enable')
  await cdp.send('CSS.enable')
  const { root } = await cdp.send('DOM.getDocument')
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: mark })
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
  await cdp.detach()
  return { families: [...new Set(fonts.map((f) => f.familyName))], webFont: fonts.some((f) => f.isCustomFont) }
}

const languages = [
  { lang: 'cn', name: '中文', html: 'zh-CN', spin: '旋转' },
  { lang: 'vi', name: 'Tiếng Việt', html: 'vi', spin: 'Quay' },
] as const

for (const { lang, name, html, spin } of languages) {
  const m = table(lang)
  const t = (key: string, params: Record<string, string> = {}) => m[key].replace(/\{(\w+)\}/g, (_, p: string) => params[p] ?? `{${p}}`)
  const english = englishOf(lang)
  // A message as a pattern: its `{params}` match anything.
  const pattern = (key: string) => new RegExp(m[key].replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '.+'))
  const centre = (page: Page) => page.getByRole('dialog', { name: t('shell_menu_member_centre') })
  // The open centre page: a region named by its title.
  const panel = (page: Page, key: string) => centre(page).getByRole('region', { name: t(key), exact: true })

  /** No English and no clipped control in what `selector` matches (the page, a popup). */
  async function clean(page: Page, step: string, selector = 'body'): Promise<void> {
    await settled(page)
    expect(await englishIn(page, selector, english), `English ${step} (${name})`).toEqual([])
    expect(await problemsOf(page, { text: true }), `clipped or covered controls ${step} (${name})`).toEqual([])
    if (lang === 'cn') expect(await splitTermsOf(page), `Chinese terms split across lines ${step}`).toEqual([])
  }

  /** Opens a member centre page from the phone's bottom bar (390 px has no header account menu). */
  async function openCentre(page: Page, item: 'mobile_bar_deposit' | 'mobile_bar_account'): Promise<void> {
    await page
      .getByRole('navigation', { name: t('mobile_bar_label') })
      .getByRole('button', { name: t(item), exact: true })
      .click({ timeout: firstLoad })
    await expect(centre(page)).toBeVisible({ timeout: firstLoad })
  }
  const goTo = (page: Page, key: string) =>
    centre(page)
      .getByRole('navigation')
      .getByRole('button', { name: t(key) })
      .click()

  test(`${name}: register, deposit, play, withdraw at 390 px with no English and no clipped control`, async ({ page, app }) => {
    await registrationByUsername(app)
    // Vietnamese and Chinese are drawn in the system's fonts: the journey downloads no font.
    const fontDownloads: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'font') fontDownloads.push(r.url())
    })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    await hydrated(page)

    await test.step('switch language from the menu', async () => {
      await page.getByRole('button', { name: 'Menu', exact: true }).click()
      const select = page.locator('select[data-lk-lang]').filter({ visible: true }).first()
      await expect(select.locator(`option[value="${lang}"]`)).toHaveText(name)
      await select.selectOption(lang)
      await page.waitForFunction((tag) => document.documentElement.lang === tag && document.readyState === 'complete', html)
      await hydrated(page)
      await clean(page, 'on the home page')
      if (lang === 'vi') {
        // A text with stacked diacritics (ặ, ề, ữ…) is drawn in one system font: no letter falls back to another.
        const marked = await page.evaluate(() => {
          const el = [...document.querySelectorAll<HTMLElement>('main *')].find(
            (e) => e.checkVisibility() && [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && /[ặằẳẵắậầẩẫấềểễếệồổỗốộờởỡớợừửữứựỳỷỹỵđ]/i.test(n.textContent ?? '')),
          )
          el?.setAttribute('data-vi-fonts', '')
          return el?.textContent ?? null
        })
        expect(marked, 'a Vietnamese text with stacked diacritics on the home page').toBeTruthy()
        const fonts = await fontsOf(page, '[data-vi-fonts]')
        expect(fonts, `the fonts drawing "${marked}"`).toEqual({ families: [expect.any(String)], webFont: false })
      }
    })

    const username = `${lang}${Date.now() % 100_000_000}`
    await test.step('register', async () => {
      await page
        .getByRole('banner')
        .getByRole('link', { name: t('shell_register'), exact: true })
        .click()
      await page.getByLabel(t('auth_field_username'), { exact: true }).fill(username, { timeout: firstLoad })
      await page.getByLabel(t('auth_field_password'), { exact: true }).fill('Secret123x')
      await page.getByLabel(t('auth_field_confirmPassword'), { exact: true }).fill('Secret123x')
      await answerCaptchaIfShown(page, t)
      await clean(page, 'on the registration form')
      await page
        .getByRole('button', { name: t('auth_register_submit'), exact: true })
        .last()
        .click()
      await solveSliderByKeyboard(page.getByRole('slider', { name: t('auth_slider_label') }), async () => gapPercent(await (await page.request.get('/sandbox/inbox')).json()))
      // A new player is asked for a deposit limit first; this one declines.
      const ask = page.getByRole('region', { name: t('rg_prompt_title') })
      await expect(ask).toBeVisible({ timeout: firstLoad })
      await clean(page, 'on the deposit limit question')
      await ask.getByRole('button', { name: t('rg_prompt_skip') }).click()
      await expect(ask).toBeHidden(slow)
      await expect(page.getByRole('banner')).toContainText(username, { timeout: firstLoad })
      await clean(page, 'signed in on the home page')
    })

    await test.step('read the promotions', async () => {
      await page.goto(`/${lang}/promotions`)
      await hydrated(page)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: firstLoad })
      await clean(page, 'on the promotions page')
    })

    await test.step('deposit through the payment page', async () => {
      await openCentre(page, 'mobile_bar_deposit')
      const deposit = panel(page, 'centre_member_depositv2')
      await deposit.getByLabel(t('money_amount'), { exact: true }).fill('100', { timeout: firstLoad })
      await clean(page, 'on the deposit page')
      const [gateway] = await Promise.all([page.waitForEvent('popup'), deposit.getByRole('button', { name: t('money_deposit_submit'), exact: true }).click()])
      await expect(deposit.getByText(pattern('money_order_pending'))).toBeVisible()
      await clean(page, 'while the payment is awaited')
      // The payment provider's page (the sandbox's stand-in) is the provider's, not the site's.
      await gateway.getByRole('button', { name: 'Pay 100.00' }).click()
      await expect(gateway.getByRole('heading', { name: 'Payment complete' })).toBeVisible()
      await gateway.close()
      await expect(deposit.getByText(pattern('money_order_paid'))).toBeVisible({ timeout: firstLoad })
      await clean(page, 'after the payment')
    })

    await test.step('play a round of a slot', async () => {
      await page.goto(`/${lang}/rng`)
      await hydrated(page)
      const search = page.getByRole('searchbox', { name: t('lobby_search_label') })
      await search.fill('Lucky Koi', { timeout: firstLoad })
      await search.press('Enter')
      const game = page.getByRole('button', { name: 'Lucky Koi Hold & Win', exact: true })
      await expect(game).toBeVisible({ timeout: firstLoad })
      await clean(page, 'in the slot lobby')
      await game.click()
      await expect(page).toHaveURL(/\/game\/?(\?|$)/, { timeout: firstLoad })
      const frame = page.frameLocator(`iframe[title="${t('lobby_game_frame_title')}"]`)
      const button = frame.getByRole('button', { name: spin })
      await button.click({ timeout: firstLoad })
      await expect(button).toBeEnabled()
      await clean(page, 'on the game page')
      // The game itself (the provider's page in its frame) speaks the language too.
      const gameFrame = await (await page.locator(`iframe[title="${t('lobby_game_frame_title')}"]`).elementHandle())?.contentFrame()
      if (!gameFrame) throw new Error('no game frame')
      expect(await englishIn(gameFrame, 'body', english), `English in the game (${name})`).toEqual([])
    })

    await test.step('set what a withdrawal needs', async () => {
      await page.goto(`/${lang}/`)
      await hydrated(page)
      await openCentre(page, 'mobile_bar_account')
      const account = centre(page).getByRole('region').first()
      await account.getByLabel(t('money_real_name'), { exact: true }).fill('nguyen van an', { timeout: firstLoad })
      await clean(page, 'on the member centre')
      await account.getByRole('button', { name: t('money_save') }).click()
      const confirm = page.getByRole('alertdialog')
      await expect(confirm).toContainText('Nguyen Van An')
      await clean(page, 'confirming the real name', '[role="alertdialog"]')
      await confirm.getByRole('button', { name: t('money_save') }).click()
      await expect(account.getByText('Nguyen Van An', { exact: true })).toBeVisible()
      await account.getByLabel(t('money_pay_password_new'), { exact: true }).fill('123456')
      await account.getByLabel(t('money_pay_password_again'), { exact: true }).fill('123456')
      await account.getByRole('button', { name: t('money_pay_password_create') }).click()
      await expect(account.getByText(t('money_pay_password_saved'))).toBeVisible(slow)
      await account.getByLabel(t('money_account_no'), { exact: true }).fill('1234567890')
      await account.getByRole('button', { name: t('money_account_add') }).click()
      await expect(account.getByText('••••••7890 · Nguyen Van An')).toBeVisible()
      await clean(page, 'with the account set up')
    })

    await test.step('withdraw and find it in the record', async () => {
      await goTo(page, 'centre_member_withdraw')
      const withdraw = panel(page, 'centre_member_withdraw')
      await withdraw.getByLabel(t('money_amount'), { exact: true }).fill('50')
      await withdraw.getByLabel(t('money_pay_password'), { exact: true }).fill('123456')
      await clean(page, 'on the withdrawal page')
      await withdraw.getByRole('button', { name: t('money_withdraw_submit') }).click()
      await expect(withdraw.getByRole('button', { name: t('money_withdraw_confirm') })).toBeVisible()
      await clean(page, 'reviewing the withdrawal')
      await withdraw.getByRole('button', { name: t('money_withdraw_confirm') }).click()
      await expect(withdraw.getByText(pattern('money_withdraw_requested'))).toBeVisible(slow)
      await expect(withdraw.getByRole('listitem').filter({ hasText: t('money_wd_requested') })).toBeVisible()
      await clean(page, 'after the withdrawal')
      await goTo(page, 'centre_member_transactionHistory')
      const rows = panel(page, 'centre_member_transactionHistory').getByRole('table').getByRole('row')
      await expect(rows.filter({ hasText: t('money_detail_withdrawal_hold') })).toContainText(/-(?:₱50[.,]00|50[.,]00\s₱)/, { timeout: firstLoad })
      await expect(rows.filter({ hasText: t('money_detail_deposit') })).toContainText(/\+(?:₱100[.,]00|100[.,]00\s₱)/)
      await clean(page, 'in the account record')
    })

    // On the narrowest phone every page of the member centre keeps its controls whole, and in Chinese its terms.
    await test.step('every member centre page at 320 px', async () => {
      await page.setViewportSize({ width: 320, height: 740 })
      const tabs = centre(page).getByRole('navigation').getByRole('button')
      const count = await tabs.count()
      for (let i = 0; i < count; i++) {
        await tabs.nth(i).click()
        await expect(centre(page).getByRole('region').first()).toBeVisible()
        await clean(page, `on member centre page ${i + 1} at 320 px`)
      }
    })
    expect(fontDownloads, 'fonts downloaded').toEqual([])
  })
}
