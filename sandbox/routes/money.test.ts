import { beforeAll, describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { endpoints, type EndpointKey } from '../../sdk/contract/all.ts'
import { client, inbox } from '../auth/testkit.ts'
import { createSession } from '../auth/sessions.ts'
import { createMember } from '../auth/accounts.ts'
import { balanceOf, creditMember, memberAccount } from '../ledger.ts'
import { signCallback } from '../money/deposit.ts'
import { grantPaid } from '../rewards/awards.ts'

const { sb } = sandboxForFile()
const key = () => `k${crypto.randomUUID().replace(/-/g, '')}`

interface Reply<T = any> {
  status: number
  body: { success: boolean; code: string; message: string; value: T; fields?: Record<string, string> }
}

/** Calls an endpoint as the browser client does (encrypted endpoints are sealed with the platform key). */
async function call<T = any>(k: EndpointKey, input: Record<string, unknown>, token?: string): Promise<Reply<T>> {
  sealer ??= client(sb.url)
  return (await sealer.raw(k, input, { token })) as Reply<T>
}
let sealer: ReturnType<typeof client> | undefined

let n = 0
/** A new member with `balance` minor units, signed in. */
async function newMember(balance = 0, type = 0): Promise<{ id: string; token: string }> {
  const row = await createMember(sb.db, { username: `money${Date.now() % 100000}${n++}`, type, isAgent: type === 4 ? 4 : 0, passwordHash: null }, Date.now())
  if (balance) await creditMember(sb.db, row.id, balance, { idempotencyKey: `seed:${row.id}` })
  return { id: row.id, token: await createSession(sb.db, row.id, Date.now(), '127.0.0.1') }
}

/** A member ready to withdraw: real name, payment password 123456 and a bank account. */
async function withdrawer(balance: number) {
  const m = await newMember(balance)
  await call('setRealName', { realName: 'juan dela cruz' }, m.token)
  await call('setPaymentPassword', { newPassword: '123456', confirmNewPassword: '123456' }, m.token)
  const p = await call('addPayoutAccount', { kind: 'bank', provider: 'BDO', accountNo: '1234567890' }, m.token)
  return { ...m, accountId: p.body.value.accounts[0].id as string }
}

const sumAll = async () => Number((await sb.db.query<{ s: number }>('SELECT SUM(balance)::int8 AS s FROM ledger_accounts'))[0].s)

beforeAll(async () => {})

describe('my account', () => {
  it('shows the login before this one as the last login, with its time and address', async () => {
    const m = await newMember()
    const first = await call('moneyProfile', {}, m.token)
    // A first ever login has nothing earlier: it shows itself.
    expect(first.body.value.lastLoginIp).toBe('127.0.0.1')
    const earlier = Date.now() - 60_000
    await sb.db.query('UPDATE sessions SET created_at = $2 WHERE member_id = $1', [m.id, earlier])
    const now = await createSession(sb.db, m.id, Date.now(), '10.9.8.7')
    const p = await call('moneyProfile', {}, now)
    expect(p.body.value.lastLoginIp).toBe('127.0.0.1')
    expect(p.body.value.lastLoginAt).toBe(new Date(earlier).toISOString())
  })

  it('capitalises the real name, uses it as payee name, and sets it once', async () => {
    const m = await newMember()
    const r = await call('setRealName', { realName: '  maría  de la cruz ' }, m.token)
    expect(r.body.value.realName).toBe('María De La Cruz')
    const again = await call('setRealName', { realName: 'Other Name' }, m.token)
    expect(again.body.fields).toEqual({ realName: 'money_err_real_name_set' })
    const p = await call('addPayoutAccount', { kind: 'ewallet', provider: 'GCash', accountNo: '09171234567' }, m.token)
    expect(p.body.value.accounts).toEqual([expect.objectContaining({ payeeName: 'María De La Cruz', accountNo: '•••••••4567', isDefault: true })])
  })

  it('refuses a payout account before the real name, and a trial account everywhere', async () => {
    const m = await newMember()
    expect((await call('addPayoutAccount', { kind: 'bank', provider: 'BDO', accountNo: '1234567890' }, m.token)).body.code).toBe('real_name_required')
    const trial = await newMember(0, 4)
    expect((await call('moneyProfile', {}, trial.token)).body.code).toBe('trial_account')
  })

  it('takes the payment password only sealed with the platform key, like the login password', async () => {
    const m = await newMember()
    sealer ??= client(sb.url)
    const plain = await sealer.raw('setPaymentPassword', { newPassword: '123456', confirmNewPassword: '123456' }, { token: m.token, plain: true })
    expect(plain.body.code).toBe('validation_failed')
    expect((await call('moneyProfile', {}, m.token)).body.value.hasPaymentPassword).toBe(false)
    expect((await call('setPaymentPassword', { newPassword: '123456', confirmNewPassword: '123456' }, m.token)).body.value.hasPaymentPassword).toBe(true)
  })

  it('locks the payment password after 5 wrong tries, even when they arrive together', async () => {
    const m = await withdrawer(100_000_00)
    const wrong = await Promise.all(
      Array.from({ length: 8 }, () => call('requestWithdrawal', { amount: 100_00, accountId: m.accountId, paymentPassword: '000000', idempotencyKey: key() }, m.token)),
    )
    const codes = wrong.map((r) => r.body.code).sort()
    expect(codes.filter((c) => c === 'payment_password_incorrect')).toHaveLength(5)
    expect(codes.filter((c) => c === 'rate_limited')).toHaveLength(3)
    // Locked: even the right password waits.
    const right = await call('requestWithdrawal', { amount: 100_00, accountId: m.accountId, paymentPassword: '123456', idempotencyKey: key() }, m.token)
    expect(right.body.code).toBe('rate_limited')
    expect(await balanceOf(sb.db, memberAccount(m.id))).toBe(100_000_00)
  })
})

describe('security centre', () => {
  /** The newest code the dev inbox holds for an address (sms: the national number; email: the address). */
  const codeFor = async (kind: 'sms' | 'email', to: string, purpose: string) => {
    const box = await inbox(sb.url)
    const found = (box[kind] as Record<string, unknown>[]).find((e) => (e.mobileNum === to || e.to === to) && e.purpose === purpose)
    return String(found?.code ?? '')
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  it('binds a mobile and an email by their codes: single use, expiring, guesses limited, a taken number refused', async () => {
    const m = await newMember()
    const mobile = `917${String(Date.now()).slice(-7)}`
    const target = { channel: 'mobile', countryDialingCode: '63', mobileNum: mobile }
    expect((await call('sendContactCode', target, m.token)).body.value).toEqual({ expiredMinutes: 5, to: `+63 ••••••${mobile.slice(-4)}` })
    // One send a minute per member.
    expect((await call('sendContactCode', target, m.token)).body.code).toBe('rate_limited')
    const code = await codeFor('sms', mobile, 'bind')
    expect(code).toMatch(/^\d{6}$/)
    // A code binds only the number it went to.
    expect((await call('bindContact', { ...target, mobileNum: '9170000000', code }, m.token)).body.code).toBe('sms_code_invalid')
    expect((await call('bindContact', { ...target, code: wrong(code) }, m.token)).body.fields).toEqual({ code: 'err_sms_code_invalid' })
    const bound = await call('bindContact', { ...target, code }, m.token)
    expect(bound.body.value).toMatchObject({ mobileVerified: true, mobile: `+63 ••••••${mobile.slice(-4)}`, emailVerified: false })
    expect((await call('bindContact', { ...target, code }, m.token)).body.code).toBe('sms_code_invalid')

    // Another member cannot take the number.
    const other = await newMember()
    expect((await call('sendContactCode', target, other.token)).body).toMatchObject({ code: 'mobile_taken', fields: { mobileNum: 'err_mobile_taken' } })

    // Email: an expired code is refused; five wrong guesses kill the code even when they come at once.
    const email = `m${Date.now()}@example.com`
    const mail = { channel: 'email', email: email.toUpperCase() }
    await call('sendContactCode', mail, m.token)
    const first = await codeFor('email', email, 'bind')
    await sb.db.query("UPDATE member_codes SET expires_at = 0 WHERE member_id = $1 AND purpose = 'bind_email'", [m.id])
    expect((await call('bindContact', { ...mail, code: first }, m.token)).body.code).toBe('sms_code_expired')
    await sb.db.query('DELETE FROM rate_events WHERE key = $1', [`${m.id}:bind_email`])
    await call('sendContactCode', mail, m.token)
    const second = await codeFor('email', email, 'bind')
    const guesses = await Promise.all(Array.from({ length: 7 }, () => call('bindContact', { ...mail, code: wrong(second) }, m.token)))
    expect(guesses.every((g) => g.body.code === 'sms_code_invalid')).toBe(true)
    expect((await call('bindContact', { ...mail, code: second }, m.token)).body.code).toBe('sms_code_invalid')
    await sb.db.query('DELETE FROM rate_events WHERE key = $1', [`${m.id}:bind_email`])
    await call('sendContactCode', mail, m.token)
    const third = await codeFor('email', email, 'bind')
    expect((await call('bindContact', { ...mail, code: third }, m.token)).body.value).toMatchObject({ emailVerified: true, email: `m${email.slice(1, 2)}•••@example.com` })
  })

  it('resets a forgotten payment password by a code sent to the verified mobile, which also lifts the lock', async () => {
    const m = await withdrawer(1_000_00)
    // No verified mobile: no reset code.
    expect((await call('sendPaymentResetCode', {}, m.token)).body.fields).toEqual({ verificationCode: 'money_err_mobile_unverified' })
    const mobile = `918${String(Date.now()).slice(-7)}`
    await call('sendContactCode', { channel: 'mobile', countryDialingCode: '63', mobileNum: mobile }, m.token)
    await call('bindContact', { channel: 'mobile', countryDialingCode: '63', mobileNum: mobile, code: await codeFor('sms', mobile, 'bind') }, m.token)
    // Locked by wrong guesses.
    for (let i = 0; i < 5; i++) await call('requestWithdrawal', { amount: 100_00, accountId: m.accountId, paymentPassword: '000000', idempotencyKey: key() }, m.token)
    expect((await call('moneyProfile', {}, m.token)).body.value.paymentTriesLeft).toBe(0)
    expect((await call('sendPaymentResetCode', {}, m.token)).body.value.to).toBe(`+63 ••••••${mobile.slice(-4)}`)
    const code = await codeFor('sms', mobile, 'pay_reset')
    expect((await call('resetPaymentPassword', { verificationCode: wrong(code), newPassword: '246810', confirmNewPassword: '246810' }, m.token)).body.code).toBe('sms_code_invalid')
    const reset = await call('resetPaymentPassword', { verificationCode: code, newPassword: '246810', confirmNewPassword: '246810' }, m.token)
    expect(reset.body.value).toMatchObject({ hasPaymentPassword: true, paymentTriesLeft: 5 })
    expect((await call('requestWithdrawal', { amount: 100_00, accountId: m.accountId, paymentPassword: '123456', idempotencyKey: key() }, m.token)).body.code).toBe(
      'payment_password_incorrect',
    )
    expect((await call('requestWithdrawal', { amount: 100_00, accountId: m.accountId, paymentPassword: '246810', idempotencyKey: key() }, m.token)).body.value.status).toBe(
      'requested',
    )
    // Single use.
    expect((await call('resetPaymentPassword', { verificationCode: code, newPassword: '135790', confirmNewPassword: '135790' }, m.token)).body.code).toBe('sms_code_invalid')
  })
})

describe('transfer to the upline', () => {
  it('moves money to the upline agent once per key, after the payment password; members without an upline are refused', async () => {
    const agent = await createMember(sb.db, { username: `upag${Date.now() % 100000}${n++}`, type: 1, isAgent: 1, passwordHash: null }, Date.now())
    const row = await createMember(sb.db, { username: `updl${Date.now() % 100000}${n++}`, uplineId: agent.id, passwordHash: null }, Date.now())
    await creditMember(sb.db, row.id, 500_00, { idempotencyKey: `seed:${row.id}` })
    const token = await createSession(sb.db, row.id, Date.now(), '127.0.0.1')
    await call('setPaymentPassword', { newPassword: '123456', confirmNewPassword: '123456' }, token)
    expect((await call('uplineTransferInfo', {}, token)).body.value).toMatchObject({ allowed: true, upline: agent.username, balance: 500_00 })

    const send = (amount: unknown, paymentPassword = '123456', idempotencyKey = key()) => call('transferUpline', { amount, paymentPassword, idempotencyKey }, token)
    expect((await send(0)).body.fields).toEqual({ amount: 'err_field_invalid' })
    expect((await send(12.5)).body.fields).toEqual({ amount: 'err_field_invalid' })
    expect((await send(600_00)).body).toMatchObject({ code: 'insufficient_funds', fields: { amount: 'money_err_over_balance' } })
    expect((await send(100_00, '000000')).body.code).toBe('payment_password_incorrect')
    expect(await balanceOf(sb.db, memberAccount(agent.id))).toBe(0)

    const k = key()
    // A retry sent while the first is in flight (three at once: one wrong try is already spent above).
    const replies = await Promise.all(Array.from({ length: 3 }, () => send(120_00, '123456', k)))
    expect(replies.map((r) => r.body.code)).toEqual(['ok', 'ok', 'ok'])
    expect(new Set(replies.map((r) => r.body.value.transferId)).size).toBe(1)
    expect(replies[0].body.value).toMatchObject({ amount: 120_00, upline: agent.username, balance: 380_00 })
    expect(await balanceOf(sb.db, memberAccount(agent.id))).toBe(120_00)
    expect(await balanceOf(sb.db, memberAccount(row.id))).toBe(380_00)
    expect((await send(50_00, '123456', k)).body.code).toBe('conflict')
    const record = await call('accountRecord', { kind: 'transfer' }, token)
    expect(record.body.value.list).toEqual([expect.objectContaining({ detail: 'upline_transfer', amount: -120_00, balance: 380_00 })])

    const loner = await newMember(100_00)
    expect((await call('uplineTransferInfo', {}, loner.token)).body.value.allowed).toBe(false)
    expect((await call('transferUpline', { amount: 10_00, paymentPassword: '123456', idempotencyKey: key() }, loner.token)).body.code).toBe('forbidden')
  })
})

describe('deposit', () => {
  it('credits a paid order once, however often the gateway calls back', async () => {
    const m = await newMember()
    const k = key()
    const order = (await call('createDeposit', { channel: 'BANK', amount: 100_00, idempotencyKey: k }, m.token)).body.value
    expect(order).toMatchObject({ status: 'pending', amount: 100_00, gatewayPath: `/sandbox/gateway/${order.orderId}` })
    expect((await call('createDeposit', { channel: 'BANK', amount: 100_00, idempotencyKey: k }, m.token)).body.value.orderId).toBe(order.orderId)
    const page = await fetch(`${sb.url}${order.gatewayPath}`)
    expect(await page.text()).toContain(order.reference)
    const callback = () =>
      fetch(`${sb.url}/sandbox/gateway/callback`, {
        method: 'POST',
        body: JSON.stringify({ orderId: order.orderId, status: 'paid', signature: signCallback(order.orderId, 'paid') }),
      }).then((r) => r.json())
    const replies = await Promise.all(Array.from({ length: 10 }, callback))
    expect(replies.filter((r) => r.value.settled)).toHaveLength(1)
    expect(await balanceOf(sb.db, memberAccount(m.id))).toBe(100_00)
    expect((await call('depositOrder', { orderId: order.orderId }, m.token)).body.value.status).toBe('paid')
    // A forged callback is refused.
    const forged = await fetch(`${sb.url}/sandbox/gateway/callback`, { method: 'POST', body: JSON.stringify({ orderId: order.orderId, status: 'failed', signature: 'x' }) })
    expect(forged.status).toBe(403)
  })

  it('names a reward paid by the rewards engine by where it came from, not as a deposit bonus', async () => {
    const m = await newMember(0)
    for (const [promo, source] of [
      ['MISSION', 'mission'],
      ['RANK', 'rank'],
      ['REBATE', 'rebate'],
    ] as const) {
      await sb.db.tx((q) => grantPaid(q, { key: `${source}:${m.id}`, memberId: m.id, promo, source, ref: 'x', amount: 1_00 }, Date.now()))
    }
    const named = (await call('accountRecord', { kind: 'bonus' }, m.token)).body.value.list.map((e: { detail: string }) => e.detail)
    expect(named).toEqual(['bonus_rebate', 'bonus_rank', 'bonus_mission'])
  })

  it('credits the promotion bonus once with the deposit, and withholds the wagering it requires from withdrawals', async () => {
    const m = await withdrawer(0)
    const offer = (await call('depositChannels', {}, m.token)).body.value.promotion
    expect(offer).toEqual({ code: 'WELCOME10', percent: 10, maxBonus: 200_00, turnover: 5 })
    expect((await call('createDeposit', { channel: 'BANK', amount: 300_00, promotion: 'OTHER', idempotencyKey: key() }, m.token)).body.fields).toEqual({
      promotion: 'money_err_promo_unavailable',
    })
    const order = (await call('createDeposit', { channel: 'BANK', amount: 300_00, promotion: 'WELCOME10', idempotencyKey: key() }, m.token)).body.value
    expect(order).toMatchObject({ promotion: 'WELCOME10', bonus: 30_00 })
    const pay = () =>
      fetch(`${sb.url}/sandbox/gateway/callback`, {
        method: 'POST',
        body: JSON.stringify({ orderId: order.orderId, status: 'paid', signature: signCallback(order.orderId, 'paid') }),
      })
    await Promise.all(Array.from({ length: 5 }, pay))
    expect(await balanceOf(sb.db, memberAccount(m.id))).toBe(330_00)
    const bonusRows = (await call('accountRecord', { kind: 'bonus' }, m.token)).body.value.list
    expect(bonusRows).toEqual([expect.objectContaining({ detail: 'bonus', amount: 30_00, balance: 330_00 })])
    // Once per member: the offer is gone.
    expect((await call('depositChannels', {}, m.token)).body.value.promotion).toBeNull()
    expect((await call('createDeposit', { channel: 'BANK', amount: 300_00, promotion: 'WELCOME10', idempotencyKey: key() }, m.token)).body.code).toBe('validation_failed')

    // 5 × 30.00 to wager: 180.00 of 330.00 may be withdrawn, not more.
    const info = (await call('withdrawInfo', {}, m.token)).body.value
    expect(info).toMatchObject({ balance: 330_00, wageringRemaining: 150_00, withdrawable: 180_00 })
    const ask = (amount: number, forfeitBonus?: boolean) =>
      call('requestWithdrawal', { amount, accountId: m.accountId, paymentPassword: '123456', idempotencyKey: key(), forfeitBonus }, m.token)
    expect((await ask(180_01)).body).toMatchObject({
      code: 'wagering_required',
      fields: { amount: 'money_err_over_withdrawable' },
      value: { wageringRemaining: 150_00, withdrawable: 180_00 },
    })
    expect(await balanceOf(sb.db, memberAccount(m.id))).toBe(330_00)
    // A settled round with a stake of 100.00 (a push would not count) leaves 50.00 to wager.
    const [game] = await sb.db.query<{ node_id: string }>('SELECT node_id FROM games LIMIT 1')
    const round = (id: string, stake: number, payout: number) =>
      sb.db.query("INSERT INTO rounds (id, member_id, node_id, idempotency_key, stake, payout, outcome, status, created_at) VALUES ($1, $2, $3, $1, $4, $5, '', 'settled', $6)", [
        id,
        m.id,
        game.node_id,
        stake,
        payout,
        Date.now(),
      ])
    await round(`r-${key()}`, 100_00, 0)
    await round(`r-${key()}`, 40_00, 40_00)
    expect((await call('withdrawInfo', {}, m.token)).body.value).toMatchObject({ wageringRemaining: 50_00, withdrawable: 280_00 })
    expect((await ask(280_00)).body.value.status).toBe('requested')
    // 50.00 left, all of it still to wager: refused, unless the member forfeits the bonus (its 30.00
    // goes back to the promotion account, the rest is free).
    expect((await ask(20_00)).body.code).toBe('wagering_required')
    const promo = await balanceOf(sb.db, 'house:promo')
    expect((await ask(20_00, true)).body.value.status).toBe('requested')
    expect(await balanceOf(sb.db, memberAccount(m.id))).toBe(0)
    expect(await balanceOf(sb.db, 'house:promo')).toBe(promo + 30_00)
    expect((await call('withdrawInfo', {}, m.token)).body.value).toMatchObject({ wageringRemaining: 0, withdrawable: 0 })
  })

  it('declined on the gateway page: failed, nothing credited; crypto orders carry a QR code', async () => {
    const m = await newMember()
    const order = (await call('createDeposit', { channel: 'USDT', amount: 300_00, idempotencyKey: key() }, m.token)).body.value
    expect(order.qrSvg).toMatch(/^<svg/)
    const res = await fetch(`${sb.url}${order.gatewayPath}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'action=decline' })
    expect(await res.text()).toContain('Payment declined')
    expect((await call('depositOrder', { orderId: order.orderId }, m.token)).body.value.status).toBe('failed')
    expect(await balanceOf(sb.db, memberAccount(m.id))).toBe(0)
  })

  it.each([
    ['negative', -100, 'err_field_invalid'],
    ['zero', 0, 'err_field_invalid'],
    ['fractional', 100.5, 'err_field_invalid'],
    ['a string', '100', 'err_field_invalid'],
    ['huge', 1e300, 'err_field_invalid'],
    ['under the minimum', 99_99, 'money_err_amount_min'],
    ['over the channel maximum', 50_000_01, 'money_err_amount_max'],
  ])('refuses %s with a field error and creates nothing', async (_name, amount, message) => {
    const m = await newMember()
    const r = await call('createDeposit', { channel: 'BANK', amount, idempotencyKey: key() }, m.token)
    expect(r.body).toMatchObject({ success: false, code: 'validation_failed', fields: { amount: message } })
    expect((await sb.db.query('SELECT 1 FROM deposit_orders WHERE member_id = $1', [m.id])).length).toBe(0)
  })
})

describe('withdrawal', () => {
  it('holds the amount, releases it when rejected and pays it out when disbursed; the record shows each step', async () => {
    const m = await withdrawer(1_000_00)
    const before = await sumAll()
    const k = key()
    const w = (await call('requestWithdrawal', { amount: 300_00, accountId: m.accountId, paymentPassword: '123456', idempotencyKey: k }, m.token)).body.value
    expect(w).toMatchObject({ status: 'requested', amount: 300_00, account: 'BDO ••••••7890 (Juan Dela Cruz)' })
    // Same key: same reply, one hold.
    expect((await call('requestWithdrawal', { amount: 300_00, accountId: m.accountId, paymentPassword: '123456', idempotencyKey: k }, m.token)).body.value.id).toBe(w.id)
    expect(await balanceOf(sb.db, memberAccount(m.id))).toBe(700_00)
    const info = (await call('withdrawInfo', {}, m.token)).body.value
    expect(info).toMatchObject({ balance: 700_00, withdrawable: 700_00 })

    const admin = (id: string, d: string) =>
      fetch(`${sb.url}/sandbox/admin/withdrawals/${id}/${d}`, { method: 'POST', headers: { 'Content-Type': 'application/json' } }).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }))
    expect((await admin(w.id, 'disburse')).status).toBe(409)
    expect((await admin(w.id, 'reject')).body.value.status).toBe('rejected')
    expect((await admin(w.id, 'approve')).status).toBe(409)
    expect(await balanceOf(sb.db, memberAccount(m.id))).toBe(1_000_00)

    const w2 = (await call('requestWithdrawal', { amount: 200_00, accountId: m.accountId, paymentPassword: '123456', idempotencyKey: key() }, m.token)).body.value
    await admin(w2.id, 'approve')
    expect((await admin(w2.id, 'disburse')).body.value.status).toBe('disbursed')
    expect(await balanceOf(sb.db, memberAccount(m.id))).toBe(800_00)
    const c = await call('confirmWithdrawal', { id: w2.id, outcome: 'received', idempotencyKey: key() }, m.token)
    expect(c.body.value.status).toBe('received')
    expect(await sumAll()).toBe(before)

    const record = (await call('accountRecord', { pageSize: 50 }, m.token)).body.value
    expect(record.list.map((e: any) => [e.detail, e.amount, e.balance])).toEqual([
      ['withdrawal_hold', -200_00, 800_00],
      ['withdrawal_release', 300_00, 1_000_00],
      ['withdrawal_hold', -300_00, 700_00],
      ['credit', 1_000_00, 1_000_00],
    ])
    const csv = (await call('accountRecordCsv', { kind: 'withdrawal' }, m.token)).body.value
    expect(csv.rows).toBe(3)
    expect(csv.csv.split('\r\n')[1]).toMatch(/,withdrawal,withdrawal_hold,-200\.00,800\.00,/)
  })

  it('refuses bad amounts, amounts over the balance and wrong passwords, moving nothing', async () => {
    const m = await withdrawer(500_00)
    const ask = (amount: unknown, paymentPassword = '123456') => call('requestWithdrawal', { amount, accountId: m.accountId, paymentPassword, idempotencyKey: key() }, m.token)
    expect((await ask(-1)).body.fields).toEqual({ amount: 'err_field_invalid' })
    expect((await ask(10.5)).body.fields).toEqual({ amount: 'err_field_invalid' })
    expect((await ask('100')).body.fields).toEqual({ amount: 'err_field_invalid' })
    expect((await ask(600_00)).body).toMatchObject({ code: 'insufficient_funds', fields: { amount: 'money_err_over_balance' } })
    expect((await ask(100_00, '654321')).body).toMatchObject({ code: 'payment_password_incorrect', fields: { paymentPassword: 'err_payment_password_incorrect' } })
    expect(await balanceOf(sb.db, memberAccount(m.id))).toBe(500_00)
    expect((await sb.db.query('SELECT 1 FROM withdrawals WHERE member_id = $1', [m.id])).length).toBe(0)
  })

  it('regards a disbursal as received after the minutes parameter; fully paid needs parts that add up', async () => {
    const m = await withdrawer(1_000_00)
    const ask = () => call('requestWithdrawal', { amount: 100_00, accountId: m.accountId, paymentPassword: '123456', idempotencyKey: key() }, m.token).then((r) => r.body.value)
    const post = (path: string, body?: unknown) =>
      fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined })
    const a = await ask()
    const b = await ask()
    for (const w of [a, b]) {
      await post(`/sandbox/admin/withdrawals/${w.id}/approve`)
      await post(`/sandbox/admin/withdrawals/${w.id}/disburse`)
    }
    const bad = await call('confirmWithdrawal', { id: b.id, outcome: 'fully_paid', receivedAmount: 60_00, remainingAmount: 30_00, idempotencyKey: key() }, m.token)
    expect(bad.body.fields).toEqual({ remainingAmount: 'money_err_parts_sum' })
    const good = await call('confirmWithdrawal', { id: b.id, outcome: 'fully_paid', receivedAmount: 60_00, remainingAmount: 40_00, idempotencyKey: key() }, m.token)
    expect(good.body.value).toMatchObject({ status: 'fully_paid', receivedAmount: 60_00, remainingAmount: 40_00 })
    expect((await call('confirmWithdrawal', { id: a.id, outcome: 'not_received', idempotencyKey: key() }, m.token)).body.fields).toEqual({ proof: 'money_err_proof_required' })
    // The proof: png or jpg by its bytes, at most 5 MB.
    const upload = (body: Uint8Array<ArrayBuffer>, type = 'image/png') =>
      fetch(`${sb.url}${endpoints.withdrawalProof.path}?id=${a.id}`, { method: 'POST', headers: { Authorization: `Bearer ${m.token}`, 'Content-Type': type }, body })
    const gif = await upload(new TextEncoder().encode('GIF89a....'), 'image/gif')
    expect(await gif.json()).toMatchObject({ code: 'validation_failed', fields: { proof: 'money_err_proof_type' } })
    const big = new Uint8Array(new ArrayBuffer(5 * 1024 * 1024 + 1))
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const tooBig = await upload(big)
    expect(tooBig.status).toBe(413)
    expect(await tooBig.json()).toMatchObject({ fields: { proof: 'money_err_proof_size' } })
    const png = await upload(big.slice(0, 1024))
    expect((await png.json()).value).toMatchObject({ id: a.id, hasProof: true, status: 'disbursed' })
    const nr = await call('confirmWithdrawal', { id: a.id, outcome: 'not_received', idempotencyKey: key() }, m.token)
    expect(nr.body.value).toMatchObject({ status: 'not_received', hasProof: true })
    const c = await ask()
    await post(`/sandbox/admin/withdrawals/${c.id}/approve`)
    await post(`/sandbox/admin/withdrawals/${c.id}/disburse`)
    const cid = c.id
    expect((await post('/sandbox/admin/withdrawals/minutes', { minutes: 0 })).status).toBe(400)
    await sb.db.query('UPDATE withdrawals SET disbursed_at = disbursed_at - 31 * 60000 WHERE id = $1', [cid])
    const info = (await call('withdrawInfo', {}, m.token)).body.value
    expect(info.withdrawals.find((w: any) => w.id === cid)).toMatchObject({ status: 'received', autoConfirmed: true })
    expect(info.withdrawals.find((w: any) => w.id === a.id)).toMatchObject({ status: 'not_received' })
  })
})

describe('wallets', () => {
  it('lists vendor wallets and recalls them all to the main wallet once per key', async () => {
    const m = await newMember(1_000_00)
    const w = (await call('walletBalances', {}, m.token)).body.value
    expect(w.isSingle).toBe(false)
    const vendor = w.wallets[1].code
    expect((await call('walletTransfer', { from: 'main', to: vendor, amount: 300_00, idempotencyKey: key() }, m.token)).body.success).toBe(true)
    const after = (await call('walletBalances', {}, m.token)).body.value
    expect(after.wallets.find((x: any) => x.code === vendor).balance).toBe(300_00)
    expect(after.sumBalance).toBe(1_000_00)
    const k = key()
    expect((await call('walletRecallAll', { idempotencyKey: k }, m.token)).body.value).toEqual({ moved: 300_00, sumBalance: 1_000_00 })
    expect((await call('walletRecallAll', { idempotencyKey: k }, m.token)).body.value.moved).toBe(0)
    expect(await balanceOf(sb.db, memberAccount(m.id))).toBe(1_000_00)
  })
})

describe('betting record', () => {
  it('lists settled rounds in the range with totals, filters and detail', async () => {
    const [demo] = await sb.db.query<{ id: string }>("SELECT id FROM members WHERE username = 'demo01'")
    const token = await createSession(sb.db, demo.id, Date.now(), '127.0.0.1')
    const today = new Date().toISOString().slice(0, 10)
    const from = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10)
    const all = (await call('bettingRecord', { from, to: today, pageSize: 100 }, token)).body.value
    expect(all.total).toBeGreaterThan(0)
    if (all.total <= 100) expect(all.totals.winLoss).toBe(all.list.reduce((s: number, r: any) => s + r.winLoss, 0))
    const type = all.list[0].gameType
    const some = (await call('bettingRecord', { from, to: today, gameType: type, pageSize: 100 }, token)).body.value
    expect(some.list.every((r: any) => r.gameType === type)).toBe(true)
    const detail = (await call('roundDetail', { roundId: all.list[0].roundId }, token)).body.value
    expect(detail.roundId).toBe(all.list[0].roundId)
    expect((await call('bettingRecord', { from: today, to: from }, token)).body.fields).toEqual({ from: 'money_err_range_order' })
    // Profit and loss: every day of the range, and categories adding up to the same totals as the record.
    const profit = (await call('profitReport', { from, to: today }, token)).body.value
    expect(profit.days).toHaveLength(61)
    expect(profit.totals.winLoss).toBe(all.totals.winLoss)
    expect(profit.days.reduce((s: number, d: any) => s + d.winLoss, 0)).toBe(all.totals.winLoss)
    expect(profit.categories.reduce((s: number, c: any) => s + c.bet, 0)).toBe(all.totals.bet)
  })
})
