import type { Language } from '../contract/index.ts'
import { isSupported, saveLocale, setLocale, supportedLanguages } from '../i18n/index.ts'
import { languagePickKey } from './language-pick.ts'

export { languagePickAttr, languagePickKey } from './language-pick.ts'

/** The same path without a language prefix (`/es/help` → `/help`), so the language cookie decides the variant. */
export function unprefixedPath(pathname: string): string {
  for (const lang of supportedLanguages) {
    if (pathname === `/${lang}` || pathname === `/${lang}/`) return '/'
    if (pathname.startsWith(`/${lang}/`)) return pathname.slice(lang.length + 1)
  }
  return pathname
}

/**
 * The language picked on the header's select before the header could handle it (read once: the
 * pick is cleared), or null. A pick made while React hydrates is undone by React before the
 * `change` event, so the value comes from the head script's record of the `input` event.
 */
export function takeEarlyLanguagePick(): Language | null {
  if (typeof window === 'undefined') return null
  const w = window as unknown as Record<string, unknown>
  const picked = w[languagePickKey]
  delete w[languagePickKey]
  return isSupported(picked) ? picked : null
}

/**
 * The language a `change` on the header's select asks for: the head script's record of the pick when
 * there is one (the select's value is the one React put back when the change arrived while it
 * hydrated; otherwise both are the same), else the select's value. The record is cleared.
 */
export function languageOfChange(value: string): Language | null {
  const recorded = takeEarlyLanguagePick()
  return recorded ?? (isSupported(value) ? value : null)
}

/**
 * Switches the site language (SPEC §4): saves it (hisLang, lang, cookie), then loads this page's
 * variant in the new language, since static text is rendered per language. The page being left keeps
 * its language: an island still waiting to hydrate (an idle or visible one) would otherwise hydrate
 * the server's English with Spanish text (React error 418, then a client render) just before the new
 * page replaces it. Without a page to load (no `location`) it switches in place.
 */
export async function switchLanguage(lang: Language): Promise<void> {
  if (typeof location === 'undefined') return setLocale(lang)
  saveLocale(lang)
  location.assign(unprefixedPath(location.pathname) + location.search + location.hash)
}
