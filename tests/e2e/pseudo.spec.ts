/**
 * The pseudo-locale journey (issue 40): with every island's text accented, ~40 % longer and bracketed
 * (tests/e2e/pseudo.ts), the pages that carry forms and tables keep every control whole at 320 and
 * 390 px: the login and registration forms, the slot lobby's filters, and each page of the member
 * centre (the account, deposit and withdrawal forms, the records' tables). One tab, both widths.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { siteDir, test, expect as baseExpect, type Page } from './fixtures.ts'
import { problemsOf } from './fit-problems.ts'
import { skipNoticePopup } from './popups.ts'
import { pseudo, usePseudoLocale } from './pseudo.ts'
import { demo, signedIn } from './session.ts'
import { hydrated, settled } from './settled.ts'

test.describe.configure({ timeout: 300_000 })

const expect = baseExpect.configure({ timeout: 20_000 })
const firstLoad = 60_000
const en = Object.assign(
  {},
  ...['shell', 'auth', 'lobby', 'centre', 'mobile'].map((ns) => JSON.parse(readFileSync(`locales/en/${ns}.json`, 'utf8')) as Record<string, string>),
) as Record<string, string>
const t = (key: string) => pseudo(en[key])
const widths = [320, 390] as const

test('the pseudo-locale is in no build: no script of the built site carries its text', () => {
  const marker = pseudo(en.shell_login)
  const dir = join(siteDir, '_astro')
  const carrying = readdirSync(dir).filter((f) => f.endsWith('.js') && readFileSync(join(dir, f), 'utf8').includes(marker))
  expect(carrying).toEqual([])
})

test('the pseudo-locale (long, accented) leaves no clipped control at 320 and 390 px on forms, filters and the member centre', async ({ page, app }) => {
  await skipNoticePopup(page)
  const mismatches = await usePseudoLocale(page)
  const problems: string[] = []
  /** Measures the page as it is at each width. */
  const measure = async (where: string) => {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 740 })
      await settled(page)
      for (const what of await problemsOf(page, { text: true })) problems.push(`${width} px ${where}: ${what}`)
    }
  }
  const show = async (path: string, ready: (page: Page) => Promise<void>) => {
    await page.setViewportSize({ width: widths[0], height: 740 })
    await page.goto(path)
    await hydrated(page)
    await ready(page)
    await measure(path)
  }

  await show('/login', async (p) => {
    await expect(p.getByRole('button', { name: t('auth_login_submit'), exact: true }).last()).toBeVisible({ timeout: firstLoad })
  })
  await show('/register', async (p) => {
    await expect(p.getByLabel(t('auth_field_confirmPassword'), { exact: true })).toBeVisible({ timeout: firstLoad })
  })
  await show('/rng', async (p) => {
    await expect(p.getByRole('searchbox', { name: t('lobby_search_label') })).toBeVisible({ timeout: firstLoad })
  })
  // Other pages with forms or tables a guest reaches: the forgotten password, VIP levels, the point mall, promotions.
  for (const path of ['/', '/forget', '/vip', '/pointMall', '/promotions', '/lottery']) await show(path, async () => undefined)
  // The login popup, opened from the header as a guest does.
  await show('/', async (p) => {
    // The header hydrates on a press; here it is started first (as the page does once any island runs),
    // so the press lands on the re-rendered pseudo header rather than racing its mismatch.
    await p.evaluate(() => (window as unknown as { lkWake?: (all?: boolean) => void }).lkWake?.(true))
    await expect(p.getByRole('banner').locator('astro-island[ssr]')).toHaveCount(0, { timeout: firstLoad })
    // The header's link is the pseudo text where an island renders it, English where the page's HTML does.
    await p
      .getByRole('banner')
      .getByRole('link', { name: new RegExp(`^(${en.shell_login}|${t('shell_login').replace(/[[\]]/g, '\\$&')})$`) })
      .click()
    await expect(p.getByRole('dialog', { name: t('auth_login_title') })).toBeVisible({ timeout: firstLoad })
  })
  // The islands were rendered in the pseudo text (React found the server's English different).
  expect(await mismatches()).toBeGreaterThan(0)

  // The member centre, signed in: every page of its navigation.
  await signedIn(page, app.url, demo)
  await page.setViewportSize({ width: widths[0], height: 740 })
  await page.goto('/')
  await hydrated(page)
  const centre = page.getByRole('dialog', { name: t('shell_menu_member_centre') })
  // The bottom bar is the page's English HTML until a press starts its island (a member's content page
  // starts none at load). React renders it anew in the pseudo-locale (the server's English differs), so
  // that first tap may land on a node it replaced: once the bar speaks the pseudo-locale, Account again.
  const either = (key: keyof typeof en) => new RegExp(`^(${en[key]}|${t(key).replace(/[[\]]/g, '\\$&')})$`)
  await page
    .getByRole('navigation', { name: either('mobile_bar_label') })
    .getByRole('button', { name: either('mobile_bar_account') })
    .click({ timeout: firstLoad })
  const bar = page.getByRole('navigation', { name: t('mobile_bar_label') })
  await expect(bar).toBeVisible({ timeout: firstLoad })
  await bar.getByRole('button', { name: t('mobile_bar_account'), exact: true }).click()
  await expect(centre).toBeVisible({ timeout: firstLoad })
  const tabs = centre.getByRole('navigation').getByRole('button')
  await expect(tabs.first()).toBeVisible({ timeout: firstLoad })
  const count = await tabs.count()
  for (let i = 0; i < count; i++) {
    await page.setViewportSize({ width: widths[0], height: 740 })
    // A page's title is its tab's label (without the tab's badge: "Mission activity 1 new").
    // biome-ignore lint/performance/useDomNodeTextContent: the label as shown, its badge on a line of its own
    const name = (await tabs.nth(i).innerText()).split('\n')[0]
    await tabs.nth(i).click()
    await expect(centre.getByRole('region', { name, exact: true })).toBeVisible({ timeout: firstLoad })
    await measure(`member centre "${name}"`)
  }
  expect(problems).toEqual([])
})
