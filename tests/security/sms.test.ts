import { describe, expect, it } from 'vitest'
import { lastCode, solvedSlider } from '../../sandbox/auth/testkit.ts'
import { sandboxForFile } from '../../sandbox/testkit.ts'

// The SMS-register send answers the same for taken and free numbers, applies its
// limits first, and caps sends per number and day; item 10: it needs a solved slider before anything else.
let clock = Date.now()
const { sb, c } = sandboxForFile({ now: () => clock })

describe('SMS registration codes', () => {
  it('answer a taken number exactly like a free one, and text only the free one', async () => {
    // demo01's seeded number: a taken one.
    const takenNum = (await import('../../sandbox/seed/accounts.ts')).demoAccounts.find((a) => a.username === 'demo01')!.mobileNum
    const taken = await c.call('smsRegister', { mobileNum: takenNum, countryDialingCode: '+63', username: 'demo01', slider: await solvedSlider(c) }, { ip: '198.51.100.71' })
    const free = await c.call('smsRegister', { mobileNum: '9170000071', countryDialingCode: '+63', username: 'demo01', slider: await solvedSlider(c) }, { ip: '198.51.100.72' })
    expect([taken.status, taken.body]).toEqual([free.status, free.body])
    expect(await lastCode(sb.url, takenNum, 'register')).toBeUndefined()
    expect(await lastCode(sb.url, '9170000071', 'register')).toMatch(/^\d{6}$/)
  })

  it('stop at 5 sends a day to one number, even a minute apart from ever-new addresses', async () => {
    const codes: string[] = []
    for (let i = 0; i < 6; i++) {
      clock += 61_000
      codes.push((await c.call('smsRegister', { mobileNum: '9170000072', countryDialingCode: '+63', slider: await solvedSlider(c) }, { ip: `198.51.100.${80 + i}` })).body.code)
    }
    expect(codes).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'rate_limited'])
  })

  it('send nothing without a solved slider, and a wrong answer uses the challenge up', async () => {
    const none = await c.call('smsRegister', { mobileNum: '9170000073', countryDialingCode: '+63' }, { ip: '198.51.100.91' })
    expect([none.status, none.body.code]).toEqual([400, 'slider_invalid'])
    const right = await solvedSlider(c)
    const wrong = await c.call(
      'smsRegister',
      { mobileNum: '9170000073', countryDialingCode: '+63', slider: { ...right, position: right.position > 0.5 ? 0.1 : 0.95 } },
      { ip: '198.51.100.91' },
    )
    expect(wrong.body.code).toBe('slider_invalid')
    const replay = await c.call('smsRegister', { mobileNum: '9170000073', countryDialingCode: '+63', slider: right }, { ip: '198.51.100.91' })
    expect(replay.body.code).toBe('slider_invalid')
    expect(await lastCode(sb.url, '9170000073')).toBeUndefined()
  })
})

// The slider challenge keeps its answer on the server.
describe('the slider challenge', () => {
  it('carries only its id and a picture, never the target', async () => {
    const r = await c.call('slider', {}, { ip: '198.51.100.92' })
    const value = r.body.value as Record<string, string>
    expect(Object.keys(value).sort()).toEqual(['challengeId', 'image'])
    expect(Buffer.from(value.image, 'base64').subarray(1, 4).toString()).toBe('PNG')
    expect(JSON.stringify(r.body)).not.toMatch(/target/)
  })
})
