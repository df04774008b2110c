import { beforeEach, describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { endpoints, type EndpointKey } from '../../sdk/contract/all.ts'
import { createMember } from '../auth/accounts.ts'
import { hashPassword, testCost } from '../auth/password.ts'
import { inbox, lastCode, login, setFlag, sliderAnswer, solvedCaptcha, solvedSlider } from '../auth/testkit.ts'
import { loadRegisterRules } from '../auth/register.ts'
import { putSetting } from '../settings.ts'
import type { RegisterField, RegisterRule } from '../../sdk/contract/all.ts'

const { sb, c } = sandboxForFile()

const tokenOf = (r: { body: { value?: unknown } }): string => (r.body.value as { token: string }).token
let ipSeq = 0
/** A fresh address per logical user, so per-address limits of one test never leak into another. */
const nextIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`

async function registration(over: Record<string, unknown>, ip: string) {
  const slider = await solvedSlider(c, { ip })
  const captcha = await solvedCaptcha(c, sb.url, { ip })
  return { registerMethod: 'WEB' as const, login: true as const, termsAccepted: true as const, slider, ...captcha, ...over }
}

describe('member info and header state', () => {
  it('describe the signed-in member and refuse a missing or bogus token', async () => {
    const t = tokenOf(await login(c, sb.url, 'demo01', 'demo1234', { ip: nextIp() }))
    const info = await c.call('memberInfo', {}, { token: t })
    expect(info.body.value).toMatchObject({ account: 'demo01', type: 0, hasPassword: true })
    const icon = await c.call('infoIcon', {}, { token: t })
    expect(icon.body.value).toMatchObject({ hasVip: expect.any(Boolean), unreadMessage: expect.any(Number), availablePromoCount: expect.any(Number) })
    const avatar = await c.call('avatar', {}, { token: t })
    expect((avatar.body.value as { url: string }).url).toMatch(/^data:image\/svg\+xml;base64,/)
    expect((await c.call('unreadCount', {}, { token: t })).body.code).toBe('ok')
    expect((await c.call('consolidated', {}, { token: t })).body.value).toHaveProperty('dailysalreqtype')
    for (const key of ['memberInfo', 'infoIcon', 'avatar', 'unreadCount', 'consolidated'] as const) {
      expect((await c.raw(key, {})).status).toBe(401)
      expect((await c.raw(key, {}, { token: 'x'.repeat(43) })).status).toBe(401)
    }
  })
})

describe('registration by username', () => {
  // By username alone: no SMS code asked (the seed has REGSMS3 on, as the mobile registration sets it).
  beforeEach(() => setFlag(sb.url, 'REGSMS3', false))

  it('asks for a mobile number and its code while REGSMS3 is on and the rules require a number', async () => {
    await setFlag(sb.url, 'REGSMS3', true)
    const restore = await changeRule('mobileNum', { required: true })
    try {
      const ip = nextIp()
      const r = await c.call('register', await registration({ username: 'smsfirst1', password: 'secret12', confirmPassword: 'secret12' }, ip), { ip })
      expect(r.body.fields).toEqual({ mobileNum: 'err_field_required', verificationCode: 'err_field_required' })
    } finally {
      await restore()
      await setFlag(sb.url, 'REGSMS3', false)
    }
  })

  it('creates the member, logs in, and refuses the same name again', async () => {
    const ip = nextIp()
    const r = await c.call('register', await registration({ username: 'Newbie01', password: 'secret12', confirmPassword: 'secret12' }, ip), { ip })
    expect(r.body.code).toBe('ok')
    expect(r.body.value).toMatchObject({ userName: 'Newbie01', firstTimeLogin: true, weakPassword: false })
    expect((await c.call('memberInfo', {}, { token: tokenOf(r) })).body.value).toMatchObject({ account: 'Newbie01' })
    const again = await c.call('register', await registration({ username: 'newbie01', password: 'secret12', confirmPassword: 'secret12' }, ip), { ip })
    expect([again.status, again.body.code, again.body.fields]).toEqual([409, 'username_taken', { username: 'err_username_taken' }])
    const back = await login(c, sb.url, 'newbie01', 'secret12', { ip })
    expect(back.body.value).toMatchObject({ firstTimeLogin: false })
  })

  it("writes the new member's welcome message in the language they signed up in", async () => {
    const ip = nextIp()
    const r = await c.call('register', await registration({ username: 'Nguoimoi1', password: 'secret12', confirmPassword: 'secret12' }, ip), { ip, headers: { Language: 'vi' } })
    expect(r.body.code).toBe('ok')
    const rows = await sb.db.query<{ title: string; body: string }>(
      "SELECT title, body FROM member_messages WHERE member_id = (SELECT id FROM members WHERE username = 'Nguoimoi1')",
    )
    expect(rows).toEqual([{ title: 'Chào mừng đến với Lobbykit', body: expect.stringContaining('Tài khoản của bạn đã sẵn sàng') }])
  })

  it('answers every failing field with its locale key', async () => {
    const ip = nextIp()
    const r = await c.call('register', await registration({ username: '9lives', password: 'short', confirmPassword: 'other' }, ip), { ip })
    expect(r.status).toBe(400)
    expect(r.body.code).toBe('validation_failed')
    expect(r.body.fields).toMatchObject({ username: 'auth_err_username', password: 'auth_err_password', confirmPassword: 'err_field_mismatch' })
    const empty = await c.call('register', await registration({}, ip), { ip })
    expect(empty.body.fields).toMatchObject({ username: 'err_field_required', password: 'err_field_required' })
  })

  it('checks the affiliate code against agents, links the upline and keeps the referral code', async () => {
    expect((await c.call('affiliate', { code: 'AG01INVITE' })).body.value).toEqual({ valid: true, agent: '' })
    expect((await c.call('affiliate', { code: 'NOPE' })).body.value).toEqual({ valid: false, agent: '' })
    const ip = nextIp()
    const bad = await c.call('register', await registration({ username: 'refd01', password: 'secret12', confirmPassword: 'secret12', affiliateCode: 'NOPE' }, ip), { ip })
    expect([bad.status, bad.body.code]).toEqual([400, 'invitation_code_error'])
    const ok = await c.call(
      'register',
      await registration({ username: 'refd01', password: 'secret12', confirmPassword: 'secret12', affiliateCode: 'ag01invite', referralCode: 'FRIEND9' }, ip),
      { ip },
    )
    expect(ok.body.code).toBe('ok')
    const row = (
      await sb.db.query<{ upline: string; profile: unknown }>(
        "SELECT u.username AS upline, m.profile FROM members m JOIN members u ON u.id = m.upline_id WHERE m.username = 'refd01'",
      )
    )[0]
    expect(row.upline).toBe('agent01')
    expect(JSON.stringify(row.profile)).toContain('FRIEND9')
  })

  it('is closed when USERNAMEREG3 is off, and refuses a bad slider', async () => {
    const ip = nextIp()
    const badSlider = await c.call(
      'register',
      { ...(await registration({ username: 'slid01', password: 'secret12', confirmPassword: 'secret12' }, ip)), slider: sliderAnswer('nope', 0.5) },
      { ip },
    )
    expect(badSlider.body.code).toBe('slider_invalid')
    await setFlag(sb.url, 'USERNAMEREG3', false)
    try {
      const r = await c.call('register', await registration({ username: 'closed01', password: 'secret12', confirmPassword: 'secret12' }, ip), { ip })
      expect([r.status, r.body.code]).toEqual([403, 'not_enabled'])
    } finally {
      await setFlag(sb.url, 'USERNAMEREG3', true)
    }
  })
})

/** Changes one register field rule of the platform; resolves with the function that puts it back. */
async function changeRule(field: RegisterField, change: Partial<RegisterRule>): Promise<() => Promise<void>> {
  const before = await loadRegisterRules(sb.db)
  await putSetting(
    sb.db,
    'registerRules',
    before.map((r) => (r.field === field ? { ...r, ...change } : r)),
  )
  return () => putSetting(sb.db, 'registerRules', before)
}

/** What a form sends besides its fields, with no human check: each test adds the one it means. */
const bare = { registerMethod: 'WEB' as const, login: true as const, termsAccepted: true as const }

describe('one human check per registration flow, on the default settings (issue 41)', () => {
  beforeEach(async () => {
    for (const flag of ['USERNAMEREG3', 'MOBILENUMREG3', 'REGSMS3'] as const) await setFlag(sb.url, flag, true)
    await setFlag(sb.url, 'MOBILENUMPASSREG3', false)
  })

  it('by username: username, password, confirmation, terms and the slider, with no mobile number, SMS code or captcha', async () => {
    const ip = nextIp()
    const fields = { username: 'onecheck1', password: 'secret12', confirmPassword: 'secret12' }
    // The check the rules pick is still required: without it, and with a wrong one, the platform refuses.
    const none = await c.call('register', { ...bare, ...fields }, { ip })
    expect([none.status, none.body.code, Object.keys(none.body.fields ?? {})]).toEqual([400, 'validation_failed', ['slider']])
    const wrong = await c.call('register', { ...bare, ...fields, slider: sliderAnswer('nope', 0.5) }, { ip })
    expect(wrong.body.code).toBe('slider_invalid')
    const ok = await c.call('register', { ...bare, ...fields, slider: await solvedSlider(c, { ip }) }, { ip })
    expect([ok.body.code, (ok.body.value as { userName: string }).userName]).toEqual(['ok', 'onecheck1'])
  })

  it('by username with the captcha rule on: the captcha instead of the slider, never both', async () => {
    const restore = await changeRule('captcha', { enabled: true })
    try {
      const ip = nextIp()
      const fields = { username: 'onecheck2', password: 'secret12', confirmPassword: 'secret12' }
      const sliderOnly = await c.call('register', { ...bare, ...fields, slider: await solvedSlider(c, { ip }) }, { ip })
      expect([sliderOnly.status, sliderOnly.body.fields]).toEqual([400, { captcha: 'err_field_required' }])
      const ok = await c.call('register', { ...bare, ...fields, ...(await solvedCaptcha(c, sb.url, { ip })) }, { ip })
      expect(ok.body.code).toBe('ok')
    } finally {
      await restore()
    }
  })

  it('by mobile: the slider before the SMS send, then the code, and no second check; the number is verified', async () => {
    const ip = nextIp()
    const mobileNum = '9176660123'
    const unchecked = await c.call('smsRegister', { mobileNum, countryDialingCode: '+63' }, { ip })
    expect(unchecked.body.code).toBe('slider_invalid')
    expect(await lastCode(sb.url, mobileNum, 'register')).toBeUndefined()
    const sent = await c.call('smsRegister', { mobileNum, countryDialingCode: '+63', slider: await solvedSlider(c, { ip }) }, { ip })
    expect([sent.body.code, sent.body.message]).toEqual(['ok', ''])
    const code = (await lastCode(sb.url, mobileNum, 'register'))!
    expect(code).toMatch(/^\d{6}$/)
    const noCode = await c.call('registerMobile', { ...bare, mobileNum, countryDialingCode: '+63' }, { ip })
    expect(noCode.body.fields).toEqual({ verificationCode: 'err_field_required' })
    const ok = await c.call('registerMobile', { ...bare, mobileNum, countryDialingCode: '+63', verificationCode: code }, { ip })
    expect([ok.body.code, ok.body.fields]).toEqual(['ok', undefined])
    const profile = await c.call('moneyProfile', {}, { token: tokenOf(ok) })
    expect(profile.body.value).toMatchObject({ mobileVerified: true })
  })
})

describe('registration by mobile number', () => {
  it('needs a valid registration code with REGSMS3, sends a generated password without MOBILENUMPASSREG3, and refuses the number twice', async () => {
    await setFlag(sb.url, 'MOBILENUMREG3', true)
    await setFlag(sb.url, 'REGSMS3', true)
    await setFlag(sb.url, 'MOBILENUMPASSREG3', false)
    const ip = nextIp()
    const mobileNum = '9175559999'
    const sent = await c.call('smsRegister', { mobileNum, countryDialingCode: '+63', slider: await solvedSlider(c, { ip }) }, { ip })
    expect(sent.body.value).toEqual({ expiredMinutes: 5 })
    const code = (await lastCode(sb.url, mobileNum, 'register'))!
    const wrong = await c.call('registerMobile', await registration({ mobileNum, countryDialingCode: '+63', verificationCode: code === '000000' ? '111111' : '000000' }, ip), {
      ip,
    })
    expect(wrong.body.code).toBe('sms_code_invalid')
    const ok = await c.call('registerMobile', await registration({ mobileNum, countryDialingCode: '+63', verificationCode: code }, ip), { ip })
    expect(ok.body.code).toBe('ok')
    expect((ok.body.value as { userName: string }).userName).toBe(mobileNum)
    // The code proved the number: My account shows it verified, as one bound there later.
    const profile = await c.call('moneyProfile', {}, { token: (ok.body.value as { token: string }).token })
    expect(profile.body.value).toMatchObject({ mobileVerified: true })
    const pwEntry = (await inbox(sb.url)).sms.find((e) => e.purpose === 'register_password' && e.mobileNum === mobileNum)
    expect(String(pwEntry?.password)).toMatch(/^[A-Za-z0-9]{10}$/)
    expect((await login(c, sb.url, mobileNum, String(pwEntry!.password), { ip })).body.code).toBe('ok')
    const twice = await c.call('registerMobile', await registration({ mobileNum, countryDialingCode: '+63', verificationCode: code }, ip), { ip })
    expect(twice.body.code).toBe('mobile_taken')
  })
})

describe('passwords', () => {
  it('weak01 must change: weak flag, then a change with the old password; the old one stops working', async () => {
    const ip = nextIp()
    const first = await login(c, sb.url, 'weak01', '123456', { ip })
    expect(first.body.value).toMatchObject({ weakPassword: true })
    const t = tokenOf(first)
    const mismatch = await c.call('changePassword', { oldPassword: '123456', newPassword: 'better12', confirmNewPassword: 'better13' }, { token: t })
    expect(mismatch.body.fields).toEqual({ confirmNewPassword: 'err_field_mismatch' })
    const weak = await c.call('changePassword', { oldPassword: '123456', newPassword: '123456', confirmNewPassword: '123456' }, { token: t })
    expect(weak.body.fields).toEqual({ newPassword: 'err_field_weak' })
    const noOld = await c.call('changePassword', { newPassword: 'better12', confirmNewPassword: 'better12' }, { token: t })
    expect(noOld.body.fields).toEqual({ oldPassword: 'err_field_required' })
    const wrongOld = await c.call('changePassword', { oldPassword: '654321', newPassword: 'better12', confirmNewPassword: 'better12' }, { token: t })
    expect(wrongOld.body.code).toBe('password_incorrect')
    const ok = await c.call('changePassword', { oldPassword: '123456', newPassword: 'better12', confirmNewPassword: 'better12' }, { token: t })
    expect(ok.body.code).toBe('ok')
    expect((await login(c, sb.url, 'weak01', '123456', { ip })).body.code).toBe('invalid_credentials')
    expect((await login(c, sb.url, 'weak01', 'better12', { ip })).body.value).toMatchObject({ weakPassword: false, passwordExpired: false })
  })

  it('forgot by email is rate limited per account', async () => {
    let last: Awaited<ReturnType<typeof c.call>> | undefined
    for (let i = 0; i < 4; i++) last = await c.call('forgotEmail', { username: 'ratelimited1', email: 'x@example.test' }, { ip: nextIp() })
    expect(last!.body.code).toBe('rate_limited')
  })

  it('reset by phone with a code from the login send, then log in with the new password', async () => {
    await setFlag(sb.url, 'PHONEVERIFY3', true)
    const ip = nextIp()
    // A member of its own: demo01's seeded password is the member-info test's.
    const phone = { mobile_num: '9175554321', country_dialing_code: '+63' }
    await createMember(
      sb.db,
      { username: 'phonereset1', passwordHash: await hashPassword('before12', testCost), mobileNum: phone.mobile_num, countryDialingCode: phone.country_dialing_code },
      Date.now(),
    )
    await c.call('smsLogin', { mobileNum: phone.mobile_num, countryDialingCode: phone.country_dialing_code }, { ip })
    const code = (await lastCode(sb.url, phone.mobile_num, 'login'))!
    const weak = await c.call('resetByPhone', { newPassword: 'abc', mobileNum: phone.mobile_num, countryDialingCode: phone.country_dialing_code, verificationCode: code }, { ip })
    expect(weak.body.fields).toEqual({ newPassword: 'auth_err_password' })
    const ok = await c.call(
      'resetByPhone',
      { newPassword: 'phone1234', mobileNum: phone.mobile_num, countryDialingCode: phone.country_dialing_code, verificationCode: code },
      { ip },
    )
    expect([ok.body.code, ok.body.value]).toEqual(['ok', { userName: 'phonereset1' }])
    const reuse = await c.call(
      'resetByPhone',
      { newPassword: 'phone9999', mobileNum: phone.mobile_num, countryDialingCode: phone.country_dialing_code, verificationCode: code },
      { ip },
    )
    expect(reuse.body.code).toBe('sms_code_invalid')
    expect((await login(c, sb.url, 'phonereset1', 'phone1234', { ip })).body.code).toBe('ok')
    expect((await login(c, sb.url, 'phonereset1', 'before12', { ip })).body.code).toBe('invalid_credentials')
  })
})

describe('trial accounts and raffles', () => {
  it('refuse real-account actions for trial accounts and unknown promotions for members', async () => {
    await setFlag(sb.url, 'FREEPLAY3', true)
    const trial = await c.call('loginFreeplay', { os: 'test', platform: 'W', random: 'r', gatewayVersion: 3 }, { ip: nextIp() })
    const tt = tokenOf(trial)
    expect((await c.call('changePassword', { newPassword: 'abc12345', confirmNewPassword: 'abc12345' }, { token: tt })).body.code).toBe('trial_account')
    expect((await c.call('raffleClaim', { promotionId: 'x' }, { token: tt })).body.code).toBe('trial_account')
    const t = tokenOf(await login(c, sb.url, 'agent01', 'agent1234', { ip: nextIp() }))
    expect((await c.call('raffleClaim', { promotionId: 'no-such-promo' }, { token: t })).status).toBe(404)
    const promo = (await sb.db.query<{ id: string }>("SELECT id FROM notices WHERE type = 'PR' LIMIT 1"))[0]
    if (promo) {
      expect((await c.call('raffleClaim', { promotionId: promo.id }, { token: t })).body.code).toBe('ok')
      expect((await c.call('raffleClaim', { promotionId: promo.id }, { token: t })).body.code).toBe('conflict')
    }
  })
})

describe('hostile input on every auth and member endpoint', () => {
  const mine: EndpointKey[] = [
    'captcha',
    'slider',
    'login',
    'loginFreeplay',
    'smsLogin',
    'smsRegister',
    'memberInfo',
    'infoIcon',
    'avatar',
    'register',
    'registerMobile',
    'changePassword',
    'forgotEmail',
    'resetByLink',
    'resetByPhone',
    'affiliate',
    'consolidated',
    'unreadCount',
    'raffleClaim',
    'logout',
  ]
  const nasty: unknown[] = [
    null,
    [],
    'string',
    42,
    { __proto__: { admin: true }, constructor: { prototype: { x: 1 } } },
    { type: 'username', username: 'a'.repeat(100_000), password: '\u0000', slider: { challengeId: 1, position: 'x', durationMs: -1 } },
    { type: 'sms', mobileNum: '<script>', countryDialingCode: "' OR 1=1 --", verificationCode: '１２３４５６' },
    { code: '${7*7}', promotionId: '../../etc/passwd', username: '😀'.repeat(20), email: '@', newPassword: ' ', confirmNewPassword: ' ' },
    { type: 'thirdparty', provider: 'google', idToken: 'a.b' },
  ]

  it('answers 4xx with a message, never 5xx', async () => {
    const t = tokenOf(await login(c, sb.url, 'agent01', 'agent1234', { ip: nextIp() }))
    for (const key of mine) {
      for (const input of nasty) {
        for (const token of [undefined, t]) {
          const e = endpoints[key]
          let r: { status: number; body: { message: string; success: boolean } }
          if (e.method === 'GET') {
            const res = await fetch(`${sb.url}${e.path}?${new URLSearchParams({ code: '<x>', __proto__: 'y', a: 'b'.repeat(5000) })}`, {
              headers: token ? { Authorization: `Bearer ${token}` } : {},
            })
            r = { status: res.status, body: (await res.json()) as { message: string; success: boolean } }
          } else {
            const res = await fetch(`${sb.url}${e.path}`, {
              method: e.method,
              headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(key === 'login' ? { 'X-Forwarded-For': nextIp() } : {}) },
              body: JSON.stringify(input),
            })
            r = { status: res.status, body: (await res.json()) as { message: string; success: boolean } }
          }
          expect(r.status, `${key} ${JSON.stringify(input)?.slice(0, 80)}`).toBeLessThan(500)
          if (!r.body.success) expect(r.body.message, key).not.toBe('')
        }
      }
    }
  })

  it('survives naughty strings inside well-formed encrypted bodies', async () => {
    const naughty = ['__proto__', 'constructor', '😀'.repeat(16), "'; DROP TABLE members; --", '<img src=x onerror=alert(1)>', '\u202e', '0'.repeat(64), ' ', '%00', '(a+)+$']
    for (const s of naughty) {
      const ip = nextIp()
      const r1 = await c.call(
        'login',
        { type: 'username', username: s.slice(0, 64), password: s, slider: { challengeId: s.slice(0, 64), position: 0.5, durationMs: 400, path: [] } },
        { ip },
      )
      expect(r1.status, s).toBeLessThan(500)
      const r2 = await c.call('login', { type: 'sms', mobileNum: s.slice(0, 20), countryDialingCode: s.slice(0, 6), verificationCode: s.slice(0, 6) }, { ip })
      expect(r2.status, s).toBeLessThan(500)
      const fields = Object.fromEntries(
        [
          'username',
          'password',
          'confirmPassword',
          'email',
          'mobileNum',
          'countryDialingCode',
          'affiliateCode',
          'referralCode',
          'payeeName',
          'birthday',
          'captcha',
          'captchaId',
          'verificationCode',
        ].map((f) => [f, s.slice(0, 6)]),
      )
      for (const key of ['register', 'registerMobile'] as const) {
        const r = await c.raw(key, { ...fields, registerMethod: 'WEB', login: true, slider: { challengeId: 'x', position: 0.5, durationMs: 400, path: [] } }, { ip })
        expect(r.status, `${key} ${s}`).toBeLessThan(500)
        expect(r.body.message).not.toBe('')
      }
      const r3 = await c.call('resetByPhone', { newPassword: s, mobileNum: s.slice(0, 20), countryDialingCode: s.slice(0, 6), verificationCode: s.slice(0, 6) }, { ip })
      expect(r3.status, s).toBeLessThan(500)
    }
  })
})
