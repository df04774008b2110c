import { describe, expect, it } from 'vitest'
import { hashPassword, verifyDummy, verifyPassword } from './password.ts'

describe('password hashing', () => {
  it('stores a self-describing scrypt hash at the OWASP minimum with a fresh salt', async () => {
    const a = await hashPassword('demo1234')
    const b = await hashPassword('demo1234')
    expect(a).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/)
    expect(a).not.toBe(b)
    expect(a).not.toContain('demo1234')
  })

  it('verifies the right password and refuses a wrong one or a damaged hash', async () => {
    const h = await hashPassword('demo1234')
    expect(await verifyPassword('demo1234', h)).toBe(true)
    expect(await verifyPassword('demo1235', h)).toBe(false)
    expect(await verifyPassword('demo1234', h.replace('ln=17', 'ln=30'))).toBe(false)
    expect(await verifyPassword('demo1234', 'plain')).toBe(false)
    expect(await verifyPassword('demo1234', '')).toBe(false)
  })

  it('spends comparable time on an unknown user (dummy verify)', async () => {
    const h = await hashPassword('x1')
    await verifyDummy('warm-up')
    let t = performance.now()
    await verifyPassword('wrong', h)
    const real = performance.now() - t
    t = performance.now()
    expect(await verifyDummy('wrong')).toBe(false)
    const dummy = performance.now() - t
    expect(dummy).toBeGreaterThan(real / 3)
  })
})
