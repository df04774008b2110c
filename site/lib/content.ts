/** Content collection helpers: the entries of one language, sorted for display. */
import { getCollection, type CollectionEntry, type CollectionKey } from 'astro:content'
import { localeChain, type Language } from '../../sdk/contract/index.ts'
import { brand } from '../../sdk/brand/index.ts'
import { isOver, windowOf, type Window } from './running.ts'

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
 * The promotions of `lang` not over at `at` (the build time by default), each with its window in the
 * brand's time zone: the page carries the scheduled ones too and shows each from its start to its end
 * by the visitor's clock (`scheduleScript`), so promotions come and go at the minute without a rebuild.
 */
export async function scheduledPromotions(lang: Language, at: Date = new Date()): Promise<(CollectionEntry<'promotions'> & { window: Window })[]> {
  return (await entriesFor('promotions', lang)).map((a) => ({ ...a, window: windowOf(a.data, brand.contentTimeZone) })).filter((a) => !isOver(a.window, at))
}
