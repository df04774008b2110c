import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { requestIdToken } from './idp.ts'
import { idpErrorKeys, idpRefusal } from './login.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

const locale = (lang: string): Record<string, string> => JSON.parse(readFileSync(`locales/${lang}/auth.json`, 'utf8'))

describe('phone-auth refusals (SPEC §7)', () => {
  it('map to the ten distinct messages, each present in every language', () => {
    const codes = [
      'invalid-phone-number',
      'missing-phone-number',
      'too-many-requests',
      'unknown',
      'invalid-verification-code',
      'captcha-check-failed',
      'quota-exceeded',
      'operation-not-allowed',
      'code-expired',
      'popup_closed',
    ] as const
    const keys = new Set(codes.map((code) => idpErrorKeys[code]))
    expect(keys.size).toBe(10)
    for (const lang of ['en', 'es', 'cn', 'vi']) for (const key of keys) expect(locale(lang)[key], `${lang}:${key}`).toBeTruthy()
    expect(JSON.stringify(idpRefusal('too-many-requests'))).toContain('auth_phone_too_many')
  })

  it('shows an unknown error for a code it does not know', () => {
    expect(JSON.stringify(idpRefusal('auth/something-new'))).toContain('auth_phone_unknown')
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
