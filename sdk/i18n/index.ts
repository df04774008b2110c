import { atom, computed } from 'nanostores'
import type { Language } from '../contract/index.ts'
import { englishMessages, loadMessages } from './catalog.ts'
import { allLanguages, defaultLanguage, htmlLang, isSupported } from './languages.ts'
import { fillRange, translate, type Messages, type Params } from './translate.ts'

export { fillRange, translate, type Messages, type Params } from './translate.ts'
export { allLanguages, supportedLanguages, defaultLanguage, isSupported, htmlLang } from './languages.ts'

const tables = new Map<Language, Messages>([['en', englishMessages]])

/** Id of the JSON script a page may inline with its language's messages, so islands hydrate in it. */
export const inlineMessagesId = 'lk-i18n'
/** Cookie mirroring `hisLang` so the host can serve the page variant of that language. */
export const languageCookie = 'lk_lang'

function readInline(): Messages | undefined {
  if (typeof document === 'undefined') return undefined
  const node = document.getElementById(inlineMessagesId)
  if (!node?.textContent) return undefined
  try {
    const lang = node.dataset.lang as Language
    const messages = JSON.parse(node.textContent) as Messages
    if ((allLanguages as readonly string[]).includes(lang)) tables.set(lang, messages)
    return messages
  } catch {
    return undefined
  }
}

/**
 * The language saved in `hisLang`. SPEC §4: a missing or unsupported value falls back and the
 * fallback is stored — the language the page is in when it names one, else the default.
 */
function storedLanguage(page?: Language): Language {
  if (typeof localStorage === 'undefined') return page ?? defaultLanguage
  const raw = localStorage.getItem('hisLang')
  // Written raw here; a JSON-encoded value (the storage module's form) is read the same way.
  const saved = raw?.startsWith('"') ? raw.slice(1, -1) : raw
  if (isSupported(saved)) return saved
  const fallback = page ?? defaultLanguage
  localStorage.setItem('hisLang', fallback)
  localStorage.setItem('lang', fallback)
  return fallback
}

function initialLanguage(): Language {
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

/** Messages of the current language (English until another table has loaded). */
export const $messages = computed($locale, (lang) => tables.get(lang) ?? englishMessages)

/** Makes a message table available without loading (build time and inlined page messages). */
export function registerMessages(lang: Language, messages: Messages): void {
  tables.set(lang, messages)
}

/** Translates `key` in the current language, filling `{name}` placeholders. */
export const t = (key: string, params?: Params): string => translate($messages.get(), englishMessages, key, params)

/** A translator bound to a message table (for components that subscribe to {@link $messages}). */
export const translator =
  (messages: Messages) =>
  (key: string, params?: Params): string =>
    translate(messages, englishMessages, key, params)

/** Pattern message for a registration rule: `reg_pattern_{patternId}` with (min)/(max) filled in. */
export const patternMessage = (messages: Messages, patternId: number, min: number, max: number): string =>
  fillRange(translate(messages, englishMessages, `reg_pattern_${patternId}`), min, max)

/**
 * Switches language: loads its messages, saves `hisLang`/`lang` and the host cookie, then updates
 * {@link $locale} (stores that fetch language-dependent data listen to it and refresh).
 */
export async function setLocale(lang: Language): Promise<void> {
  if (!tables.has(lang)) tables.set(lang, await loadMessages(lang))
  if (typeof localStorage !== 'undefined') {
    localStorage.setItem('hisLang', lang)
    localStorage.setItem('lang', lang)
  }
  if (typeof document !== 'undefined') {
    document.cookie = `${languageCookie}=${lang}; path=/; max-age=31536000; samesite=lax`
    document.documentElement.lang = htmlLang(lang)
    document.documentElement.dataset.lang = lang
  }
  $locale.set(lang)
}
