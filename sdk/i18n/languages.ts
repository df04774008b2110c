import type { Language } from '../contract/index.ts'

/** Every language a locale file exists for. */
export const allLanguages = ['en', 'es', 'cn', 'vi'] as const satisfies readonly Language[]
/**
 * Languages with complete translations, offered in the switcher and built as page trees (SPEC §1: EN
 * and ES; Chinese and Vietnamese since every text of theirs is translated, which the build checks).
 * All of them now: the same array, so the page's script carries one.
 */
export const supportedLanguages = allLanguages
/** Default language (SPEC §1). */
export const defaultLanguage: Language = 'en'

/** Whether `lang` is offered to users. */
export const isSupported = (lang: unknown): lang is (typeof supportedLanguages)[number] => typeof lang === 'string' && (supportedLanguages as readonly string[]).includes(lang)

/** BCP 47 tag for `Intl` and `<html lang>`. */
export const htmlLang = (lang: Language): string => ({ en: 'en', es: 'es', cn: 'zh-CN', vi: 'vi' })[lang]
