import { describe, expect, it } from 'vitest'
import type { Banner, CustomerService, Status } from '../contract/index.ts'
import { csLinksOf, bannersIn, csTarget, decryptCsPath, encryptCsPath, jackpotAt, jackpotStepMs, navVendors, unprefixedPath, vendorHref } from './index.ts'
import { decide } from '../gate/index.ts'
import { routeOf } from '../gate/access.ts'

describe('jackpot', () => {
  it('grows by 165.11 every 3 s and depends only on the time', () => {
    const t = Date.UTC(2025, 5, 1, 12)
    expect(jackpotAt(t + jackpotStepMs) - jackpotAt(t)).toBeCloseTo(165.11, 2)
    expect(jackpotAt(t + 1000)).toBe(jackpotAt(t))
    expect(jackpotAt(t)).toBe(jackpotAt(t))
    expect(Number.isInteger(Math.round(jackpotAt(t) * 100))).toBe(true)
  })

  it('stays a believable size: from 8,000,000 at 00:00 UTC to under 13,000,000 before the daily reset', () => {
    const midnight = Date.UTC(2026, 10, 21)
    expect(jackpotAt(midnight)).toBe(8_000_000)
    expect(jackpotAt(midnight - 1)).toBeGreaterThan(12_000_000)
    expect(jackpotAt(midnight - 1)).toBeLessThan(13_000_000)
    expect(jackpotAt(Date.UTC(2030, 0, 1, 18))).toBeLessThan(13_000_000)
  })
})

describe('customer-service decryption', () => {
  it('round-trips a URL through the type-3 scheme with the last 8 characters as key', () => {
    const path = encryptCsPath('https://chat.example.com/room?id=42&lang=es', 'K3y!x9Zq')
    expect(path.endsWith('K3y!x9Zq')).toBe(true)
    expect(path).not.toContain('chat.example.com')
    expect(decryptCsPath(path)).toBe('https://chat.example.com/room?id=42&lang=es')
  })
  it('refuses what does not decrypt to an http(s) URL', () => {
    expect(() => decryptCsPath(encryptCsPath('javascript:alert(1)', 'abcdefgh'))).toThrow()
    expect(() => decryptCsPath('short')).toThrow()
    expect(() => decryptCsPath('!!!notbase64!!!abcdefgh')).toThrow()
    // A wrong key yields bytes that are not a URL.
    const path = encryptCsPath('https://chat.example.com', 'abcdefgh')
    expect(() => decryptCsPath(path.slice(0, -8) + 'zzzzzzzz')).toThrow()
  })
  it('opens a path on this site (the seeded chat room), never a protocol-relative or script address', () => {
    expect(decryptCsPath(encryptCsPath('/helpmc#chat', 'abcdefgh'))).toBe('/helpmc#chat')
    expect(csTarget({ csPosition: 'VIP-1', csType: 'VIP', path: '/helpmc#chat', label: 'VIP' })).toBe('/helpmc#chat')
    expect(() => decryptCsPath(encryptCsPath('//evil.test/x', 'abcdefgh'))).toThrow()
    expect(() => decryptCsPath(encryptCsPath('/\\evil.test/x', 'abcdefgh'))).toThrow()
    expect(() => csTarget({ csPosition: 'VIP-1', csType: 'VIP', path: '//evil.test', label: 'VIP' })).toThrow()
    expect(() => csTarget({ csPosition: 'VIP-1', csType: 'VIP', path: '/help me', label: 'VIP' })).toThrow()
  })
  it('opens plain entries only when they are http(s)', () => {
    const entry = (path: string, csType: CustomerService['csType'] = 'WHATSAPP'): CustomerService => ({ csPosition: 'WHATSAPP-1', csType, path, label: 'x' })
    expect(csTarget(entry('https://wa.me/123'))).toBe('https://wa.me/123')
    expect(() => csTarget(entry('javascript:alert(1)'))).toThrow()
  })
})

describe('customer-service links', () => {
  const entries: CustomerService[] = [
    { csPosition: 'LIVECHAT-1', csType: 'LIVECHAT', path: 'https://chat.test', label: 'Live chat' },
    { csPosition: 'VIP-1', csType: 'VIP', path: 'https://vip.test', label: 'VIP' },
    { csPosition: 'WHATSAPP-1', csType: 'WHATSAPP', path: 'https://wa.me/1', label: 'WhatsApp' },
    { csPosition: 'TELEGRAM-1', csType: '3', path: encryptCsPath('https://t.me/x', '12345678'), label: 'Telegram' },
  ]
  it('uses live chat below rank 5 and the VIP line above 4', () => {
    expect(csLinksOf(entries, 4).map((l) => [l.channel, l.entry.path])).toEqual([
      ['livechat', 'https://chat.test'],
      ['whatsapp', 'https://wa.me/1'],
      ['telegram', entries[3].path],
    ])
    expect(csLinksOf(entries, 5)[0].entry.path).toBe('https://vip.test')
  })
})

describe('banners', () => {
  it('keeps only the banners of the group, in order', () => {
    const banner = (bannerId: string, groupName: string): Banner => ({ bannerId, groupName, url: '', linkageType: '', linkage: '', title: '' })
    const announcements = { player: [], popup: [], promotion: [], banners: [banner('1', 'w_home'), banner('2', 'w_rng'), banner('3', 'w_home')] }
    expect(bannersIn(announcements, 'w_home').map((b) => b.bannerId)).toEqual(['1', '3'])
    expect(bannersIn(announcements, 'w_live')).toEqual([])
  })
})

describe('nav', () => {
  it('lists 11 providers, then a more entry', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => i)
    expect(navVendors(twelve)).toEqual({ shown: twelve.slice(0, 11), more: true })
    expect(navVendors(twelve.slice(0, 11))).toEqual({ shown: twelve.slice(0, 11), more: false })
  })
  it('sends providers to their lobby tab, lottery vendors to /lottery and FB sports to /fbsports', () => {
    expect(vendorHref({ gameType: 'RNG', page: 'rng' }, 'PG')).toBe('/rng?vassalage=PG')
    expect(vendorHref({ gameType: 'ELOTT', page: 'elott' }, 'TCG_LOTTO_VN')).toBe('/lottery?vendor=TCG_LOTTO_VN')
    expect(vendorHref({ gameType: 'SPORTS', page: 'sports' }, 'FB')).toBe('/fbsports')
  })
})

describe('routes and access', () => {
  it('strips the language prefix, trailing slash and index.html', () => {
    expect(routeOf('/es/help/', ['en', 'es'])).toBe('/help')
    expect(routeOf('/es/', ['en', 'es'])).toBe('/')
    expect(routeOf('/register.html', ['en', 'es'])).toBe('/register.html')
    expect(routeOf('/index.html', ['en', 'es'])).toBe('/')
    expect(unprefixedPath('/es/promotions')).toBe('/promotions')
    expect(unprefixedPath('/es')).toBe('/')
    expect(unprefixedPath('/help')).toBe('/help')
  })
  const ok = { loading: false, data: { maintenance: { enabled: false }, regionRestriction: { enabled: false } } as Status }
  it('decides maintenance, region block, login-only and the app', () => {
    expect(decide({ loading: false, data: { ...ok.data!, maintenance: { enabled: true, title: '', info: '', endTime: null } } }, '/', false, false)).toBe('maintenance')
    expect(decide({ loading: false, data: { ...ok.data!, regionRestriction: { enabled: true, message: '' } } }, '/', false, false)).toBe('blocked')
    expect(decide(ok, '/vip', false, true)).toBe('login')
    expect(decide(ok, '/vip', true, true)).toBe('app')
    for (const route of ['/login', '/register', '/register.html', '/helpmc', '/download']) expect(decide(ok, route, false, true)).toBe('app')
    expect(decide(ok, '/vip', false, false)).toBe('app')
  })
})
