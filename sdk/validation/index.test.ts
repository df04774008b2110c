import { describe, expect, it } from 'vitest'
import type { RegisterRule } from '../contract/index.ts'
import { checkConfirm, checkMobile, checkPassword, checkRule, checkSmsCode, checkUsername, errorText, hasErrors, ruleSet, validateRegistration } from './index.ts'

const rule = (field: RegisterRule['field'], over: Partial<RegisterRule> = {}): RegisterRule => ({
  field,
  enabled: true,
  required: false,
  acceptedPattern: '*',
  patternId: 1,
  minLength: 0,
  maxLength: 0,
  ...over,
})

describe('fixed rules', () => {
  it('accepts usernames of 2–15 characters starting with a letter', () => {
    expect(checkUsername('ab')).toBeNull()
    expect(checkUsername('a2345678901234x')).toBeNull()
    expect(checkUsername('a')?.key).toBe('auth_err_username')
    expect(checkUsername('a23456789012345x')?.key).toBe('auth_err_username')
    expect(checkUsername('1abc')?.key).toBe('auth_err_username')
    expect(checkUsername('ab cd')?.key).toBe('auth_err_username')
    expect(checkUsername('ab_cd')?.key).toBe('auth_err_username')
    expect(checkUsername('   ')?.key).toBe('err_field_required')
  })

  it('wants passwords of at least 6 characters mixing letters and digits', () => {
    expect(checkPassword('abc123')).toBeNull()
    expect(checkPassword('abc12')?.key).toBe('auth_err_password')
    expect(checkPassword('123456')?.key).toBe('auth_err_password')
    expect(checkPassword('abcdef')?.key).toBe('auth_err_password')
    expect(checkPassword('abc 123')?.key).toBe('auth_err_password')
    expect(checkPassword('')?.key).toBe('err_field_required')
  })

  it('wants the confirmation equal to the password', () => {
    expect(checkConfirm('abc123', 'abc123')).toBeNull()
    expect(checkConfirm('abc123', 'abc124')?.key).toBe('err_field_mismatch')
    expect(checkConfirm('abc123', '')?.key).toBe('err_field_required')
  })

  it('counts mobile digits by country', () => {
    expect(checkMobile('9171234567', 10)).toBeNull()
    expect(checkMobile('917123456', 10)).toEqual({ key: 'auth_err_mobile_digits', params: { digits: 10 } })
    expect(checkMobile('91712a4567', 10)?.key).toBe('auth_err_mobile')
    expect(checkMobile('12345')?.key).toBe('auth_err_mobile')
    expect(checkMobile('123456')).toBeNull()
  })

  it('wants six-digit SMS codes', () => {
    expect(checkSmsCode(' 123456 ')).toBeNull()
    expect(checkSmsCode('12345')?.key).toBe('err_sms_code_invalid')
    expect(checkSmsCode('')?.key).toBe('err_field_required')
  })
})

describe('server rules', () => {
  it('treats * as anything and skips disabled rules', () => {
    expect(checkRule(rule('line'), 'anything at all !')).toBeNull()
    expect(checkRule(rule('line', { enabled: false, required: true }), '')).toBeNull()
  })

  it('requires only when the rule says so', () => {
    expect(checkRule(rule('email'), '')).toBeNull()
    expect(checkRule(rule('email', { required: true }), '  ')?.key).toBe('err_field_required')
  })

  it('reports pattern and length failures with the pattern id and bounds', () => {
    const digits = rule('qqNum', { acceptedPattern: '^\\d+$', patternId: 5, minLength: 5, maxLength: 11 })
    expect(checkRule(digits, '12345')).toBeNull()
    expect(checkRule(digits, '12a45')).toEqual({ key: 'err_field_pattern', pattern: { id: 5, min: 5, max: 11 } })
    expect(checkRule(digits, '1234')?.pattern).toEqual({ id: 5, min: 5, max: 11 })
    expect(checkRule(digits, '123456789012')?.pattern?.id).toBe(5)
  })

  it('survives a broken server pattern', () => {
    expect(checkRule(rule('wechat', { acceptedPattern: '([' }), 'x')).toBeNull()
  })
})

describe('validateRegistration', () => {
  const rules = ruleSet([
    rule('username'),
    rule('password'),
    rule('email', { required: true, acceptedPattern: '^[^@\\s]+@[^@\\s]+$', patternId: 3 }),
    rule('line', { enabled: false, required: true }),
    rule('affiliateCode', { required: true }),
  ])

  it('checks username mode fields and the required server fields', () => {
    const errors = validateRegistration({ username: 'x', password: 'abc123', confirmPassword: 'abc12' }, { rules, kind: 'register', mobilePassword: false, smsCode: false })
    expect(errors.username?.key).toBe('auth_err_username')
    expect(errors.confirmPassword?.key).toBe('err_field_mismatch')
    expect(errors.email?.key).toBe('err_field_required')
    expect(errors.affiliateCode?.key).toBe('err_field_required')
    expect(errors.line).toBeUndefined()
    expect(errors.mobileNum).toBeUndefined()
  })

  it('wants a mobile number in username mode when SMS verification is on', () => {
    const errors = validateRegistration({ username: 'newbie01' }, { rules, kind: 'register', mobilePassword: false, smsCode: true })
    expect(errors.mobileNum?.key).toBe('err_field_required')
    expect(errors.verificationCode?.key).toBe('err_field_required')
  })

  it('skips fields the form hides on purpose', () => {
    const errors = validateRegistration({}, { rules, kind: 'register', mobilePassword: false, smsCode: false, hidden: ['affiliateCode'] })
    expect(errors.affiliateCode).toBeUndefined()
  })

  it('in mobile mode wants the number and code, and passwords only with MOBILENUMPASSREG3', () => {
    const base = { rules, kind: 'registerMobile' as const, smsCode: true, mobileDigits: 10 }
    const values = { mobileNum: '91712', email: 'a@b.c', affiliateCode: 'X' }
    const without = validateRegistration(values, { ...base, mobilePassword: false })
    expect(without.mobileNum?.key).toBe('auth_err_mobile_digits')
    expect(without.verificationCode?.key).toBe('err_field_required')
    expect(without.username).toBeUndefined()
    expect(without.password).toBeUndefined()
    const withPw = validateRegistration(values, { ...base, mobilePassword: true })
    expect(withPw.password?.key).toBe('err_field_required')
  })

  it('passes a complete form', () => {
    const errors = validateRegistration(
      { username: 'newbie01', password: 'abc123', confirmPassword: 'abc123', email: 'a@b.c', affiliateCode: 'AFF1' },
      { rules, kind: 'register', mobilePassword: false, smsCode: false },
    )
    expect(hasErrors(errors)).toBe(false)
  })
})

describe('errorText', () => {
  const messages = {
    err_field_required: 'Required',
    reg_pattern_5: 'Digits only, (min) - (max) digits.',
    auth_err_mobile_digits: 'Must have {digits} digits',
    err_field_pattern: 'Bad format',
  }

  it('fills the pattern range and collapses equal bounds', () => {
    expect(errorText(messages, { key: 'err_field_pattern', pattern: { id: 5, min: 5, max: 11 } })).toBe('Digits only, 5 - 11 digits.')
    expect(errorText(messages, { key: 'err_field_pattern', pattern: { id: 5, min: 8, max: 8 } })).toBe('Digits only, 8 digits.')
  })

  it('falls back to the generic pattern text for an unknown pattern id', () => {
    expect(errorText(messages, { key: 'err_field_pattern', pattern: { id: 99, min: 1, max: 2 } })).toBe('Bad format')
  })

  it('fills parameters', () => {
    expect(errorText(messages, { key: 'auth_err_mobile_digits', params: { digits: 10 } })).toBe('Must have 10 digits')
  })
})

describe('the birthday against the minimum age', () => {
  const now = Date.UTC(2026, 10, 27, 12)
  it('names the age when too young, refuses dates off the calendar or in the future, and leaves an empty one to its rule', async () => {
    const { checkBirthday } = await import('./index.ts')
    expect(checkBirthday('2015-01-01', 18, now)).toEqual({ key: 'err_under_age', params: { age: 18 } })
    expect(checkBirthday('2008-11-28', 18, now)).toEqual({ key: 'err_under_age', params: { age: 18 } })
    expect(checkBirthday('2008-11-27', 18, now)).toBeNull()
    expect(checkBirthday('2006-01-01', 21, now)).toEqual({ key: 'err_under_age', params: { age: 21 } })
    expect(checkBirthday('1990-02-31', 18, now)).toEqual({ key: 'err_birthday_invalid' })
    expect(checkBirthday('2027-01-01', 0, now)).toEqual({ key: 'err_birthday_invalid' })
    expect(checkBirthday('', 18, now)).toBeNull()
  })
})
