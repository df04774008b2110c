import { describe, expect, it } from 'vitest'
import { registerRuleOf as rule } from './testkit.ts'
import { checkRule, validateRegistration } from './register.ts'

const slider = { challengeId: 'x', position: 0.5, durationMs: 500, path: [] }
const base = { registerMethod: 'WEB' as const, login: true as const, slider }

describe('register rules', () => {
  it('treats * as anything, checks length bounds and patterns, ignores disabled fields', () => {
    expect(checkRule(rule('qqNum'), 'anything at all')).toBeNull()
    expect(checkRule(rule('qqNum', { required: true }), '  ')).toBe('err_field_required')
    expect(checkRule(rule('qqNum', { minLength: 5 }), 'abc')).toBe('err_field_pattern')
    expect(checkRule(rule('qqNum', { maxLength: 3 }), 'abcd')).toBe('err_field_pattern')
    expect(checkRule(rule('qqNum', { acceptedPattern: '^\\d+$' }), '12a')).toBe('err_field_pattern')
    expect(checkRule(rule('qqNum', { acceptedPattern: '^\\d+$' }), '123')).toBeNull()
    expect(checkRule(rule('qqNum', { enabled: false, required: true }), '')).toBeNull()
    expect(checkRule(rule('qqNum', { acceptedPattern: '([' }), 'x')).toBeNull()
  })

  it('validates a username registration: fixed username and password formats, confirmation, server rules', () => {
    const rules = { email: rule('email', { required: true, acceptedPattern: '^[^@\\s]+@[^@\\s]+$' }) }
    const ctx = { rules, kind: 'register' as const, mobilePassword: false, smsCode: false, phoneToken: false }
    expect(validateRegistration({ ...base, username: '1abc', password: 'abc', confirmPassword: 'abd', email: 'nope' }, ctx)).toEqual({
      username: 'auth_err_username',
      password: 'auth_err_password',
      confirmPassword: 'err_field_mismatch',
      email: 'err_field_pattern',
    })
    expect(validateRegistration({ ...base }, ctx)).toEqual({
      username: 'err_field_required',
      password: 'err_field_required',
      confirmPassword: 'err_field_required',
      email: 'err_field_required',
    })
    expect(validateRegistration({ ...base, username: 'newbie1', password: 'secret12', confirmPassword: 'secret12', email: 'a@b.c' }, ctx)).toEqual({})
  })

  it('asks a mobile registration for its number, its code with REGSMS3, and a password only with MOBILENUMPASSREG3', () => {
    const ctx = { rules: {}, kind: 'registerMobile' as const, mobilePassword: false, smsCode: true, phoneToken: false }
    expect(validateRegistration({ ...base }, ctx)).toEqual({ mobileNum: 'err_field_required', verificationCode: 'err_field_required' })
    expect(validateRegistration({ ...base, mobileNum: '12ab', verificationCode: '12' }, ctx)).toEqual({
      mobileNum: 'auth_err_mobile',
      countryDialingCode: 'err_field_required',
      verificationCode: 'err_sms_code_invalid',
    })
    expect(validateRegistration({ ...base, mobileNum: '9171234567', countryDialingCode: '+63', verificationCode: '123456' }, ctx)).toEqual({})
    expect(validateRegistration({ ...base, mobileNum: '9171234567', countryDialingCode: '+63', verificationCode: '123456' }, { ...ctx, mobilePassword: true })).toEqual({
      password: 'err_field_required',
      confirmPassword: 'err_field_required',
    })
  })

  it('refuses the default weak password as a new password', () => {
    const ctx = { rules: {}, kind: 'register' as const, mobilePassword: false, smsCode: false, phoneToken: false }
    expect(validateRegistration({ ...base, username: 'newbie1', password: '123456', confirmPassword: '123456' }, ctx)).toEqual({ password: 'err_field_weak' })
  })
})
