import { describe, expect, it } from 'vitest'
import { clearSessionKeys, createStorage, memoryStorage, type StorageLike } from './index.ts'

describe('createStorage', () => {
  it('round-trips JSON values and keeps areas apart', () => {
    const storage = createStorage()
    storage.session.set('isAgent', 4)
    storage.session.set('memberLabel', ['vip'])
    storage.local.set('theme', 'dark')
    expect(storage.session.get('isAgent')).toBe(4)
    expect(storage.session.get('memberLabel')).toEqual(['vip'])
    expect(storage.session.get('theme')).toBeUndefined()
    expect(storage.local.get('theme')).toBe('dark')
  })

  it('reads a corrupt or legacy plain entry without throwing', () => {
    const session = memoryStorage()
    session.setItem('token', 'plain-token-not-json')
    session.setItem('account', '{"broken')
    const storage = createStorage({ session })
    expect(storage.session.get('token')).toBe('plain-token-not-json')
    expect(storage.session.get('account')).toBe('{"broken')
  })

  it('refuses to store passwords', () => {
    const storage = createStorage()
    expect(() => storage.local.set('password', 'demo1234')).toThrow(/never stored/)
    expect(() => storage.session.set('tempPwd', 'x')).toThrow()
    expect(storage.local.keys()).toEqual([])
  })

  it('keeps working in memory when the browser storage throws (quota, private mode)', () => {
    const throwing: StorageLike = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
      removeItem: () => undefined,
      key: () => null,
      length: 0,
    }
    const storage = createStorage({ local: throwing })
    storage.local.set('theme', 'dark')
    expect(storage.local.get('theme')).toBe('dark')
    expect(storage.local.keys()).toEqual(['theme'])
    storage.local.remove('theme')
    expect(storage.local.get('theme')).toBeUndefined()
  })

  it('clears only the SPEC session keys', () => {
    const storage = createStorage()
    for (const key of ['token', 'account', 'isAgent', 'gameVendor', 'customerId', 'memberLabel']) storage.session.set(key, 'x')
    storage.session.set('merchant', 'LOBBYKIT')
    clearSessionKeys(storage)
    expect(storage.session.keys()).toEqual(['merchant'])
  })
})
