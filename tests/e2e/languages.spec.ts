import { readdirSync, readFileSync } from 'node:fs'
import { buildCatalogue } from '../../sandbox/seed/catalogue.ts'
import { lotteryDefs } from '../../sandbox/seed/lottery-games.ts'
import { test, expect, type Page } from './fixtures.ts'
import { problemsOf } from './fit-problems.ts'
import { skipNoticePopup } from './popups.ts'
import { hydrated, settled } from './settled.ts'

/**
 * Chinese and Vietnamese are offered (issue 40): a player on a 390 px phone switches to 中文 or
 * Tiếng Việt and meets no English interface text on the home page or in the login popup, and no
 * control is clipped, covered or cut there.
 */

const table = (lang: string) =>
  Object.assign(
    {},
    ...readdirSync(`locales/${lang}`)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(`locales/${lang}/${f}`, 'utf8'))),
  ) as Record<string, string>

/** English interface texts that `lang` translates (its own text differs), long enough to be evidence. */
const englishOf = (lang: string): string[] => {
  const en = table('en')
  const other = table(lang)
  const own = new Set(Object.values(other))
  return [
    ...new Set(
      Object.entries(en)
        .filter(([key, text]) => text.length >= 4 && /[a-z]{3}/i.test(text) && !text.includes('{') && other[key] !== text && !own.has(text))
        .map(([, text]) => text),
    ),
  ]
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
// Game providers' and games' names are products, not English ("Pragmatic Play" is no untranslated
// "Play", the "Keno · 10 min" draw closing soon on the home page no untranslated "Keno"); longest first,
// so a name is removed before a shorter one inside it.
const catalogue = buildCatalogue()
const providers = [...catalogue.vendors.map((v) => v.name), ...catalogue.games.map((g) => g.en), ...lotteryDefs.map((l) => l.en)].sort((a, b) => b.length - a.length)

/** The English texts found in `root`'s visible text, labels and placeholders. */
async function englishIn(page: Page, selector: string, english: string[]): Promise<string[]> {
  const shown = await page.locator(selector).evaluateAll((roots) =>
    roots
      .map((root) => {
        const el = root as HTMLElement
        const labels = [...el.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')].map((n) =>
          ['aria-label', 'placeholder', 'title', 'alt'].map((a) => n.getAttribute(a) ?? '').join('\n'),
        )
        // biome-ignore lint/performance/useDomNodeTextContent: the text a player sees, not hidden nodes' text
        return `${el.innerText}\n${labels.join('\n')}`
      })
      .join('\n'),
  )
  const text = providers.reduce((t, name) => t.replaceAll(name, ' '), shown)
  return english.filter((s) => new RegExp(`(^|[^\\p{L}])${escapeRegExp(s)}($|[^\\p{L}])`, 'u').test(text))
}

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
