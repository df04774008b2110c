/**
 * Locale helpers for pages under `site/pages/[...locale]/`: every route is built once per supported
 * language, English at the root and the others under their prefix (`/es/...`).
 * @module
 */
import { fallbackLanguage, type Language } from '../../sdk/contract/index.ts'
import { defaultLanguage, htmlLang, supportedLanguages, translate, type Messages, type Params } from '../../sdk/i18n/index.ts'
import { messagesFor, useServerLocale } from '../../sdk/i18n/server.ts'

/** One static path per supported language: `locale` is undefined for the default language. */
export interface LocalePath {
  params: { locale: string | undefined }
}

/**
 * `getStaticPaths` for every localised page: EN at the root, ES under `/es`.
 * @example export const getStaticPaths = localePaths
 */
export function localePaths(): LocalePath[] {
  return supportedLanguages.map((lang) => ({ params: { locale: lang === defaultLanguage ? undefined : lang } }))
}

/** What a page needs from its locale: the language, its messages and a translator. */
export interface PageLocale {
  lang: Language
  messages: Messages
  t: (key: string, params?: Params) => string
}

/** The subset of `Astro` that {@link pageLocale} reads. */
export interface LocaleContext {
  params: Record<string, string | undefined>
}

/** The language of a page from its `locale` route parameter (undefined → the default language). */
export function langOf(locale: string | undefined): Language {
  return (supportedLanguages as readonly string[]).includes(locale ?? '') ? (locale as Language) : defaultLanguage
}

/**
 * Sets the build-time language for this page (so islands render in it) and returns a translator.
 * The page shell (`layouts/Page.astro`) calls it before anything renders; a page calls it for its
 * own text: `const { lang, t } = pageLocale(Astro)`.
 */
export function pageLocale(astro: LocaleContext): PageLocale {
  const lang = langOf(astro.params.locale)
  // biome-ignore lint/correctness/useHookAtTopLevel: not a React hook; it sets the build's language for the islands this page renders
  const messages = useServerLocale(lang)
  return { lang, messages, t: translateWith(lang, messages) }
}

/** A build-time translator for `lang` (for `.astro` components that receive the language as a prop). */
export function translatorFor(lang: Language): (key: string, params?: Params) => string {
  return translateWith(lang, messagesFor(lang))
}

// Gaps are filled by the contract's fallback rule (vi → en, cn → en, es → en), as in the browser.
function translateWith(lang: Language, messages: Messages): (key: string, params?: Params) => string {
  const next = fallbackLanguage[lang] ?? lang
  const fallback = next === lang ? {} : messagesFor(next)
  return (key, params) => translate(messages, fallback, key, params, htmlLang(lang), htmlLang(next))
}
