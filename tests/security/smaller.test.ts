import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { endpoints } from '../../sdk/contract/all.ts'
import { devSliderTarget, sealWithWebCrypto, setFlag, sliderAnswer } from '../../sandbox/auth/testkit.ts'
import { createCode } from '../../sandbox/auth/sms.ts'
import { createPlatformKeys } from '../../sandbox/auth/rsa.ts'

// The API's headers and the smaller holes.
const { sb, c } = sandboxForFile()

describe('password reset by phone', () => {
  it('counts wrong codes per number like SMS login: after 5, from any addresses, even a fresh right code is refused', async () => {
    await setFlag(sb.url, 'PHONEVERIFY3', true)
    await setFlag(sb.url, 'MOBILEVERCODELOGIN3', true)
    const phone = { countryDialingCode: '+63', mobileNum: '9175550101' } // agent01's
    const first = await createCode(sb.db, { dial: phone.countryDialingCode, mobile: phone.mobileNum }, 'login', Date.now())
    const wrong = first === '000000' ? '111111' : '000000'
    const codes = []
    for (let i = 0; i < 5; i++)
      codes.push((await c.call('resetByPhone', { ...phone, verificationCode: wrong, newPassword: 'taken0ver1' }, { ip: `198.51.100.${130 + i}` })).body.code)
    expect(codes).toEqual(Array(5).fill('sms_code_invalid'))
    // A new code (the 5 tries of the first are used up): the number stays locked, here and for SMS login.
    const fresh = await createCode(sb.db, { dial: phone.countryDialingCode, mobile: phone.mobileNum }, 'login', Date.now())
    const reset = await c.call('resetByPhone', { ...phone, verificationCode: fresh, newPassword: 'taken0ver1' }, { ip: '198.51.100.136' })
    expect(reset.body.code).toBe('account_locked')
    expect((await c.call('login', { type: 'sms', ...phone, verificationCode: fresh }, { ip: '198.51.100.137' })).body.code).toBe('account_locked')
  })
})

describe('API replies', () => {
  it('are never cached and never sniffed, successes and failures alike', async () => {
    for (const path of [endpoints.status.path, endpoints.balance.path, '/wps/no/such/endpoint']) {
      const r = await fetch(`${sb.url}${path}`)
      expect([path, r.headers.get('cache-control'), r.headers.get('x-content-type-options')]).toEqual([path, 'no-store', 'nosniff'])
    }
  })
})

describe('admin routes', () => {
  it('refuse a cross-site text/plain or form POST and change nothing', async () => {
    const before = await (await fetch(`${sb.url}${endpoints.status.path}`)).json()
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const r = await fetch(`${sb.url}/sandbox/admin/status`, { method: 'POST', headers: { 'Content-Type': type }, body: '{"maintenance":true}' })
      expect(r.status).toBe(415)
      const flags = await fetch(`${sb.url}/sandbox/admin/flags`, { method: 'POST', headers: { 'Content-Type': type }, body: '{"flag":"FREEPLAY3","enabled":false}' })
      expect(flags.status).toBe(415)
    }
    const after = await (await fetch(`${sb.url}${endpoints.status.path}`)).json()
    expect(after.value.systemStatus).toBe(before.value.systemStatus)
    expect(after.value.whitelabel).toEqual(before.value.whitelabel)
  })
})

describe('the affiliate check', () => {
  it('says valid or not without naming the agent, and is rate limited per address', async () => {
    const ip = '198.51.100.61'
    expect((await c.call('affiliate', { code: 'AG01INVITE' }, { ip })).body.value).toEqual({ valid: true, agent: '' })
    expect((await c.call('affiliate', { code: 'NOPE' }, { ip })).body.value).toEqual({ valid: false, agent: '' })
    let last = ''
    for (let i = 0; i < 30 && last !== 'rate_limited'; i++) last = (await c.call('affiliate', { code: `GUESS${i}` }, { ip })).body.code
    expect(last).toBe('rate_limited')
  })
})

describe('encrypted bodies', () => {
  it('go through the same __proto__ / constructor filter as plain ones', async () => {
    const sealed = await sealWithWebCrypto(await c.publicKey(), JSON.parse('{"a":1,"__proto__":{"polluted":true},"constructor":{"x":1}}'))
    const opened = (await createPlatformKeys(sb.db).open(sealed, Date.now())) as Record<string, unknown>
    expect(Object.keys(opened)).toEqual(['a'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('the dev identity provider', () => {
  it("hands its token only to this site's own origin, never to a page elsewhere that opens it", async () => {
    const authorize = (origin: string) => fetch(`${sb.url}/sandbox/idp/authorize?${new URLSearchParams({ provider: 'google', origin })}`)
    const own = await authorize(sb.url)
    expect(own.status).toBe(200)
    expect(await own.text()).toContain(`"origin":"${sb.url}"`)
    // Another port: the last digit changed (always to a different one, whatever the port).
    const otherPort = `${sb.url.slice(0, -1)}${(Number(sb.url.at(-1)) + 1) % 10}`
    for (const origin of ['https://evil.test', sb.url.replace('127.0.0.1', 'localhost'), otherPort]) {
      const r = await authorize(origin)
      const html = await r.text()
      expect([origin, r.status]).toEqual([origin, 400])
      expect(html).not.toMatch(/idToken":"[^"]/)
    }
  })

  it("serves its page under a CSP without 'unsafe-inline': its stylesheet is allowed by its hash alone", async () => {
    const r = await fetch(`${sb.url}/sandbox/idp/authorize?${new URLSearchParams({ provider: 'google', origin: sb.url })}`)
    const csp = r.headers.get('content-security-policy') ?? ''
    expect(csp).not.toContain('unsafe-inline')
    const styles = [...(await r.text()).matchAll(/<style>([^<]*)<\/style>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`)
    expect(styles).toHaveLength(1)
    expect(/style-src ([^;]*)/.exec(csp)?.[1]).toBe(styles[0])
    expect(csp).toContain("default-src 'none'")
  })
})

describe('the slider', () => {
  it('refuses a straight-line scripted answer that lands on the gap, and lets the same move made by a person through', async () => {
    const ip = '198.51.100.62'
    const challenge = async () => {
      const { challengeId } = (await c.call('slider', {}, { ip })).body.value as { challengeId: string }
      // The gap is in the picture: a script that reads the picture knows the target as well as the dev inbox does.
      return { challengeId, target: await devSliderTarget(sb.url, challengeId) }
    }
    const loginWith = async (slider: { challengeId: string; position: number; durationMs: number; path: [number, number][] }) =>
      (await c.call('login', { type: 'username', username: 'demo01', password: 'demo1234', slider }, { ip })).body.code
    // What a script sends: 20 evenly timed, evenly spaced samples from the start to the gap, a plausible duration.
    // (To a gap at 0.2, 0.4, 0.6 or 0.8 that line has every sample on the keyboard's 1 % grid: it is an
    // even-paced keyboard user's path, which passes by design, sandbox/auth/slider.ts.)
    let scripted = await challenge()
    while (Math.round(scripted.target * 1000) % 200 === 0) scripted = await challenge()
    const line = Array.from({ length: 20 }, (_, i): [number, number] => [400 + i * 25, Math.round(((i + 1) * scripted.target * 1000) / 20) / 1000])
    line[19][1] = scripted.target
    expect(await loginWith({ challengeId: scripted.challengeId, position: scripted.target, durationMs: 1000, path: line })).toBe('slider_invalid')
    // Only the answer's end point, no path at all.
    const bare = await challenge()
    expect(await loginWith({ challengeId: bare.challengeId, position: bare.target, durationMs: 1000, path: [] })).toBe('slider_invalid')
    // The same gap reached by a keyboard user at a human pace passes.
    const human = await challenge()
    expect(await loginWith(sliderAnswer(human.challengeId, human.target))).toBe('ok')
  })
})
