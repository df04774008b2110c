/**
 * A player as an attacker drives one: every step over HTTP against a real sandbox, through the public
 * endpoints and the sandbox's payment gateway page, never the database. Shared by the abuse tests.
 * @module
 */
import { expect } from 'vitest'
import { type client, lastCode, solvedCaptcha, solvedSlider, type Reply } from '../../sandbox/auth/testkit.ts'
import type { EndpointKey } from '../../sdk/contract/all.ts'

type Client = ReturnType<typeof client>

/** A fresh idempotency key. */
export const key = (): string => `k${crypto.randomUUID().replace(/-/g, '')}`

/** A signed-in player: its address, token and the calls it makes. */
export interface Player {
  /** The sandbox it plays on. */
  url: string
  username: string
  ip: string
  token: string
  /** Calls an endpoint as this player (its token, its address). */
  call(k: EndpointKey, input: unknown): Promise<Reply & { body: Reply['body'] & { value: any } }>
}

/** A registration form filled in by hand (slider and captcha solved from the dev inbox), `over` on top. */
export async function registration(c: Client, ip: string, over: Record<string, unknown>): Promise<Record<string, unknown>> {
  const slider = await solvedSlider(c, { ip })
  const captcha = await solvedCaptcha(c, c.url, { ip })
  return { registerMethod: 'WEB', login: true, termsAccepted: true, slider, ...captcha, password: 'secret12', confirmPassword: 'secret12', ...over }
}

let mobiles = 0
/** A mobile number no other test player uses. */
export const freshMobile = (): string => `9${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 100000).padStart(5, '0')}${++mobiles}`.slice(0, 10)

/**
 * Registers by username from `ip` with a mobile number (`over.mobileNum`, else a fresh one) proved by
 * the SMS code the platform sends; answers the reply (a refusal too).
 */
export async function register(
  c: Client,
  username: string,
  ip: string,
  over: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Reply & { body: Reply['body'] & { value: any } }> {
  const mobileNum = String(over.mobileNum ?? freshMobile())
  const sent = await c.call('smsRegister', { mobileNum, countryDialingCode: '+63', slider: await solvedSlider(c, { ip }) }, { ip })
  const verificationCode = sent.body.code === 'ok' ? await lastCode(c.url, mobileNum, 'register') : '000000'
  const form = await registration(c, ip, { username, mobileNum, countryDialingCode: '+63', verificationCode, ...over })
  return (await c.raw('register', form, { ip, headers })) as Reply & { body: Reply['body'] & { value: any } }
}

/** The player behind a token. */
export function playerOf(c: Client, username: string, ip: string, token: string): Player {
  return { url: c.url, username, ip, token, call: async (k, input) => (await c.raw(k, input, { token, ip })) as Reply & { body: Reply['body'] & { value: any } } }
}

/** Registers by username and answers the signed-in player; fails the test if refused. */
export async function signUp(c: Client, username: string, ip: string, over: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<Player> {
  const r = await register(c, username, ip, over, headers)
  expect(r.body.code, `${r.body.message} ${JSON.stringify(r.body.fields)}`).toBe('ok')
  return playerOf(c, username, ip, r.body.value.token)
}

/** Deposits `amount` through a channel and pays it on the sandbox gateway page, as the payer would. */
export async function deposit(p: Player, amount: number, extra: { promotion?: string; channel?: string } = {}): Promise<string> {
  const r = await p.call('createDeposit', { channel: extra.channel ?? 'USDT', amount, idempotencyKey: key(), ...(extra.promotion ? { promotion: extra.promotion } : {}) })
  expect(r.body.code, r.body.message).toBe('ok')
  const url = new URL(r.body.value.gatewayPath, p.url)
  const paid = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=pay' })
  expect(paid.status).toBe(200)
  return r.body.value.orderId
}

/** Real name, a bank account and a payment password: what a withdrawal needs. Answers the account id. */
export async function readyToWithdraw(p: Player, accountNo: string, realName = 'Juan Dela Cruz'): Promise<string> {
  expect((await p.call('setRealName', { realName })).body.code).toBe('ok')
  const added = await p.call('addPayoutAccount', { kind: 'bank', provider: 'BDO', accountNo })
  expect(added.body.code, added.body.message).toBe('ok')
  expect((await p.call('setPaymentPassword', { newPassword: '246810', confirmNewPassword: '246810' })).body.code).toBe('ok')
  const profile = (await p.call('moneyProfile', {})).body.value as { accounts: { id: string }[] }
  return profile.accounts[0].id
}

/** Asks to withdraw `amount`; answers the reply's code. */
export async function withdraw(p: Player, accountId: string, amount: number): Promise<string> {
  return (await p.call('requestWithdrawal', { amount, accountId, paymentPassword: '246810', idempotencyKey: key() })).body.code
}

/** The member's wallet balance (minor units). */
export async function balance(p: Player): Promise<number> {
  return (await p.call('withdrawInfo', {})).body.value.balance
}

/** Launches the slot and answers a function that plays one round of `stake` and returns its valid part (0 for a push). */
export async function slot(p: Player): Promise<(stake: number) => Promise<number>> {
  const r = await p.call('launchGame', { nodeId: 'PG-0001', language: 'en' })
  expect(r.body.code).toBe('ok')
  const url = `${p.url}/sandbox/cdn1/${r.body.value.content}/round`
  return async (stake) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ stake, choice: '', idempotencyKey: key() }) })
    const body = (await res.json()) as { code: string; message: string; value: { stake: number; payout: number } }
    expect(body.code, body.message).toBe('ok')
    return body.value.payout === body.value.stake ? 0 : stake
  }
}

/** Plays rounds of `stake` until `target` of valid stakes (pushes do not count); answers what was staked validly. */
export async function playThrough(p: Player, target: number, stake: number): Promise<number> {
  const round = await slot(p)
  let valid = 0
  while (valid < target) valid += await round(Math.min(stake, target - valid))
  return valid
}
