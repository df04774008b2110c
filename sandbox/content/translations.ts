/**
 * Each entry's translation status: for every language but English, `missing` (no file), `outdated`
 * (the English text changed after the translation's) or `current`. A file's text changes when its
 * translated fields or its body change: the endpoint keeps a file's time when a save changes only the
 * values copied from English (sandbox/content/endpoint.ts). A file's time is its last commit's in git
 * when its text is the committed one (a checkout gives every file the same moment), else its
 * modification time.
 * @module
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseFrontmatter } from '@astrojs/internal-helpers/frontmatter'
import { type ContentCollection, type ContentLanguage, contentCollections, contentLanguages, type FieldSpec } from '../../sdk/contract/content.ts'
import { contentDir } from './files.ts'

/** The text a translator writes in a file: its translated fields and its body (what `outdated` measures). */
export function translatedText(raw: string, collection: ContentCollection): string {
  try {
    const { frontmatter, content } = parseFrontmatter(raw)
    const translated = Object.entries(contentCollections[collection].fields as Record<string, FieldSpec>).filter(([, f]) => f.translated)
    return JSON.stringify([translated.map(([name]) => frontmatter[name]), content.trim()])
  } catch {
    return raw
  }
}

export type TranslationState = 'current' | 'outdated' | 'missing'

/** The languages of an entry other than English, each with its state. */
export type TranslationStatus = Partial<Record<ContentLanguage, TranslationState>>

/** Last commit time (ms) of every file git has unchanged under `site/content`; empty outside git. */
function committedTimes(repoRoot: string): Map<string, number> {
  const times = new Map<string, number>()
  try {
    const run = (args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 16 << 20 })
    if (run(['rev-parse', '--show-toplevel']).trim() !== repoRoot.replace(/\/$/, '')) return times
    // A changed file whose text is still the committed one (only values copied from English changed)
    // keeps its commit's time.
    const collectionOf = (path: string) => path.slice(contentDir.length + 1).split('/')[0] as ContentCollection
    const changed = new Set(
      run(['status', '--porcelain', '--no-renames', '-z', '--', contentDir])
        .split('\0')
        .filter(Boolean)
        .map((line) => line.slice(3))
        .filter((path) => {
          try {
            const c = collectionOf(path)
            return translatedText(run(['show', `HEAD:${path}`]), c) !== translatedText(readFileSync(join(repoRoot, path), 'utf8'), c)
          } catch {
            return true
          }
        }),
    )
    let at = 0
    for (const line of run(['log', '--format=@%ct', '--name-only', '--no-renames', '--', contentDir]).split('\n')) {
      if (line.startsWith('@')) at = Number(line.slice(1)) * 1000
      else if (line && !times.has(line) && !changed.has(line)) times.set(line, at)
    }
  } catch {
    // not a git checkout: modification times only
  }
  return times
}

/** When each entry file of `collection` last changed, by language and slug. */
function changeTimes(root: string, collection: ContentCollection, committed: Map<string, number>): Map<string, number> {
  const times = new Map<string, number>()
  for (const lang of contentLanguages) {
    const dir = join(root, collection, lang)
    let files: string[] = []
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.md'))
    } catch {
      continue
    }
    for (const file of files) {
      const path = `${contentDir}/${collection}/${lang}/${file}`
      times.set(`${lang}/${file.slice(0, -3)}`, committed.get(path) ?? statSync(join(dir, file)).mtimeMs)
    }
  }
  return times
}

/**
 * The translation status of every English entry of `collection`, by slug.
 * `contentRoot` is where the entries are (default the checkout's `site/content`).
 * @example translationStatus('.', 'help').get('deposits') // { es: 'current', cn: 'outdated', vi: 'missing' }
 */
export function translationStatus(repoRoot: string, collection: ContentCollection, contentRoot = join(repoRoot, contentDir)): Map<string, TranslationStatus> {
  // Commit times count only for the checkout's own content folder (not for a CONTENT_DIR elsewhere).
  const committed = resolve(contentRoot) === resolve(repoRoot, contentDir) ? committedTimes(repoRoot) : new Map<string, number>()
  const times = changeTimes(contentRoot, collection, committed)
  const out = new Map<string, TranslationStatus>()
  for (const [key, english] of times) {
    if (!key.startsWith('en/')) continue
    const slug = key.slice(3)
    const status: TranslationStatus = {}
    for (const lang of contentLanguages.slice(1)) {
      const translated = times.get(`${lang}/${slug}`)
      status[lang] = translated === undefined ? 'missing' : translated < english ? 'outdated' : 'current'
    }
    out.set(slug, status)
  }
  return out
}

const words: Record<TranslationState, string> = { current: 'up to date', outdated: 'outdated', missing: 'missing' }

/**
 * The status in a line an editor reads in the entry list.
 * @example statusLine({ es: 'current', cn: 'missing' }) // 'ES up to date, CN missing'
 */
export const statusLine = (status: TranslationStatus): string =>
  Object.entries(status)
    .map(([lang, state]) => `${lang.toUpperCase()} ${words[state]}`)
    .join(', ')
