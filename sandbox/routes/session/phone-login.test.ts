import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../../testkit.ts'
import { setFlag, solvedCaptcha, solvedSlider, type CallOptions } from '../../auth/testkit.ts'

const { sb, c } = sandboxForFile()

// demo01 registered with +63 9123456789 (sandbox/seed/accounts.ts); agent01 with +63 9175550101.
const phoneLogin = async (mobileNum: string, password: string, opts: CallOptions & { captcha?: boolean; agentOnly?: boolean } = {}) => {
  const slider = await solvedSlider(c, opts)
  const captcha = opts.captcha ? await solvedCaptcha(c, sb.url, opts) : {}
  return c.call('login', { type: 'phone', countryDialingCode: '+63', mobileNum, password, slider, ...captcha, ...(opts.agentOnly ? { agentOnly: true } : {}) }, opts)
}

describe('login by mobile number and password (PHONELOGIN3)', () => {
  it('signs in the member whose registered number it is, with the account password', async () => {
    const r = await phoneLogin('9123456789', 'demo1234', { ip: '10.60.0.1' })
    expect(r.body.code).toBe('ok')
    expect(r.body.value).toMatchObject({ userName: 'demo01' })
  })

  it('is refused with not_enabled while the switch is off, even with the right password', async () => {
    await setFlag(sb.url, 'PHONELOGIN3', false)
    try {
      const r = await phoneLogin('9123456789', 'demo1234', { ip: '10.60.1.1' })
      expect([r.status, r.body.code]).toEqual([403, 'not_enabled'])
      // The username login is untouched by the switch.
      const slider = await solvedSlider(c, { ip: '10.60.1.1' })
      const byName = await c.call('login', { type: 'username', username: 'demo01', password: 'demo1234', slider }, { ip: '10.60.1.1' })
      expect(byName.body.code).toBe('ok')
    } finally {
      await setFlag(sb.url, 'PHONELOGIN3', true)
    }
  })

  it('answers an unknown number and a wrong password identically', async () => {
    const unknown = await phoneLogin('9990001234', 'whatever1', { ip: '10.60.2.1' })
    const wrong = await phoneLogin('9123456789', 'whatever1', { ip: '10.60.2.2' })
    expect(unknown.status).toBe(401)
    expect(unknown.body.code).toBe('invalid_credentials')
    expect(unknown).toEqual(wrong)
  })

  it('asks for a captcha after 3 failures and locks the number (known or not) after 5, as the username login does', async () => {
    for (const mobile of ['9175550101', '9990004321']) {
      for (let i = 1; i <= 5; i++) {
        const r = await phoneLogin(mobile, `bad${i}x`, { ip: `10.60.3.${i}`, captcha: i > 3 })
        expect(r.body.code).toBe('invalid_credentials')
        expect(r.body.value).toEqual({ captcha: i >= 3 })
      }
      const right = await phoneLogin(mobile, 'agent1234', { ip: '10.60.3.9' })
      expect([right.status, right.body.code]).toEqual([423, 'account_locked'])
    }
  })

  it("counts an account's failures alike by username and by number: alternating them gives no more guesses", async () => {
    await sb.db.query("UPDATE members SET mobile_num = '9170001313', country_dialing_code = '+63' WHERE username = 'member13'")
    const byName = async (password: string, ip: string, captcha: boolean) => {
      const slider = await solvedSlider(c, { ip })
      const solved = captcha ? await solvedCaptcha(c, sb.url, { ip }) : {}
      return c.call('login', { type: 'username', username: 'member13', password, slider, ...solved }, { ip })
    }
    for (let i = 1; i <= 5; i++) {
      const ip = `10.60.5.${i}`
      const r = i % 2 ? await byName(`bad${i}x`, ip, i > 3) : await phoneLogin('9170001313', `bad${i}x`, { ip, captcha: i > 3 })
      expect(r.body.code).toBe('invalid_credentials')
      expect(r.body.value).toEqual({ captcha: i >= 3 })
    }
    // Five failures in all, whichever way they came: the right password is refused both ways now.
    expect((await byName('member1234', '10.60.5.9', true)).body.code).toBe('account_locked')
    expect((await phoneLogin('9170001313', 'member1234', { ip: '10.60.5.10', captcha: true })).body.code).toBe('account_locked')
  })

  it('needs a solved slider and keeps the agent page for agents', async () => {
    const noSlider = await c.call('login', { type: 'phone', countryDialingCode: '+63', mobileNum: '9123456789', password: 'demo1234' } as never, { ip: '10.60.4.1' })
    expect(noSlider.status).toBe(400)
    const member = await phoneLogin('9123456789', 'demo1234', { ip: '10.60.4.1', agentOnly: true })
    expect(member.body.code).toBe('not_agent')
  })
})
