import { beforeEach, describe, expect, it } from 'vitest'
import type { Status, WhitelabelNode } from '../contract/index.ts'
import { ApiError } from '../client/index.ts'
import { configure } from '../runtime/index.ts'
import { createStorage, memoryStorage } from '../storage/index.ts'
import { $flags, $status, $systemStatus, $theme, flattenWhitelabel, imageUrl, launchUrl, pickCdn, setTheme, toggleTheme } from './index.ts'

// Derived state and persistence that need no server (the server-backed journeys are in stores.test.ts).
const node = (modId: string, enabled: boolean, childrenNodes: WhitelabelNode[] = []): WhitelabelNode => ({ modId, enabled, childrenNodes })

describe('flattenWhitelabel', () => {
  it('enables a module only when it and every ancestor are enabled', () => {
    const flags = flattenWhitelabel([
      node('REGISTER', true, [node('DIRECTREG3', true), node('MOBILENUMREG3', false, [node('MOBILENUMPASSREG3', true)])]),
      node('LOGIN', false, [node('MOBILEVERCODELOGIN3', true)]),
      node('FREEPLAY3', true),
      node('SOMETHING_ELSE', true),
    ])
    expect(flags.DIRECTREG3).toBe(true)
    expect(flags.FREEPLAY3).toBe(true)
    expect(flags.MOBILENUMREG3).toBe(false)
    expect(flags.MOBILENUMPASSREG3).toBe(false)
    expect(flags.MOBILEVERCODELOGIN3).toBe(false)
    expect(flags.USERNAMEREG3).toBe(false)
    expect(Object.keys(flags)).not.toContain('SOMETHING_ELSE')
  })
})

const status = (over: { maintenance?: boolean; region?: boolean } = {}): Status => ({
  systemStatus: 0,
  maintenance: { enabled: over.maintenance ?? false, title: '', info: '', endTime: null },
  regionRestriction: { enabled: over.region ?? false, message: '' },
  location: { ip: '127.0.0.1', countryCode: 'PH' },
  brand: { name: 'Lobbykit', platform: 'web', device: 'WEB', lotteryType: 'SEA', currencySymbol: 'P' },
  whitelabel: [node('DIRECTREG3', true)],
  resources: [],
  customerService: [],
  analytics: { gtagId: '' },
  domainRoute: [],
  imageCDNs: ['https://img1.test/', 'https://img2.test'],
  launchGameCDNs: [],
})

describe('$systemStatus', () => {
  it.each([
    [{ data: status(), loading: false }, 0],
    [{ data: status({ maintenance: true, region: true }), loading: false }, 1],
    [{ data: status({ region: true }), loading: false }, 2],
    [{ error: new ApiError('maintenance'), loading: false }, 1],
    [{ error: new ApiError('region_blocked'), loading: false }, 2],
    [{ error: new ApiError('network_error'), loading: false }, 0],
  ])('maps %o to %d', (state, expected) => {
    $status.set(state)
    expect($systemStatus.get()).toBe(expected)
  })

  it('exposes flags from the status tree', () => {
    $status.set({ data: status(), loading: false })
    expect($flags.get().DIRECTREG3).toBe(true)
    $status.set({ loading: false })
    expect($flags.get().DIRECTREG3).toBe(false)
  })
})

describe('CDN helpers', () => {
  it('joins a random image CDN and the path, leaving absolute URLs alone', () => {
    $status.set({ data: status(), loading: false })
    const seen = new Set(Array.from({ length: 60 }, () => imageUrl('/games/a.png')))
    expect(seen).toEqual(new Set(['https://img1.test/games/a.png', 'https://img2.test/games/a.png']))
    expect(imageUrl('https://elsewhere.test/x.png')).toBe('https://elsewhere.test/x.png')
    expect(launchUrl('/launch/1')).toBe('/launch/1') // no launch CDN known
    expect(pickCdn([])).toBeUndefined()
  })
})

describe('$theme', () => {
  beforeEach(() => configure({ storage: createStorage() }))

  it('defaults to light, persists and toggles', () => {
    expect($theme.get()).toBe('light')
    toggleTheme()
    expect($theme.get()).toBe('dark')
    setTheme('light')
    expect($theme.get()).toBe('light')
  })

  it('reads the stored theme from a new storage', () => {
    const local = memoryStorage()
    local.setItem('theme', JSON.stringify('dark'))
    configure({ storage: createStorage({ local }) })
    expect($theme.get()).toBe('dark')
    setTheme('light')
    expect(JSON.parse(local.getItem('theme')!)).toBe('light')
  })
})
