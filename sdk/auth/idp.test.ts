import { afterEach, describe, expect, it, vi } from 'vitest'
import { configure } from '../runtime/index.ts'
import { idpUrl, platformOrigin } from './idp.ts'

afterEach(() => {
  configure({ baseURL: '' })
  vi.unstubAllGlobals()
})

describe('the sign-in popup', () => {
  it('opens on the configured platform and names its origin, not the page’s (an embed on a partner’s page)', () => {
    vi.stubGlobal('location', new URL('https://partner.example/casino/'))
    configure({ baseURL: 'https://platform.example/' })
    const url = new URL(idpUrl('google'))
    expect(url.origin + url.pathname).toBe('https://platform.example/sandbox/idp/authorize')
    expect(url.searchParams.get('origin')).toBe('https://platform.example')
    expect(platformOrigin()).toBe('https://platform.example')
  })

  it('stays on the page’s own origin when no platform is configured', () => {
    vi.stubGlobal('location', new URL('https://lobby.example/login'))
    const url = idpUrl('phone', { dial: '+63', mobile: '9171234567' })
    expect(url.startsWith('/sandbox/idp/authorize?')).toBe(true)
    const params = new URL(url, 'https://lobby.example').searchParams
    expect([params.get('origin'), params.get('dial'), params.get('phone')]).toEqual(['https://lobby.example', '+63', '9171234567'])
  })
})
