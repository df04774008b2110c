/** Content collection helpers: the entries of one language, sorted for display. */
import { getCollection, type CollectionEntry, type CollectionKey } from 'astro:content'
import type { Language } from '../../sdk/contract/index.ts'
import { isRunning } from './running.ts'

/** The slug of an entry without its language folder (`en/terms` → `terms`). */
export const slugOf = (id: string): string => id.slice(id.indexOf('/') + 1)

/**
 * Entries of `collection` in `lang`, sorted by their `order` field; English entries fill in for a
 * language that lacks one (editors may translate gradually).
 */
export async function entriesFor<C extends CollectionKey>(collection: C, lang: Language): Promise<CollectionEntry<C>[]> {
  const all = await getCollection(collection)
  const mine = all.filter((e) => e.id.startsWith(`${lang}/`))
  const english = all.filter((e) => e.id.startsWith('en/') && !mine.some((m) => slugOf(m.id) === slugOf(e.id)))
  const order = (e: CollectionEntry<C>) => ('order' in e.data && typeof e.data.order === 'number' ? e.data.order : 0)
  return [...mine, ...english].sort((a, b) => order(a) - order(b))
}

/**
 * The promotions of `lang` running on `at` (the build time by default): an article appears from its
 * `starts` date and is left out after its `ends` date. The site is static, so a scheduled promotion
 * comes and goes with the first build after the date (EDITORS.md says to build daily).
 */
export async function runningPromotions(lang: Language, at: Date = new Date()): Promise<CollectionEntry<'promotions'>[]> {
  return (await entriesFor('promotions', lang)).filter((a) => isRunning(a.data, at))
}

