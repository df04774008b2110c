import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Status, WhitelabelNode } from '../contract/index.ts'
import { ApiError } from '../client/index.ts'
import { configure } from '../runtime/index.ts'
import { createStorage, memoryStorage } from '../storage/index.ts'
import { $flags, $systemStatus, $theme, flattenWhitelabel, imageUrl, launchUrl, loadStatus, pickCdn, setTheme, toggleTheme } from './index.ts'
import { imagePicksKept } from './status.ts'
import { formatMoney } from '../format/index.ts'
import { parseAmount } from '../money/amount.ts'

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
  brand: { name: 'Lobbykit', platform: 'web', device: 'WEB', lotteryType: 'SEA', currency: 'PHP', timeZone: 'Asia/Manila' },
  whitelabel: [node('DIRECTREG3', true)],
  resources: [],
  customerService: [],
  analytics: { gtagId: '' },
  domainRoute: [],
  imageCDNs: ['https://img1.test/', 'https://img2.test'],
  launchGameCDNs: [],
})

/** A new configuration, whose status is not asked yet (the key follows in the next task). */
async function noStatus(): Promise<void> {
  configure({ storage: createStorage() })
  await new Promise((resolve) => setTimeout(resolve, 0))
}

/** The stores after the status call gave `state` (its reply or its error), in a new configuration. */
async function statusIs(state: { data?: Status; error?: ApiError }): Promise<void> {
  await noStatus()
  await loadStatus(() => (state.data ? Promise.resolve(state.data) : Promise.reject(state.error)))
}

describe("the platform's currency", () => {
  it('shows money and reads typed amounts in the currency the status names (VND: whole đồng, no decimals)', async () => {
    await statusIs({ data: { ...status(), brand: { ...status().brand, currency: 'VND' } } })
    expect(formatMoney(50_000, undefined, 'vi')).toBe('50.000\u00a0₫')
    expect(formatMoney(50_000, undefined, 'en')).toBe('₫50,000')
    expect(parseAmount('50.000')).toEqual({ minor: 50_000 })
    await statusIs({ data: status() })
    expect(formatMoney(50_000, undefined, 'en')).toBe('₱500.00')
    expect(parseAmount('50.000')).toEqual({ minor: 50_00 })
  })
})

describe('$systemStatus', () => {
  it.each([
    [{ data: status(), loading: false }, 0],
    [{ data: status({ maintenance: true, region: true }), loading: false }, 1],
    [{ data: status({ region: true }), loading: false }, 2],
    [{ error: new ApiError('maintenance'), loading: false }, 1],
    [{ error: new ApiError('region_blocked'), loading: false }, 2],
    [{ error: new ApiError('network_error'), loading: false }, 0],
  ])('maps %o to %d', async (state, expected) => {
    await statusIs(state)
    expect($systemStatus.get()).toBe(expected)
  })

  it('says on the console that deposits are fake while the platform runs the payment simulator in production, and only then', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      await statusIs({ data: status() })
      expect(warn).not.toHaveBeenCalled()
      await statusIs({ data: { ...status(), paymentSimulator: true } })
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('deposits are FAKE'))
    } finally {
      warn.mockRestore()
    }
  })

  it('exposes flags from the status tree', async () => {
    await statusIs({ data: status() })
    expect($flags.get().DIRECTREG3).toBe(true)
    await noStatus()
    expect($flags.get().DIRECTREG3).toBe(false)
  })

  it('switches off every flag under a disabled group, as the head script and the sandbox do', async () => {
    const tree = (groupOn: boolean) => [node('LOGIN3', groupOn, [node('LOGINONLY3', true), node('FREEPLAY3', true)]), node('REG3', true, [node('DIRECTREG3', true)])]
    await statusIs({ data: { ...status(), whitelabel: tree(false) } })
    expect($flags.get()).toMatchObject({ LOGINONLY3: false, FREEPLAY3: false, DIRECTREG3: true })
    await statusIs({ data: { ...status(), whitelabel: tree(true) } })
    expect($flags.get()).toMatchObject({ LOGINONLY3: true, FREEPLAY3: true, DIRECTREG3: true })
  })
})

describe('CDN helpers', () => {
  it('keeps one image CDN per path, spreads paths over the CDNs, and leaves absolute URLs alone', async () => {
    await statusIs({ data: status() })
    // Revisiting a card must ask the same address, or the loaded-image and browser caches miss.
    const again = new Set(Array.from({ length: 60 }, () => imageUrl('/games/a.png')))
    expect(again.size).toBe(1)
    expect(['https://img1.test/games/a.png', 'https://img2.test/games/a.png']).toContain([...again][0])
    const hosts = new Set(Array.from({ length: 60 }, (_, i) => new URL(imageUrl(`/games/spread-${i}.png`)).host))
    expect(hosts).toEqual(new Set(['img1.test', 'img2.test']))
    expect(imageUrl('https://elsewhere.test/x.png')).toBe('https://elsewhere.test/x.png')
    expect(launchUrl('/launch/1')).toBe('/launch/1') // no launch CDN known
    expect(pickCdn([])).toBeUndefined()
  })

  it('moves a path that failed to load to the other CDN, and keeps it there', async () => {
    await statusIs({ data: status() })
    const first = imageUrl('/games/failing.png')
    const retry = imageUrl('/games/failing.png', first)
    expect(retry).not.toBe(first)
    expect(retry.endsWith('/games/failing.png')).toBe(true)
    expect(imageUrl('/games/failing.png')).toBe(retry)
  })

  it('picks only once the CDN list is known, and keeps the last 200 paths', async () => {
    await noStatus()
    expect(imageUrl('/games/early.png')).toBe('/games/early.png')
    await statusIs({ data: status() })
    const early = imageUrl('/games/early.png')
    expect(early).toMatch(/^https:\/\/img[12]\.test\/games\/early\.png$/)
    for (let i = 0; i < imagePicksKept - 1; i++) imageUrl(`/games/fill-${i}.png`)
    expect(imageUrl('/games/early.png')).toBe(early) // still kept, and now the most recent
    const forgotten = imageUrl('/games/fill-0.png')
    for (let i = 0; i < imagePicksKept; i++) imageUrl(`/games/other-${i}.png`)
    // A forgotten path is picked afresh: over 40 forgotten-and-repicked rounds both CDNs come up.
    const repicks = new Set([forgotten])
    for (let round = 0; round < 40; round++) {
      repicks.add(imageUrl('/games/fill-0.png'))
      for (let i = 0; i < imagePicksKept; i++) imageUrl(`/games/churn-${round}-${i}.png`)
    }
    expect(repicks.size).toBe(2)
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
