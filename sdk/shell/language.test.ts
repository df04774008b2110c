import { afterEach, describe, expect, it, vi } from 'vitest'
import { $locale } from '../i18n/index.ts'
import { pageStorage } from '../storage/index.ts'
import { switchLanguage } from './language.ts'

afterEach(() => vi.unstubAllGlobals())

describe('switchLanguage', () => {
  it("saves the language and loads the page's variant, leaving the page being left in its own language", async () => {
    $locale.set('en')
    const assign = vi.fn()
    vi.stubGlobal('location', { pathname: '/es/help', search: '?tab=faq', hash: '#terms', assign })
    const seen: string[] = []
    const stop = $locale.listen((lang) => seen.push(lang))
    await switchLanguage('es')
    stop()
    expect(assign).toHaveBeenCalledWith('/help?tab=faq#terms')
    expect(pageStorage().local.get('hisLang')).toBe('es')
    expect(pageStorage().local.get('lang')).toBe('es')
    // Islands of this page still to hydrate hydrate the HTML they were given (no React 418 before the new page).
    expect(seen).toEqual([])
    expect($locale.get()).toBe('en')
  })
})
