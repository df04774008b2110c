import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { checked, expectAtMost, expectGuessesCounted, parallelGuessesWithoutCaptcha, parallelOldPasswordGuesses, parallelPasswordGuesses, parallelSlowLogins } from './attacks.ts'

// Parallel guesses at one secret count as N, so no more than the limit are checked.
const { sb } = sandboxForFile()

describe('parallel guessing', () => {
  it('checks at most 5 wrong of 20 parallel password logins for one account, and counts each as a failure', async () => {
    const guesses = await parallelPasswordGuesses(sb, 'member12', 'member1234', '198.51.100.21')
    expectGuessesCounted(guesses)
    // The others were refused by a limit, not answered some other way.
    expect(guesses.codes.filter((c) => !['invalid_credentials', 'ok'].includes(c)).every((c) => ['account_locked', 'captcha_required', 'rate_limited'].includes(c))).toBe(true)
  })

  // The captcha is due after 3 failures of the account or the address: parallel guesses without one
  // must not all slip in while the counters still read "fewer than 3".
  it('checks at most 3 of 10 parallel guesses at one account without a captcha, from ten addresses', async () => {
    const codes = await parallelGuessesWithoutCaptcha(
      sb,
      () => 'member14',
      (i) => `198.51.100.${110 + i}`,
    )
    expectAtMost(codes, 'invalid_credentials', 3, 'captcha_required')
  })

  it('checks at most 3 of 10 parallel guesses from one address without a captcha, at ten account names', async () => {
    const codes = await parallelGuessesWithoutCaptcha(
      sb,
      (i) => `nobody-${i}-x`,
      () => '198.51.100.120',
    )
    expectAtMost(codes, 'invalid_credentials', 3, 'captcha_required')
  })

  it('checks at most 5 of 10 parallel wrong current passwords on a password change', async () => {
    const codes = await parallelOldPasswordGuesses(sb, 'member13', 'member1234', '198.51.100.22')
    expect(checked(codes, 'password_incorrect')).toBeLessThanOrEqual(5)
    expect(
      codes.filter((c) => c !== 'password_incorrect').every((c) => c === 'account_locked' || c === 'rate_limited'),
      codes.join(),
    ).toBe(true)
  })
})

// One address cannot keep the hashing pool busy; its extra logins are refused before hashing.
describe('hashing per address', () => {
  it('hashes at most 3 parallel logins from one address and still serves another address', async () => {
    // The other address signs in to its own account: the flood's account may rightly lock (its attempts
    // are reserved before hashing), which says nothing about the hashing pool serving someone else.
    const { flood, other } = await parallelSlowLogins(sb, 'member11', '198.51.100.31', '198.51.100.32', 'member21')
    // On a real PostgreSQL server the 8 arrive truly at once: past the account's limit of reserved
    // attempts the rest are refused before hashing as well (a reserved right login gives its place back).
    expectAtMost(flood, 'ok', 3, ['rate_limited', 'account_locked'])
    expect(other).toBe('ok')
  })
})
