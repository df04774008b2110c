import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresForFile } from '../../sandbox/race-testkit.ts'
import { startSandbox, type Sandbox } from '../../sandbox/testing.ts'
import {
  checked,
  expectAtMost,
  expectGuessesCounted,
  parallelAffiliateChecks,
  parallelGuessesWithoutCaptcha,
  parallelOldPasswordGuesses,
  parallelPasswordGuesses,
  parallelPaymentPasswordGuesses,
  parallelSmsCodeGuesses,
  parallelSmsSends,
} from './attacks.ts'

// The same replays on a real PostgreSQL server, where requests really run on parallel connections
// (PGlite has one). Missing binaries make this fail (startPostgres says how to install them).
const pg = postgresForFile()
let sb: Sandbox
beforeAll(async () => {
  sb = await startSandbox({ databaseUrl: pg.url })
})
// Registered after the server's hooks, so it runs before the server stops.
afterAll(() => sb?.close())

describe('parallel guessing on PostgreSQL', () => {
  it('checks at most 5 wrong of 20 parallel password logins for one account', async () => {
    expectGuessesCounted(await parallelPasswordGuesses(sb, 'member12', 'member1234', '198.51.100.31'))
  })

  it('checks at most 3 of 10 parallel guesses without a captcha, at one account or from one address', async () => {
    const account = await parallelGuessesWithoutCaptcha(
      sb,
      () => 'member14',
      (i) => `198.51.100.${110 + i}`,
    )
    expect(account.filter((c) => c === 'invalid_credentials').length, account.join()).toBeLessThanOrEqual(3)
    const address = await parallelGuessesWithoutCaptcha(
      sb,
      (i) => `nobody-${i}-x`,
      () => '198.51.100.120',
    )
    expect(address.filter((c) => c === 'invalid_credentials').length, address.join()).toBeLessThanOrEqual(3)
  })

  it('checks at most 5 of 10 parallel wrong current passwords', async () => {
    const codes = await parallelOldPasswordGuesses(sb, 'member13', 'member1234', '198.51.100.32')
    expect(checked(codes, 'password_incorrect')).toBeLessThanOrEqual(5)
  })

  it('texts one code of 10 parallel sends to one number (one a minute)', async () => {
    expect(await parallelSmsSends(sb, '9170000161', '198.51.101')).toBe(1)
  })

  it('answers at most 30 of 40 parallel invitation-code checks from one address', async () => {
    expect(await parallelAffiliateChecks(sb, '198.51.100.140', 40)).toBeLessThanOrEqual(30)
  })

  it('checks at most 5 of 10 parallel wrong payment passwords', async () => {
    const codes = await parallelPaymentPasswordGuesses(sb, 'member11', 'member1234', '198.51.100.33')
    expectAtMost(codes, 'payment_password_incorrect', 5, 'rate_limited')
  })

  it('checks at most 5 of 10 parallel wrong SMS login codes for one number, and then not even the right one', async () => {
    const { guesses, right } = await parallelSmsCodeGuesses(sb, { countryDialingCode: '+63', mobileNum: '9175550101' }, '198.51.102')
    expectAtMost(guesses, 'sms_code_invalid', 5, 'account_locked')
    expect(right).toBe('account_locked')
  })
})
