import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { phoneAuthError, phoneAuthErrors, requestIdToken } from './idp.ts'
import { idpErrorKeys, idpRefusal } from './login.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

const locale = (lang: string): Record<string, string> => JSON.parse(readFileSync(`locales/${lang}/auth.json`, 'utf8'))

describe('phone-auth refusals (SPEC §7)', () => {
  it('map to the ten distinct messages, each present in every language', () => {
    const keys = new Set([...phoneAuthErrors.map((code) => idpErrorKeys[code]), idpErrorKeys.popup_closed])
    expect(keys.size).toBe(10)
    for (const lang of ['en', 'es', 'cn', 'vi']) for (const key of keys) expect(locale(lang)[key], `${lang}:${key}`).toBeTruthy()
    expect(JSON.stringify(idpRefusal('too-many-requests'))).toContain('auth_phone_too_many')
  })

  it('reads the service’s codes with or without the auth/ prefix, and nothing else', () => {
    expect(phoneAuthError('auth/code-expired')).toBe('code-expired')
    expect(phoneAuthError('quota-exceeded')).toBe('quota-exceeded')
    expect(phoneAuthError('<script>')).toBeNull()
    expect(phoneAuthError(42)).toBeNull()
  })

  it('a phone popup that posts a refusal gives that refusal to the app, not a generic cancel', async () => {
    vi.stubGlobal('location', new URL('https://lobby.example/register'))
    const popup = { closed: false }
    const listeners: ((e: MessageEvent) => void)[] = []
    vi.stubGlobal('window', {
      open: () => popup,
      addEventListener: (_: string, fn: (e: MessageEvent) => void) => listeners.push(fn),
      removeEventListener: () => {},
    })
    const result = requestIdToken('phone', { dial: '+63', mobile: '9171234567' })
    for (const fn of listeners)
      fn({ origin: 'https://lobby.example', source: popup, data: { type: 'lk:idp', provider: 'phone', error: 'auth/invalid-verification-code' } } as unknown as MessageEvent)
    expect(await result).toEqual({ error: 'invalid-verification-code' })
  })
})
