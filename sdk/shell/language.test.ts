import { afterEach, describe, expect, it, vi } from 'vitest'
import { $locale } from '../i18n/index.ts'
import { pageStorage } from '../storage/index.ts'
import { languageOfChange, languagePickKey, switchLanguage } from './language.ts'

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

describe('languageOfChange', () => {
  it("takes the head script's record of the pick over the value React put back while it hydrated, once", () => {
    const page: Record<string, unknown> = { [languagePickKey]: 'es' }
    vi.stubGlobal('window', page)
    // The select shows the page's language again when the replayed change arrives.
    expect(languageOfChange('en')).toBe('es')
    expect(page[languagePickKey]).toBeUndefined()
    // Without a record (a change the head script did not see), the select's value; never an unknown one.
    expect(languageOfChange('vi')).toBe('vi')
    expect(languageOfChange('xx')).toBeNull()
  })
})
