import { describe, expect, it } from 'vitest'
import { exactOrigin, ownOrigin, signIdToken, verifyIdToken } from './idp.ts'

describe('dev identity provider tokens', () => {
  const now = Date.UTC(2026, 0, 1)
  const payload = { provider: 'google' as const, sub: 's1', name: 'Demo', exp: now / 1000 + 60 }

  it('verifies its own tokens and refuses forged, altered or expired ones', () => {
    const t = signIdToken(payload)
    expect(verifyIdToken(t, now)).toEqual(payload)
    expect(verifyIdToken(t, now + 61_000)).toBeNull()
    const [body, sig] = t.split('.')
    const forged = Buffer.from(JSON.stringify({ ...payload, sub: 'admin' })).toString('base64url')
    expect(verifyIdToken(`${forged}.${sig}`, now)).toBeNull()
    expect(verifyIdToken(`${body}.${sig.slice(0, -2)}AA`, now)).toBeNull()
    expect(verifyIdToken('garbage', now)).toBeNull()
  })

  it('accepts only exact http(s) origins', () => {
    expect(exactOrigin('http://127.0.0.1:4321')).toBe('http://127.0.0.1:4321')
    expect(exactOrigin('https://example.com')).toBe('https://example.com')
    expect(exactOrigin('https://example.com/')).toBeNull()
    expect(exactOrigin('javascript:alert(1)')).toBeNull()
    expect(exactOrigin('*')).toBeNull()
    expect(exactOrigin(undefined)).toBeNull()
  })

  it("takes the app's origin only on this very host (https allowed behind a TLS-ending proxy)", () => {
    expect(ownOrigin('http://127.0.0.1:4321', 'http://127.0.0.1:4321/sandbox/idp/authorize')).toBe('http://127.0.0.1:4321')
    expect(ownOrigin('https://play.example', 'http://play.example/sandbox/idp/authorize')).toBe('https://play.example')
    expect(ownOrigin('http://play.example', 'https://play.example/sandbox/idp/authorize')).toBeNull()
    expect(ownOrigin('https://evil.example', 'http://play.example/sandbox/idp/authorize')).toBeNull()
    expect(ownOrigin('http://127.0.0.1:4322', 'http://127.0.0.1:4321/sandbox/idp/authorize')).toBeNull()
  })
})
