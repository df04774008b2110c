import { readdirSync } from 'node:fs'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { namespaces } from './index.ts'

// No page here inlines messages: every table below is loaded or registered by the test itself.
// The tables loaded so far are the module's (one page, one table): each test gets the module afresh,
// as a page that has loaded none.
let i18n: typeof import('./index.ts')
beforeEach(async () => {
  vi.resetModules()
  i18n = await import('./index.ts')
})

describe('namespaces', () => {
  it.each(['en', 'es', 'cn', 'vi'])('are exactly the message files of %s', (lang) => {
    const files = readdirSync(`locales/${lang}`)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length))
    expect([...files].sort()).toEqual([...namespaces].sort())
  })
})

describe('messages on demand', () => {
  it('a Spanish page shows a missing key as the key, never English it did not load', async () => {
    const { $locale, registerMessages, t } = i18n
    registerMessages('es', { ok: 'Aceptar' }, ['common'])
    $locale.set('es')
    expect(t('ok')).toBe('Aceptar')
    expect(t('shell_login')).toBe('shell_login')
  })

  it('loads a namespace in the current language and tells subscribers', async () => {
    const { $locale, $messages, loadNamespaces, t } = i18n
    $locale.set('en')
    expect(t('auth_login_title')).toBe('auth_login_title')
    const seen: string[] = []
    const stop = $messages.listen((messages) => seen.push(messages.auth_login_title ?? ''))
    await loadNamespaces(['auth'])
    stop()
    expect(t('auth_login_title')).toBe('Log in')
    expect(seen.at(-1)).toBe('Log in')
  })

  it('loads each namespace once, however often it is asked for', async () => {
    const { $messages, loadNamespaces, t } = i18n
    await Promise.all([loadNamespaces(['lobby']), loadNamespaces(['lobby', 'auth'])])
    const table = $messages.get()
    await loadNamespaces(['lobby', 'auth'])
    expect($messages.get()).toBe(table)
    expect(t('lobby_search')).not.toBe('lobby_search')
  })

  it('switching language loads in it the namespaces on screen, and no others', async () => {
    const { $locale, loadNamespaces, setLocale, t } = i18n
    $locale.set('en')
    // On screen: auth and lobby, loaded in English.
    await loadNamespaces(['auth', 'lobby'])
    expect(t('auth_login_title')).toBe('Log in')
    await setLocale('es')
    expect($locale.get()).toBe('es')
    // auth and lobby were loaded in English above: they are shown in Spanish now.
    expect(t('auth_login_title')).toBe('Iniciar sesión')
    expect(t('lobby_search')).toBe('Buscar')
    // The centre overlay never opened: its messages wait until it does.
    expect(t('centre_member_securityCenter')).toBe('centre_member_securityCenter')
    await loadNamespaces(['centre'])
    expect(t('centre_member_securityCenter')).not.toBe('centre_member_securityCenter')
  })
})

describe('fallback by the contract rule', () => {
  it('fills a Vietnamese or Chinese gap with English when English is loaded, plurals included', async () => {
    const { messagesOf, registerMessages, translator } = i18n
    registerMessages('en', { rules_probe: 'English text', rules_probe_n_one: '{count} round', rules_probe_n_other: '{count} rounds' }, ['common'])
    registerMessages('vi', { rules_own: 'Văn bản' }, ['common'])
    registerMessages('cn', {}, ['common'])
    const vi = translator(messagesOf('vi'), 'vi')
    expect(vi('rules_own')).toBe('Văn bản')
    expect(vi('rules_probe')).toBe('English text')
    expect(vi('rules_probe_n', { count: 1 })).toBe('1 round')
    expect(translator(messagesOf('cn'), 'cn')('rules_probe_n', { count: 2 })).toBe('2 rounds')
  })
})
