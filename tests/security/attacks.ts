/**
 * Attack replays shared by the security suite's PGlite and PostgreSQL runs: each drives a real
 * sandbox over HTTP the way an attacker would and returns what came back.
 * @module
 */
import { expect } from 'vitest'
import { client, inbox, login, setFlag, solvedCaptcha, solvedSlider, type Reply } from '../../sandbox/auth/testkit.ts'
import { createCode } from '../../sandbox/auth/sms.ts'
import { hashPassword, productionCost } from '../../sandbox/auth/password.ts'
import type { Sandbox } from '../../sandbox/testing.ts'

const tokenOf = (r: Reply): string => (r.body.value as { token: string }).token

/**
 * 20 parallel password logins for one account from one address, 19 wrong and 1 right, each with a
 * solved slider. Returns the codes answered and the failures the database counted for the account.
 */
export async function parallelPasswordGuesses(sb: Sandbox, username: string, password: string, ip: string): Promise<{ codes: string[]; counted: number }> {
  const c = client(sb.url)
  const sliders = []
  for (let i = 0; i < 20; i++) sliders.push(await solvedSlider(c, { ip }))
  const replies = await Promise.all(sliders.map((slider, i) => c.call('login', { type: 'username', username, password: i === 7 ? password : `wrong-${i}-pass`, slider }, { ip })))
  const rows = await sb.db.query<{ n: number | string }>("SELECT count(*)::int AS n FROM rate_events WHERE bucket = 'login_account' AND key = $1", [username.toLowerCase()])
  return { codes: replies.map((r) => r.body.code), counted: Number(rows[0].n) }
}

/**
 * 10 parallel wrong password logins without a captcha, each with a solved slider, the i-th for account
 * `username(i)` from address `ip(i)`. Returns the codes answered.
 */
export async function parallelGuessesWithoutCaptcha(sb: Sandbox, username: (i: number) => string, ip: (i: number) => string): Promise<string[]> {
  const c = client(sb.url)
  const tries = []
  for (let i = 0; i < 10; i++) tries.push({ username: username(i), from: { ip: ip(i) }, slider: await solvedSlider(c, { ip: ip(i) }) })
  const replies = await Promise.all(tries.map(({ username, from, slider }) => c.call('login', { type: 'username', username, password: 'wrong-pass-1', slider }, from)))
  return replies.map((r) => r.body.code)
}

/** 10 parallel password changes with wrong current passwords in one live session. Returns the codes. */
export async function parallelOldPasswordGuesses(sb: Sandbox, username: string, password: string, ip: string): Promise<string[]> {
  const c = client(sb.url)
  const token = tokenOf(await login(c, sb.url, username, password, { ip }))
  const replies = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      c.call('changePassword', { oldPassword: `nope-${i}-wrong`, newPassword: 'brandnew123', confirmNewPassword: 'brandnew123' }, { token, ip }),
    ),
  )
  return replies.map((r) => r.body.code)
}

/** How many of the codes are answers from a real check of the secret (right or wrong). */
export const checked = (codes: string[], wrong: string): number => codes.filter((c) => c === wrong || c === 'ok').length

/**
 * Expects what {@link parallelPasswordGuesses} brought back to hold the login limit: at most 5 wrong
 * guesses checked (6 with the right one, which takes its reservation back), and every wrong guess
 * that was checked on the account's record, none slipped past the counter.
 */
export function expectGuessesCounted({ codes, counted }: { codes: string[]; counted: number }): void {
  const wrong = codes.filter((c) => c === 'invalid_credentials').length
  expect(wrong, codes.join()).toBeLessThanOrEqual(5)
  expect(checked(codes, 'invalid_credentials'), codes.join()).toBeLessThanOrEqual(6)
  expect(counted).toBe(wrong)
}

/**
 * Expects at most `max` of parallel replies to be `answered` (the attempts the server really checked)
 * and every other one to be `refused` (the limit's answer, or one of the limits' answers), with the
 * codes in the failure message.
 */
export function expectAtMost(codes: string[], answered: string, max: number, refused: string | string[]): void {
  const refusals = typeof refused === 'string' ? [refused] : refused
  expect(codes.filter((c) => c === answered).length, codes.join()).toBeLessThanOrEqual(max)
  expect(
    codes.filter((c) => c !== answered).every((c) => refusals.includes(c)),
    codes.join(),
  ).toBe(true)
}

/**
 * 8 parallel right logins from one address, each with a solved slider and captcha, for an account whose
 * hash has the production cost (N=2^17: each check outlasts the spread of the 8 arrivals even on a busy
 * machine, so they overlap; at 2^15 a check could end before the last arrived and let a 4th in), and one
 * login from another address to another account (`otherUsername`) meanwhile. Returns the codes of both.
 */
export async function parallelSlowLogins(sb: Sandbox, username: string, ip: string, otherIp: string, otherUsername: string): Promise<{ flood: string[]; other: string }> {
  const c = client(sb.url)
  const slowHash = await hashPassword('slow-pass-1', productionCost)
  await sb.db.query('UPDATE members SET password_hash = $2 WHERE username = ANY($1)', [[username, otherUsername], slowHash])
  const tries = []
  for (let i = 0; i < 9; i++) {
    const from = { ip: i < 8 ? ip : otherIp }
    tries.push({ from, username: i < 8 ? username : otherUsername, slider: await solvedSlider(c, from), ...(await solvedCaptcha(c, sb.url, from)) })
  }
  const replies = await Promise.all(tries.map(({ from, username, ...proof }) => c.call('login', { type: 'username', username, password: 'slow-pass-1', ...proof }, from)))
  return { flood: replies.slice(0, 8).map((r) => r.body.code), other: replies[8].body.code }
}

/**
 * 10 parallel SMS-register sends to one free number, each from its own address with a solved slider.
 * Returns how many codes the number received (one a minute is the limit).
 */
export async function parallelSmsSends(sb: Sandbox, mobileNum: string, ipBase: string): Promise<number> {
  const c = client(sb.url)
  const tries = []
  for (let i = 0; i < 10; i++) tries.push({ from: { ip: `${ipBase}.${i + 1}` }, slider: await solvedSlider(c, { ip: `${ipBase}.${i + 1}` }) })
  await Promise.all(tries.map(({ from, slider }) => c.call('smsRegister', { mobileNum, countryDialingCode: '+63', slider }, from)))
  return (await inbox(sb.url)).sms.filter((e) => e.mobileNum === mobileNum && e.purpose === 'register').length
}

/** `n` parallel invitation-code checks from one address. Returns how many were answered (not refused). */
export async function parallelAffiliateChecks(sb: Sandbox, ip: string, n: number): Promise<number> {
  const c = client(sb.url)
  const replies = await Promise.all(Array.from({ length: n }, (_, i) => c.call('affiliate', { code: `GUESS${i}X` }, { ip })))
  return replies.filter((r) => r.body.code === 'ok').length
}

/**
 * Sets a payment password for the account, then sends 10 parallel changes of it with wrong current
 * payment passwords. Returns the codes answered.
 */
export async function parallelPaymentPasswordGuesses(sb: Sandbox, username: string, password: string, ip: string): Promise<string[]> {
  const c = client(sb.url)
  const token = tokenOf(await login(c, sb.url, username, password, { ip }))
  const set = await c.call('setPaymentPassword', { newPassword: '135790', confirmNewPassword: '135790' }, { token, ip })
  if (set.body.code !== 'ok') throw new Error(`setPaymentPassword: ${set.body.code}`)
  const replies = await Promise.all(
    Array.from({ length: 10 }, (_, i) => c.call('setPaymentPassword', { oldPassword: `${100000 + i}`, newPassword: '246801', confirmNewPassword: '246801' }, { token, ip })),
  )
  return replies.map((r) => r.body.code)
}

/**
 * Sends an SMS login code to a member's number, then 10 parallel SMS logins with wrong codes from ten
 * addresses, then one with the right code. Returns the codes answered to the guesses and to the right one.
 */
export async function parallelSmsCodeGuesses(sb: Sandbox, phone: { countryDialingCode: string; mobileNum: string }, ipBase: string): Promise<{ guesses: string[]; right: string }> {
  const c = client(sb.url)
  await setFlag(sb.url, 'MOBILEVERCODELOGIN3', true)
  const code = await createCode(sb.db, { dial: phone.countryDialingCode, mobile: phone.mobileNum }, 'login', Date.now())
  const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')
  const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => c.call('login', { type: 'sms', ...phone, verificationCode: wrong(i) }, { ip: `${ipBase}.${i + 1}` })))
  const right = await c.call('login', { type: 'sms', ...phone, verificationCode: code }, { ip: `${ipBase}.99` })
  return { guesses: replies.map((r) => r.body.code), right: right.body.code }
}
