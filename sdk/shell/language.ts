import type { Language } from '../contract/index.ts'
import { setLocale, supportedLanguages } from '../i18n/index.ts'

/** The same path without a language prefix (`/es/help` → `/help`), so the language cookie decides the variant. */
export function unprefixedPath(pathname: string): string {
  for (const lang of supportedLanguages) {
    if (pathname === `/${lang}` || pathname === `/${lang}/`) return '/'
    if (pathname.startsWith(`/${lang}/`)) return pathname.slice(lang.length + 1)
  }
  return pathname
}

/**
 * Switches the site language (SPEC §4): saves it (hisLang, lang, cookie), lets the language-dependent
 * stores refresh (menus, vendors, announcements, hot games follow `$locale`), then loads this page's
 * variant in the new language, since static text is rendered per language.
 */
export async function switchLanguage(lang: Language): Promise<void> {
  await setLocale(lang)
  if (typeof location === 'undefined') return
  location.assign(unprefixedPath(location.pathname) + location.search + location.hash)
}
