import { describe, expect, it } from 'vitest'
import { registerRuleOf as rule } from '../../sandbox/auth/testkit.ts'
import { checkMobileDigits, describeRule, errorText, ruleSet } from './index.ts'

describe('what the request schemas cannot say', () => {
  it('counts mobile digits by country, leaving blank and non-digits to the contract', () => {
    expect(checkMobileDigits('9171234567', 10)).toBeNull()
    expect(checkMobileDigits('917123456', 10)).toEqual({ key: 'auth_err_mobile_digits', params: { digits: 10 } })
    expect(checkMobileDigits('91712a4567', 10)).toBeNull()
    expect(checkMobileDigits('', 10)).toBeNull()
    expect(checkMobileDigits('12345', undefined)).toBeNull()
  })

  it('describes a failed registration rule by its pattern, whoever found it', () => {
    const rules = ruleSet([rule('qqNum', { acceptedPattern: '^\\d+$', patternId: 5, minLength: 5, maxLength: 11 })])
    const describe = describeRule(() => rules)
    expect(describe('qqNum', { key: 'err_field_pattern' })).toEqual({ key: 'err_field_pattern', pattern: { id: 5, min: 5, max: 11 } })
    expect(describe('qqNum', { key: 'err_field_required' })).toEqual({ key: 'err_field_required' })
    expect(describe('line', { key: 'err_field_pattern' })).toEqual({ key: 'err_field_pattern' })
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
