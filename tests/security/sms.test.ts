import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, lastCode } from '../../sandbox/auth/testkit.ts'
import { startSandbox, type Sandbox } from '../../sandbox/testing.ts'

// Issue 16 item 5: the SMS-register send answers the same for taken and free numbers, applies its
// limits first, and caps sends per number and day.
let sb: Sandbox
let c: ReturnType<typeof client>
let clock = Date.now()
beforeAll(async () => {
  sb = await startSandbox({ now: () => clock })
  c = client(sb.url)
})
afterAll(async () => sb?.close())

describe('SMS registration codes', () => {
  it('answer a taken number exactly like a free one, and text only the free one', async () => {
    const taken = await c.call('smsRegister', { mobileNum: '912345678', countryDialingCode: '+63', username: 'demo01' }, { ip: '198.51.100.71' })
    const free = await c.call('smsRegister', { mobileNum: '9170000071', countryDialingCode: '+63', username: 'demo01' }, { ip: '198.51.100.72' })
    expect([taken.status, taken.body]).toEqual([free.status, free.body])
    expect(await lastCode(sb.url, '912345678', 'register')).toBeUndefined()
    expect(await lastCode(sb.url, '9170000071', 'register')).toMatch(/^\d{6}$/)
  })

  it('stop at 5 sends a day to one number, even a minute apart from ever-new addresses', async () => {
    const codes: string[] = []
    for (let i = 0; i < 6; i++) {
      clock += 61_000
      codes.push((await c.call('smsRegister', { mobileNum: '9170000072', countryDialingCode: '+63' }, { ip: `198.51.100.${80 + i}` })).body.code)
    }
    expect(codes).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'rate_limited'])
  })
})
