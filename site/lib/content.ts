/** Content collection helpers: the entries of one language, sorted for display. */
import { getCollection, type CollectionEntry, type CollectionKey } from 'astro:content'
import { localeChain, type Language } from '../../sdk/contract/index.ts'
import { isRunning } from './running.ts'

/** The slug of an entry without its language folder (`en/terms` → `terms`). */
export const slugOf = (id: string): string => id.slice(id.indexOf('/') + 1)

/**
 * Entries of `collection` in `lang`, sorted by their `order` field; for a slug `lang` lacks, the entry
 * of the next language of the contract's `localeChain` fills in (editors may translate gradually).
 */
export async function entriesFor<C extends CollectionKey>(collection: C, lang: Language): Promise<CollectionEntry<C>[]> {
  const all = await getCollection(collection)
  const chosen = new Map<string, CollectionEntry<C>>()
  for (const candidate of localeChain(lang)) {
    for (const e of all) if (e.id.startsWith(`${candidate}/`) && !chosen.has(slugOf(e.id))) chosen.set(slugOf(e.id), e)
  }
  const order = (e: CollectionEntry<C>) => ('order' in e.data && typeof e.data.order === 'number' ? e.data.order : 0)
  return [...chosen.values()].sort((a, b) => order(a) - order(b))
}

/**
 * The promotions of `lang` running on `at` (the build time by default): an article appears from its
 * `starts` date and is left out after its `ends` date. The site is static, so a scheduled promotion
 * comes and goes with the first build after the date (EDITORS.md says to build daily).
 */
export async function runningPromotions(lang: Language, at: Date = new Date()): Promise<CollectionEntry<'promotions'>[]> {
  return (await entriesFor('promotions', lang)).filter((a) => isRunning(a.data, at))
}
