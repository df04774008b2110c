import { englishIn, englishOf, table } from './english.ts'
import { test, expect } from './fixtures.ts'
import { problemsOf } from './fit-problems.ts'
import { skipNoticePopup } from './popups.ts'
import { hydrated, settled } from './settled.ts'

/**
 * Chinese and Vietnamese are offered (issue 40): a player on a 390 px phone switches to 中文 or
 * Tiếng Việt and meets no English interface text on the home page or in the login popup, and no
 * control is clipped, covered or cut there.
 */

const languages = [
  { lang: 'cn', name: '中文', html: 'zh-CN', login: table('cn').shell_login, loginTitle: table('cn').auth_login_title },
  { lang: 'vi', name: 'Tiếng Việt', html: 'vi', login: table('vi').shell_login, loginTitle: table('vi').auth_login_title },
] as const

test.describe('Chinese and Vietnamese at 390 px', () => {
  test.describe.configure({ timeout: 120_000 })

  for (const { lang, name, html, login, loginTitle } of languages) {
    test(`switching to ${name} leaves no English and no clipped control on the home page and the login popup`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 })
      await skipNoticePopup(page)
      await page.goto('/')
      await hydrated(page)
      const english = englishOf(lang)

      // On a phone the switcher is in the menu drawer; it names each language in itself.
      await page.getByRole('button', { name: 'Menu', exact: true }).click()
      const select = page.locator('select[data-lk-lang]').filter({ visible: true }).first()
      await expect(select.locator(`option[value="${lang}"]`)).toHaveText(name)
      await select.selectOption(lang)
      await page.waitForFunction((tag) => document.documentElement.lang === tag && document.readyState === 'complete', html)
      await hydrated(page)
      await settled(page)
      expect(await page.evaluate(() => localStorage.getItem('hisLang'))).toContain(lang)

      expect(await englishIn(page, 'body', english), `English on the ${name} home page`).toEqual([])
      expect(await problemsOf(page), `clipped or covered controls on the ${name} home page`).toEqual([])

      // The same page at its own address (/cn/, /vi/) is the same language.
      await page.goto(`/${lang}/`)
      await expect(page.locator('html')).toHaveAttribute('lang', html)

      await hydrated(page)
      await page.getByRole('banner').getByRole('link', { name: login, exact: true }).click()
      const dialog = page.getByRole('dialog', { name: loginTitle })
      await expect(dialog).toBeVisible({ timeout: 30_000 })
      await settled(page)
      expect(await englishIn(page, '[role="dialog"]', english), `English in the ${name} login popup`).toEqual([])
      expect(await problemsOf(page), `clipped or covered controls in the ${name} login popup`).toEqual([])
    })
  }
})
