/**
 * The translation check: finds Chinese (`cn`) and Vietnamese (`vi`) texts still in English, and texts in
 * any language whose `{placeholders}` (and the spec's `(min)`/`(max)` markers) differ from English.
 * `tests/contract/translated.test.ts` runs it, and `npm run build` refuses to build when it finds any.
 *
 * A text is flagged when it is the English text copied (unless it holds only names, codes and numbers),
 * or when it holds a Latin-letter word that is not listed in `locales/glossary/exceptions.txt`
 * (brands, providers, currency and technical codes). Vietnamese is written in Latin letters: there a
 * word counts as English when it has no Vietnamese diacritic and is no possible Vietnamese syllable
 * (or is one of a few English words that happen to be spelt like one, such as "the").
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export type Table = Record<string, string>
/** One text that fails the check, named by its file and key. */
export type Problem = { lang: string; file: string; key: string; why: string; text: string }

const root = join(import.meta.dirname, '..', 'locales')

/** The texts of one language, by file (`money.json`) then key. */
export function loadLanguage(lang: string, dir = root): Record<string, Table> {
  const files: Record<string, Table> = {}
  for (const file of readdirSync(join(dir, lang)).filter((f) => f.endsWith('.json'))) files[file] = JSON.parse(readFileSync(join(dir, lang, file), 'utf8'))
  return files
}

/** Terms allowed as they are: `all: GCash` lines, or `cn:`/`vi:` for one language (`#` starts a comment). */
export function loadExceptions(file = join(root, 'glossary', 'exceptions.txt')): Record<'cn' | 'vi', string[]> {
  const out: Record<'cn' | 'vi', string[]> = { cn: [], vi: [] }
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^(all|cn|vi):\s*(.+?)\s*$/.exec(line.replace(/#.*/, ''))
    if (!m) continue
    for (const lang of m[1] === 'all' ? (['cn', 'vi'] as const) : [m[1] as 'cn' | 'vi']) out[lang].push(m[2])
  }
  // Longest first, so a phrase is removed before a word inside it.
  for (const list of Object.values(out)) list.sort((a, b) => b.length - a.length)
  return out
}

// Latin letters, with the accented ones Vietnamese uses.
const latin = 'A-Za-z\\u00C0-\\u024F\\u1E00-\\u1EFF'
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The text without placeholders, `code spans`, quoted CSP keywords and the listed exceptions. */
function strip(text: string, exceptions: string[]): string {
  let rest = text
    .replace(/\{\w+\}|\((?:min|max)\)/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/'[a-z-]+'/g, ' ')
  for (const term of exceptions) rest = rest.replace(new RegExp(`(?<![${latin}0-9])${escapeRegExp(term)}(?![${latin}0-9])`, 'g'), ' ')
  return rest
}

const latinWords = (text: string) => text.match(new RegExp(`[${latin}]+`, 'g')) ?? []

// A Vietnamese syllable written without diacritics: onset, vowels, final consonant.
const onset = '(?:ngh|ng|gh|gi|kh|nh|ph|th|tr|ch|qu|[bcdghklmnprstvx])?'
const nucleus = '(?:oai|oay|oeo|uya|uyu|uay|ai|ao|au|ay|eo|ia|iu|oa|oe|oi|ua|ue|ui|uy|a|e|i|o|u|y)'
const coda = '(?:ch|ng|nh|[cmnpt])?'
const vietnameseSyllable = new RegExp(`^${onset}${nucleus}${coda}$`, 'i')
// English words shaped like a Vietnamese syllable but not written so in Vietnamese texts.
const englishLookalikes = new Set(['the', 'at', 'up', 'by', 'hot', 'me', 'so', 'but', 'not', 'get', 'set', 'bet', 'pay', 'top', 'new', 'mit'])

/** Whether `word` (Latin letters) would be English in a Chinese (any) or Vietnamese text. */
function foreign(word: string, lang: 'cn' | 'vi'): boolean {
  if (word.length < 2) return false
  if (lang === 'cn') return true
  if (/[^A-Za-z]/.test(word)) return false // a diacritic: Vietnamese
  const lower = word.toLowerCase()
  return englishLookalikes.has(lower) || !vietnameseSyllable.test(lower)
}

/** `{name}` placeholders and `(min)`/`(max)` markers of a text, each once, sorted (a language may repeat one). */
export const placeholders = (text: string): string[] => [...new Set(text.match(/\{\w+\}|\((?:min|max)\)/g) ?? [])].sort()

const pluralSuffix = /_(zero|one|two|few|many|other)$/

/** Texts of `lang` whose placeholders differ from English (plural forms: compared without `{count}`, with English's `other`). */
export function placeholderProblems(lang: string, en: Record<string, Table>, other: Record<string, Table>): Problem[] {
  const problems: Problem[] = []
  const enAll: Table = Object.assign({}, ...Object.values(en))
  for (const [file, table] of Object.entries(other)) {
    for (const [key, text] of Object.entries(table)) {
      const base = key.replace(pluralSuffix, '')
      const plural = base !== key
      const reference = plural ? (enAll[`${base}_other`] ?? enAll[key]) : enAll[key]
      if (reference === undefined) continue
      const drop = (list: string[]) => (plural ? list.filter((p) => p !== '{count}') : list)
      const want = drop(placeholders(reference)).join(' ')
      const got = drop(placeholders(text)).join(' ')
      if (want !== got) problems.push({ lang, file, key, why: `placeholders ${got || '(none)'} instead of ${want || '(none)'}`, text })
      if (/<\/?[a-z][^>]*>/i.test(text) && !/<\/?[a-z][^>]*>/i.test(reference)) problems.push({ lang, file, key, why: 'HTML markup', text })
    }
  }
  return problems
}

/** Texts of `lang` (cn or vi) that are English copied or hold English words. */
export function englishProblems(lang: 'cn' | 'vi', en: Record<string, Table>, other: Record<string, Table>, exceptions: string[]): Problem[] {
  const problems: Problem[] = []
  for (const [file, table] of Object.entries(other)) {
    for (const [key, text] of Object.entries(table)) {
      const words = latinWords(strip(text, exceptions))
      const english = en[file]?.[key]
      if (english !== undefined && text === english && latinWords(strip(english, exceptions)).length > 0) {
        problems.push({ lang, file, key, why: 'English text copied', text })
        continue
      }
      const stray = [...new Set(words.filter((w) => foreign(w, lang)))]
      if (stray.length) problems.push({ lang, file, key, why: `English words: ${stray.join(', ')}`, text })
    }
  }
  return problems
}

/** Every problem of the locales under `dir`: English in cn and vi, placeholders in es, cn and vi. */
export function checkLocales(dir = root, exceptionsFile = join(dir, 'glossary', 'exceptions.txt')): Problem[] {
  const en = loadLanguage('en', dir)
  const exceptions = loadExceptions(exceptionsFile)
  const problems: Problem[] = []
  for (const lang of ['es', 'cn', 'vi'] as const) {
    const other = loadLanguage(lang, dir)
    problems.push(...placeholderProblems(lang, en, other))
    if (lang !== 'es') problems.push(...englishProblems(lang, en, other, exceptions[lang]))
  }
  return problems
}

/** One line per problem: `cn/money.json money_pick_meron: English words: Meron — "Meron wins"`. */
export const describeProblem = (p: Problem): string => `${p.lang}/${p.file} ${p.key}: ${p.why} — ${JSON.stringify(p.text)}`
