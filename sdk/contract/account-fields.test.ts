import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { registerRuleOf as rule } from '../../sandbox/auth/testkit.ts'
import { ChangePasswordRequest } from './account-requests.ts'
import { MobileNumber, NewPassword, SmsCode, Username, registerRule } from './account-fields.ts'
import { issueFields } from './issues.ts'
import type { RegisterRule } from './registration.ts'
import { RegisterRequest, registrationSchema } from './account-requests.ts'

/** The message key the schema gives a value, `null` when it passes. */
const keyOf = (schema: v.GenericSchema, value: unknown): string | null => {
  const parsed = v.safeParse(schema, value)
  return parsed.success ? null : parsed.issues[0].message
}
const fieldsOf = (schema: v.GenericSchema, value: unknown) => {
  const parsed = v.safeParse(schema, value)
  return parsed.success ? {} : issueFields(parsed.issues)
}

describe('the account fields', () => {
  it('accepts usernames of 2–15 characters starting with a letter', () => {
    expect(keyOf(Username, 'ab')).toBeNull()
    expect(keyOf(Username, ' a2345678901234x ')).toBeNull()
    for (const bad of ['a', 'a23456789012345x', '1abc', 'ab cd', 'ab_cd', 'démo01']) expect(keyOf(Username, bad)).toBe('auth_err_username')
    expect(keyOf(Username, '   ')).toBe('err_field_required')
  })

  it('wants new passwords of at least 6 characters mixing letters and digits, never the default one', () => {
    expect(keyOf(NewPassword, 'abc123')).toBeNull()
    for (const bad of ['abc12', 'abcdef', 'abc 123']) expect(keyOf(NewPassword, bad)).toBe('auth_err_password')
    expect(keyOf(NewPassword, '123456')).toBe('err_field_weak')
    expect(keyOf(NewPassword, '')).toBe('err_field_required')
  })

  it('wants mobile numbers of 6–15 digits and six-digit SMS codes', () => {
    expect(keyOf(MobileNumber, ' 9171234567 ')).toBeNull()
    expect(keyOf(MobileNumber, '12345')).toBe('auth_err_mobile')
    expect(keyOf(MobileNumber, '91712a4567')).toBe('auth_err_mobile')
    expect(keyOf(SmsCode, ' 123456 ')).toBeNull()
    expect(keyOf(SmsCode, '12345')).toBe('err_sms_code_invalid')
    expect(keyOf(SmsCode, '')).toBe('err_field_required')
  })

  it('names a confirmation that differs under the confirmation, beside the password’s own problem', () => {
    expect(fieldsOf(ChangePasswordRequest, { newPassword: 'abc123', confirmNewPassword: 'abc123' })).toEqual({})
    expect(fieldsOf(ChangePasswordRequest, { newPassword: 'abc', confirmNewPassword: 'abd' })).toEqual({
      newPassword: 'auth_err_password',
      confirmNewPassword: 'err_field_mismatch',
    })
    expect(fieldsOf(ChangePasswordRequest, { newPassword: 'abc123', confirmNewPassword: '' })).toEqual({ confirmNewPassword: 'err_field_required' })
  })

  it('checks a registration rule from the settings: required, length, pattern, a broken pattern as anything', () => {
    const field = (r: RegisterRule, force = false) => v.pipe(v.optional(v.string()), registerRule(r, force))
    expect(keyOf(field(rule('qqNum')), 'anything at all')).toBeNull()
    expect(keyOf(field(rule('qqNum', { required: true })), '  ')).toBe('err_field_required')
    expect(keyOf(field(rule('qqNum', { minLength: 5 })), 'abc')).toBe('err_field_pattern')
    expect(keyOf(field(rule('qqNum', { acceptedPattern: '^\\d+$' })), '12a')).toBe('err_field_pattern')
    expect(keyOf(field(rule('qqNum', { enabled: false, required: true })), '')).toBeNull()
    expect(keyOf(field(rule('captcha')), ''), 'a captcha on is required').toBeNull()
    expect(keyOf(field(rule('captcha'), true), '')).toBe('err_field_required')
    expect(keyOf(field(rule('qqNum', { acceptedPattern: '([' })), 'x')).toBeNull()
  })
})

describe('registrationSchema', () => {
  const rules = {
    email: rule('email', { required: true, acceptedPattern: '^[^@\\s]+@[^@\\s]+$', patternId: 3 }),
    line: rule('line', { enabled: false, required: true }),
    captcha: rule('captcha', { acceptedPattern: '^[A-Za-z0-9]{4,6}$' }),
  }
  const base = { registerMethod: 'WEB', login: true, slider: { challengeId: 'x', position: 0.5, durationMs: 500, path: [] } }
  const byName = { rules, kind: 'register' as const, mobilePassword: false, smsCode: false, phoneToken: false }

  it('checks a username registration by the fixed rules and the enabled settings’ rules, the captcha required while on', () => {
    expect(fieldsOf(registrationSchema(byName), { ...base, username: '1x', password: 'abc', confirmPassword: 'abd', email: 'nope' })).toEqual({
      username: 'auth_err_username',
      password: 'auth_err_password',
      confirmPassword: 'err_field_mismatch',
      email: 'err_field_pattern',
      captcha: 'err_field_required',
    })
    const complete = { ...base, username: 'newbie01', password: 'abc123', confirmPassword: 'abc123', email: 'a@b.c', captcha: 'ab12' }
    expect(fieldsOf(registrationSchema(byName), complete)).toEqual({})
  })

  it('asks a mobile registration for its number and country, the code with REGSMS3 (not with the phone’s proof), a password only with MOBILENUMPASSREG3', () => {
    const byMobile = { rules: {}, kind: 'registerMobile' as const, mobilePassword: false, smsCode: true, phoneToken: false }
    expect(fieldsOf(registrationSchema(byMobile), { ...base, mobileNum: '12ab', verificationCode: '12' })).toEqual({
      mobileNum: 'auth_err_mobile',
      countryDialingCode: 'err_field_required',
      verificationCode: 'err_sms_code_invalid',
    })
    const number = { ...base, mobileNum: '9171234567', countryDialingCode: '+63' }
    expect(fieldsOf(registrationSchema({ ...byMobile, phoneToken: true }), number)).toEqual({})
    expect(fieldsOf(registrationSchema({ ...byMobile, mobilePassword: true }), { ...number, verificationCode: '123456' })).toEqual({
      password: 'err_field_required',
      confirmPassword: 'err_field_required',
    })
  })

  it('checks the part a form fills when given it (no slider yet)', () => {
    const filled = v.omit(RegisterRequest, ['slider'])
    const complete = { registerMethod: 'WEB', login: true, username: 'newbie01', password: 'abc123', confirmPassword: 'abc123' }
    expect(fieldsOf(registrationSchema({ ...byName, rules: {} }, filled), complete)).toEqual({})
    expect(fieldsOf(registrationSchema({ ...byName, rules: {} }), complete)).toHaveProperty('slider')
  })

  it('asks one human check: the slider, or the captcha while its rule is on, or none beside an SMS code', () => {
    const filled = { registerMethod: 'WEB', login: true, username: 'newbie01', password: 'abc123', confirmPassword: 'abc123' }
    // The captcha's rule on: the captcha, and no slider.
    expect(fieldsOf(registrationSchema(byName), { ...filled, email: 'a@b.c' })).toEqual({ captcha: 'err_field_required' })
    // Off: the slider, and no captcha.
    const noCaptcha = { ...byName, rules: { ...rules, captcha: rule('captcha', { enabled: false }) } }
    expect(Object.keys(fieldsOf(registrationSchema(noCaptcha), { ...filled, email: 'a@b.c' }))).toEqual(['slider'])
    // REGSMS3 on a username registration with no number required: no number, no code.
    expect(Object.keys(fieldsOf(registrationSchema({ ...noCaptcha, smsCode: true }), { ...filled, email: 'a@b.c' }))).toEqual(['slider'])
    // A mobile registration with its code: the code's send passed the slider, nothing else is asked.
    const byMobile = { rules: noCaptcha.rules, kind: 'registerMobile' as const, mobilePassword: false, smsCode: true, phoneToken: false }
    expect(
      fieldsOf(registrationSchema(byMobile), {
        registerMethod: 'WEB',
        login: true,
        mobileNum: '9171234567',
        countryDialingCode: '+63',
        verificationCode: '123456',
        email: 'a@b.c',
      }),
    ).toEqual({})
  })
})
