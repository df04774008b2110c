import { readdirSync, readFileSync } from 'node:fs'
import type { Frame, Page } from 'playwright/test'
import { buildCatalogue } from '../../sandbox/seed/catalogue.ts'
import { lotteryDefs } from '../../sandbox/seed/lottery-games.ts'

/**
 * The English detector of the language journeys (tests/e2e/languages.spec.ts, cnvi-money.spec.ts):
 * which of the English interface texts a page in another language still shows. Brand, game and
 * provider names are products, not English.
 */

/** Every message of `lang`, merged from its namespaces. */
export const table = (lang: string) =>
  Object.assign(
    {},
    ...readdirSync(`locales/${lang}`)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(`locales/${lang}/${f}`, 'utf8'))),
  ) as Record<string, string>

/** English interface texts that `lang` translates (its own text differs), long enough to be evidence. */
export const englishOf = (lang: string): string[] => {
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

/** The English texts found in the visible text, labels and placeholders of what `selector` matches. */
export async function englishIn(page: Page | Frame, selector: string, english: string[]): Promise<string[]> {
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
