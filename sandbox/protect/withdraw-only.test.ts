import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { lastCode, setFlag, solvedSlider } from '../auth/testkit.ts'
import { signIdToken } from '../auth/idp.ts'
import { createMember } from '../auth/accounts.ts'
import { createSession } from '../auth/sessions.ts'
import { hashPassword, testCost } from '../auth/password.ts'
import { balanceOf, creditMember, memberAccount } from '../ledger.ts'
import { endpoints, withdrawOnlyEndpoints, type EndpointKey } from '../../sdk/contract/all.ts'

// Withdrawals stay possible throughout: during a break login is still refused, but the
// player may open a withdrawal-only session that answers nothing else.
const { sb, c } = sandboxForFile()
type AnyReply = { status: number; body: { success: boolean; code: string; message: string; value: any } }
const call = async (k: EndpointKey, input: unknown, token?: string): Promise<AnyReply> => (await c.raw(k, input, { token })) as AnyReply
const key = () => `k${crypto.randomUUID().replace(/-/g, '')}`
const login = async (username: string, ip: string, withdrawOnly?: boolean) =>
  (await c.raw('login', { type: 'username', username, password: 'pass1234', slider: await solvedSlider(c, { ip }), withdrawOnly }, { ip })) as AnyReply

let n = 0
/** A member on a 7-day time-out, ready to withdraw (real name, payment password 123456, a bank account). */
async function excluded(balance = 500_00) {
  const username = `wo${Date.now() % 100000}x${n++}`
  const row = await createMember(sb.db, { username, type: 0, isAgent: 0, passwordHash: await hashPassword('pass1234', testCost) }, Date.now())
  await creditMember(sb.db, row.id, balance, { idempotencyKey: `seed:${row.id}` })
  const t = await createSession(sb.db, row.id, Date.now(), '127.0.0.1')
  await call('setRealName', { realName: 'juan dela cruz' }, t)
  await call('setPaymentPassword', { newPassword: '123456', confirmNewPassword: '123456' }, t)
  // Each its own number: a break binds the person's payout account, which no other account may add.
  const acc = await call('addPayoutAccount', { kind: 'bank', provider: 'BDO', accountNo: String(1234567890 + n) }, t)
  expect((await call('protectBreak', { kind: 'timeout', duration: '7d', confirm: true }, t)).body.success).toBe(true)
  return { id: row.id, username, accountId: acc.body.value.accounts[0].id as string }
}

describe('withdrawal-only session during a break', () => {
  it('is refused a normal login, opens a withdrawal-only one, and withdraws the balance', async () => {
    const p = await excluded()
    const refused = await login(p.username, '10.41.0.1')
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('account_excluded')
    expect(refused.body.value.kind).toBe('timeout')
    const opened = await login(p.username, '10.41.0.2', true)
    expect(opened.body.success).toBe(true)
    expect(opened.body.value.withdrawOnly).toBe(true)
    const t = opened.body.value.token as string
    expect((await call('memberInfo', {}, t)).body.success).toBe(true)
    expect((await call('balance', {}, t)).body.success).toBe(true)
    expect((await call('withdrawInfo', {}, t)).body.success).toBe(true)
    const w = await call('requestWithdrawal', { amount: 200_00, accountId: p.accountId, paymentPassword: '123456', idempotencyKey: key() }, t)
    expect(w.body.success).toBe(true)
    expect(Number(await balanceOf(sb.db, memberAccount(p.id)))).toBe(300_00)
    expect((await call('logout', {}, t)).body.success).toBe(true)
    expect((await call('withdrawInfo', {}, t)).body.code).toBe('session_expired')
  })

  it('refuses every other token-marked call: nothing stakes, deposits, transfers or shows promotions', async () => {
    const p = await excluded()
    const t = (await login(p.username, '10.42.0.1', true)).body.value.token as string
    // Calls with a valid body, so the refusal cannot be a validation error.
    const attacks: [EndpointKey, unknown][] = [
      ['createDeposit', { channel: 'BANK', amount: 100_00, idempotencyKey: key() }],
      ['walletTransfer', { from: 'main', to: 'PG', amount: 100, idempotencyKey: key() }],
      ['protectState', {}],
      ['protectBreak', { kind: 'timeout', duration: '24h', confirm: true }],
      ['accountRecord', {}],
    ]
    for (const [k, input] of attacks) {
      const r = await call(k, input, t)
      expect({ k, code: r.body.code, status: r.status }).toEqual({ k, code: 'account_excluded', status: 403 })
    }
    // Every token-marked endpoint outside the withdrawal's list is refused, whatever its body (a body
    // the schema refuses answers validation_failed first: still nothing done).
    const allowed = new Set<string>(withdrawOnlyEndpoints)
    const others = (Object.keys(endpoints) as EndpointKey[]).filter((k) => endpoints[k].token === true && !allowed.has(k) && k !== 'withdrawalProof')
    expect(others.length).toBeGreaterThan(40)
    // A normal session of the same member tells which bodies pass validation: each of those must be
    // refused by the scope itself.
    const normal = await createSession(sb.db, p.id, Date.now(), '127.0.0.1')
    let scoped = 0
    for (const k of others) {
      const r = await call(k, {}, t)
      expect({ k, success: r.body.success }).toEqual({ k, success: false })
      const asNormal = await call(k, {}, normal)
      if (asNormal.body.code !== 'validation_failed') {
        expect({ k, code: r.body.code }).toEqual({ k, code: 'account_excluded' })
        scoped++
      }
    }
    expect(scoped).toBeGreaterThan(30)
    expect(Number(await balanceOf(sb.db, memberAccount(p.id)))).toBe(500_00)
  })

  it('keeps its scope after the break ends, while a new login then opens a normal session', async () => {
    const p = await excluded()
    const t = (await login(p.username, '10.43.0.1', true)).body.value.token as string
    // The scope belongs to the session, not to the break: lifting the break does not widen it.
    await sb.db.query('UPDATE protect_members SET break_until = 0 WHERE member_id = $1', [p.id])
    expect((await call('protectState', {}, t)).body.code).toBe('account_excluded')
    const normal = await login(p.username, '10.43.0.2')
    expect(normal.body.success).toBe(true)
    expect(normal.body.value.withdrawOnly).toBeUndefined()
    expect((await call('protectState', {}, normal.body.value.token)).body.success).toBe(true)
  })

  it('is offered to a player who signs in by SMS code: the code the break refused opens it, once', async () => {
    await setFlag(sb.url, 'MOBILEVERCODELOGIN3', true)
    const mobileNum = `917${String(Date.now() % 10_000_000).padStart(7, '0')}`
    const row = await createMember(sb.db, { username: `sm${mobileNum.slice(-8)}`, passwordHash: null, mobileNum, countryDialingCode: '+63' }, Date.now())
    const t = await createSession(sb.db, row.id, Date.now(), '127.0.0.1')
    expect((await call('protectBreak', { kind: 'self_exclusion', duration: '6m', confirm: true }, t)).body.success).toBe(true)
    expect((await call('smsLogin', { mobileNum, countryDialingCode: '+63' }, undefined)).body.success).toBe(true)
    const code = (await lastCode(sb.url, mobileNum, 'login'))!
    const sms = (withdrawOnly?: boolean) =>
      c.raw('login', { type: 'sms', mobileNum, countryDialingCode: '+63', verificationCode: code, withdrawOnly }, { ip: '10.44.0.1' }) as Promise<AnyReply>
    const refused = await sms()
    expect([refused.status, refused.body.code, refused.body.value.kind]).toEqual([403, 'account_excluded', 'self_exclusion'])
    // A normal login with the same code is still refused; the withdrawal-only one passes.
    expect((await sms()).body.code).toBe('account_excluded')
    const opened = await sms(true)
    expect(opened.body.success).toBe(true)
    expect(opened.body.value.withdrawOnly).toBe(true)
    expect((await call('withdrawInfo', {}, opened.body.value.token)).body.success).toBe(true)
    expect((await call('protectState', {}, opened.body.value.token)).body.code).toBe('account_excluded')
    // That used the code up.
    expect((await sms(true)).body.code).toBe('sms_code_invalid')
    // A wrong code says nothing of the break.
    expect((await c.raw('login', { type: 'sms', mobileNum, countryDialingCode: '+63', verificationCode: '000000', withdrawOnly: true }, { ip: '10.44.0.2' })).body.code).toBe(
      'sms_code_invalid',
    )
  })

  it('is offered to a player who signs in with Google or Facebook: the same verified sign-in opens it', async () => {
    await setFlag(sb.url, 'GOOGLELOGIN3', true)
    const idToken = signIdToken({ provider: 'google', sub: `g${crypto.randomUUID()}`, name: 'Break Taker', email: 'bt@example.test', exp: Math.floor(Date.now() / 1000) + 600 })
    const social = (withdrawOnly?: boolean) =>
      c.raw('login', { type: 'thirdparty', provider: 'google', idToken, termsAccepted: true, withdrawOnly }, { ip: '10.45.0.1' }) as Promise<AnyReply>
    const first = await social()
    expect(first.body.success).toBe(true)
    expect((await call('protectBreak', { kind: 'timeout', duration: '24h', confirm: true }, first.body.value.token)).body.success).toBe(true)
    const refused = await social()
    expect([refused.status, refused.body.code]).toEqual([403, 'account_excluded'])
    const opened = await social(true)
    expect(opened.body.success).toBe(true)
    expect(opened.body.value.withdrawOnly).toBe(true)
    expect((await call('withdrawInfo', {}, opened.body.value.token)).body.success).toBe(true)
    expect((await call('protectClock', {}, opened.body.value.token)).body.code).toBe('account_excluded')
  })
})
