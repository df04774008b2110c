import { atom, computed, type ReadableAtom } from 'nanostores'
import { localeChain, type Language } from '../contract/index.ts'
import { isNamespace, namespaces, type Namespace } from './namespaces.ts'
import { defaultLanguage, htmlLang, isSupported } from './languages.ts'
import { pageStorage, writeCookie } from '../storage/index.ts'
import { translate, type Messages, type Params } from './translate.ts'

export { translate, type Messages, type Params } from './translate.ts'
export { allLanguages, supportedLanguages, defaultLanguage, isSupported, htmlLang } from './languages.ts'
export { namespaces, isNamespace, type Namespace } from './namespaces.ts'

/** Messages per language: the namespaces loaded so far, merged. */
const tables = new Map<Language, Messages>()
const loaded = new Map<Language, Set<Namespace>>()
const pending = new Map<string, Promise<void>>()
const noMessages: Messages = {}
// Bumped whenever a table grows, so `$messages` hands out the bigger table.
const $revision = atom(0)

/**
 * Id of the JSON script a page inlines with the messages its first paint needs (in its language,
 * `data-namespaces` naming which), so islands hydrate in that language without loading anything.
 */
export const inlineMessagesId = 'lk-i18n'
/** Cookie mirroring `hisLang` so the host can serve the page variant of that language. */
export const languageCookie = 'lk_lang'

function addMessages(lang: Language, names: readonly Namespace[], messages: Messages): void {
  tables.set(lang, { ...tables.get(lang), ...messages })
  const have = loaded.get(lang) ?? new Set<Namespace>()
  for (const name of names) have.add(name)
  loaded.set(lang, have)
  $revision.set($revision.get() + 1)
}

function readInline(): void {
  if (typeof document === 'undefined') return
  const node = document.getElementById(inlineMessagesId)
  if (!node?.textContent) return
  try {
    const lang = node.dataset.lang as Language
    const names = (node.dataset.namespaces ?? '').split(' ').filter(isNamespace)
    const messages = JSON.parse(node.textContent) as Messages
    // Every language with a locale file is offered (supportedLanguages is allLanguages).
    if (isSupported(lang)) addMessages(lang, names, messages)
  } catch {
    // A damaged inline table: the islands show keys, and the namespaces load when a popup asks.
  }
}

/**
 * The language saved in `hisLang`. SPEC §4: a missing or unsupported value falls back and the
 * fallback is stored — the language the page is in when it names one, else the default.
 */
function storedLanguage(page?: Language): Language {
  // Through the storage door: a frame or browser that blocks storage gets memory, never a throw.
  const local = pageStorage().local
  const saved = local.get('hisLang')
  if (isSupported(saved)) return saved
  const fallback = page ?? defaultLanguage
  local.set('hisLang', fallback)
  local.set('lang', fallback)
  return fallback
}

// True in the embed's bundle (widgets/embed/vite.config.ts), false in the site's (astro.config.mjs).
declare const __LK_EMBED__: boolean | undefined

function initialLanguage(): Language {
  // On a partner's page no message table is inlined and the storage is the embed's own memory
  // (sdk/storage): the elements start in the default language and set their own (`lang`).
  if (typeof __LK_EMBED__ === 'boolean' && __LK_EMBED__) return defaultLanguage
  readInline()
  if (typeof document !== 'undefined') {
    const page = document.documentElement.dataset.lang
    if (isSupported(page) && tables.has(page)) {
      storedLanguage(page)
      return page
    }
  }
  const saved = storedLanguage()
  return tables.has(saved) ? saved : defaultLanguage
}

/** The current language. Change it with {@link setLocale}. */
export const $locale = atom<Language>(initialLanguage())

/** Messages of the current language: the namespaces loaded so far (see {@link loadNamespaces}). */
export const $messages = computed([$locale, $revision], (lang) => tables.get(lang) ?? noMessages)

/**
 * Grows whenever any language's messages do: a view shown in a language of its own (an embedded
 * element's `lang`) listens to it and reads {@link messagesOf} that language.
 */
export const $messagesRevision: ReadableAtom<number> = $revision

/** The messages of `lang` loaded so far (see {@link loadNamespaces}). */
export const messagesOf = (lang: Language): Messages => tables.get(lang) ?? noMessages

/**
 * What fills the gaps of `lang`'s messages: the tables of the languages after it in the contract's
 * {@link localeChain} (vi → en, cn → en, es → en), nearest first. Only what is loaded counts: a
 * Spanish page carries no English at all.
 */
function fallbackOf(lang: Language): Messages {
  const rest = localeChain(lang).slice(1)
  if (rest.length <= 1) return (rest[0] && tables.get(rest[0])) || noMessages
  return Object.assign({}, ...rest.reverse().map((other) => tables.get(other) ?? noMessages)) as Messages
}
// The language whose plural rules the fallback table's forms follow.
const fallbackLocale = (lang: Language): string => htmlLang(localeChain(lang)[1] ?? lang)

/** Makes messages available without loading (build time: every namespace of the page's language). */
export function registerMessages(lang: Language, messages: Messages, names: readonly Namespace[] = namespaces): void {
  addMessages(lang, names, messages)
}

/**
 * Loads the namespaces of `lang` (default: the current language) that are not there yet; the popups
 * that need a namespace the page did not inline call this before they render.
 * @example await loadNamespaces(['auth'])
 */
export async function loadNamespaces(names: readonly Namespace[], lang: Language = $locale.get()): Promise<void> {
  const missing = names.filter((name) => !loaded.get(lang)?.has(name))
  await Promise.all(missing.map((name) => loadOnce(lang, name)))
}

function loadOnce(lang: Language, name: Namespace): Promise<void> {
  const key = `${lang}/${name}`
  let loading = pending.get(key)
  if (!loading) {
    // The catalog (where every message file is) loads with the first namespace asked for.
    loading = import('./catalog.ts').then((catalog) => catalog.loadNamespace(lang, name)).then((messages) => addMessages(lang, [name], messages))
    // A failed load is tried again when next asked for; the caller still sees the failure.
    loading.catch(() => pending.delete(key))
    pending.set(key, loading)
  }
  return loading
}

/** Translates `key` in the current language, filling `{name}` placeholders. */
export const t = (key: string, params?: Params): string => {
  const lang = $locale.get()
  return translate($messages.get(), fallbackOf(lang), key, params, htmlLang(lang), fallbackLocale(lang))
}

/**
 * A translator bound to a message table (for components that subscribe to {@link $messages}); plurals
 * follow `lang`, the table's language (default the current language).
 */
export const translator = (messages: Messages, lang: Language = $locale.get()) => {
  const locale = htmlLang(lang)
  return (key: string, params?: Params): string => translate(messages, fallbackOf(lang), key, params, locale, fallbackLocale(lang))
}

// The registration rules' pattern messages (patternMessage, fillRange) are in sdk/validation, their only user.

/**
 * Switches language: loads the namespaces on screen in `lang` (popups load theirs when they open),
 * saves `hisLang`/`lang` and the host cookie, then updates {@link $locale} (stores that fetch
 * language-dependent data listen to it and refresh). `save: false` switches the messages only.
 */
export async function setLocale(lang: Language, options: { save?: boolean } = {}): Promise<void> {
  await loadNamespaces([...(loaded.get($locale.get()) ?? namespaces)], lang)
  // An embed shows a language on someone else's page: it leaves their storage, cookie and <html> alone.
  if (options.save === false) return $locale.set(lang)
  saveLocale(lang)
  if (typeof document !== 'undefined') {
    document.documentElement.lang = htmlLang(lang)
    document.documentElement.dataset.lang = lang
  }
  $locale.set(lang)
}

/**
 * Saves `lang` as the visitor's language (`hisLang`, `lang` and the host cookie) for the pages loaded
 * next, changing nothing on this one: a page about to load its variant in `lang` leaves the islands
 * that have not hydrated yet to hydrate the HTML they were given.
 */
export function saveLocale(lang: Language): void {
  pageStorage().local.set('hisLang', lang)
  pageStorage().local.set('lang', lang)
  // A sandboxed frame refuses cookies; the language still switches for this page.
  if (typeof document !== 'undefined') writeCookie(languageCookie, lang, { maxAge: 31_536_000, secure: false })
}
