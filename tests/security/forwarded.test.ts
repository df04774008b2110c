import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../sdk/contract/all.ts'
import { client, solvedSlider } from '../../sandbox/auth/testkit.ts'
import { parseTrustedProxies } from '../../sandbox/http/address.ts'
import { startSandbox, type Sandbox } from '../../sandbox/testing.ts'

// X-Forwarded-For counts only from configured proxies (none by default), and then
// the right-most hop that is not a trusted proxy is the caller.
let plain: Sandbox
let proxied: Sandbox
beforeAll(async () => {
  plain = await startSandbox({ trustedProxies: [] })
  proxied = await startSandbox({ trustedProxies: ['127.0.0.1', '::1', '10.0.0.0/8'] })
})
afterAll(async () => {
  await plain?.close()
  await proxied?.close()
})

async function seenIp(sb: Sandbox, forwarded: string): Promise<string> {
  const r = await fetch(`${sb.url}${endpoints.status.path}`, { headers: { 'X-Forwarded-For': forwarded } })
  return ((await r.json()) as { value: { location: { ip: string } } }).value.location.ip
}

describe('forwarded addresses', () => {
  it('ignores X-Forwarded-For when no proxy is trusted (the default)', async () => {
    expect(await seenIp(plain, '203.0.113.9')).toBe('127.0.0.1')
    expect(await seenIp(plain, '203.0.113.9, 198.51.100.1')).toBe('127.0.0.1')
  })

  it('takes the right-most untrusted hop behind trusted proxies, not what the client prepended', async () => {
    expect(await seenIp(proxied, '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9')
    expect(await seenIp(proxied, '6.6.6.6, 203.0.113.9, 10.1.2.3')).toBe('203.0.113.9')
    expect(await seenIp(proxied, 'not-an-ip')).toBe('127.0.0.1')
  })

  it('keeps the per-address captcha on a client that forges a new address on every try', async () => {
    const c = client(plain.url)
    for (let i = 0; i < 3; i++) {
      const slider = await solvedSlider(c, { ip: `203.0.113.${i}` })
      const r = await c.call('login', { type: 'username', username: `nobody${i}x`, password: 'wrong-pass1', slider }, { ip: `203.0.113.${i}` })
      expect(r.body.code).toBe('invalid_credentials')
    }
    const slider = await solvedSlider(c, { ip: '203.0.113.77' })
    const r = await c.call('login', { type: 'username', username: 'nobody9x', password: 'wrong-pass1', slider }, { ip: '203.0.113.77' })
    expect(r.body.code).toBe('captcha_required')
  })

  it('refuses a TRUSTED_PROXIES entry that is not an address or range', () => {
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/TRUSTED_PROXIES/)
    expect(() => parseTrustedProxies('proxy.local')).toThrow(/TRUSTED_PROXIES/)
    expect(parseTrustedProxies('').check('127.0.0.1')).toBe(false)
    expect(parseTrustedProxies('127.0.0.1 ::1, 10.0.0.0/8').check('10.9.9.9')).toBe(true)
  })
})
