import { describe, expect, it } from 'vitest'
import { checkPassword, checkUsername, validateRegistration as clientCheck } from '../../sdk/validation/index.ts'
import { validateRegistration as platformCheck } from '../../sandbox/auth/register.ts'

// The same table through the client's form check and the platform's refusal: both read the patterns
// from sdk/contract/rules.ts, so a name one side accepts the other never refuses (SPEC §5, §9).
const usernames: [string, boolean][] = [
  ['demo01', true],
  ['ab', true],
  ['A12345678901234', true],
  ['a', false],
  ['A123456789012345', false],
  ['1demo', false],
  ['demo 01', false],
  ['demo_01', false],
  ['démo01', false],
  ['', false],
]
const passwords: [string, boolean][] = [
  ['demo1234', true],
  ['abc123', true],
  ['A1b2C3d4E5', true],
  ['abc12', false],
  ['abcdef', false],
  ['123456', false],
  ['abc 1234', false],
  ['', false],
]

const platform = (username: string, password: string) =>
  platformCheck({ username, password, confirmPassword: password } as Parameters<typeof platformCheck>[0], {
    rules: {},
    kind: 'register',
    mobilePassword: false,
    smsCode: false,
    phoneToken: false,
  })
const client = (username: string, password: string) =>
  clientCheck({ username, password, confirmPassword: password }, { rules: {}, kind: 'register', mobilePassword: false, smsCode: false })

describe('account rules, client and platform', () => {
  it.each(usernames)('username %j: accepted = %s on both sides', (name, ok) => {
    expect(checkUsername(name) === null).toBe(ok)
    expect(client(name, 'demo1234').username === undefined).toBe(ok)
    expect(platform(name, 'demo1234').username === undefined).toBe(ok)
  })

  it.each(passwords)('password %j: accepted = %s on both sides', (password, ok) => {
    expect(checkPassword(password) === null).toBe(ok)
    expect(client('demo01', password).password === undefined).toBe(ok)
    expect(platform('demo01', password).password === undefined).toBe(ok)
  })
})
