import { describe, expect, it } from 'vitest'
import type { EndpointKey } from '../../sdk/contract/all.ts'
import { client } from '../auth/testkit.ts'
import { createSession } from '../auth/sessions.ts'
import { createMember } from '../auth/accounts.ts'
import { balanceOf, creditMember, memberAccount } from '../ledger.ts'
import { sandboxForFile } from '../testkit.ts'
import type { Queryable } from '../db/index.ts'
import { checkPaymentPassword, PAY_TRIES, PAY_WINDOW_MS } from '../money/profile.ts'
import { createPayHasher } from '../money/pay-hasher.ts'
import { testCost } from '../auth/password.ts'

// Refusals as an attacker (or a double-clicking player) sees them: the reason given must be the true
// one, and a right payment password is never counted as a wrong one (issue #36, item 8).
const { sb } = sandboxForFile()
const key = () => `k${crypto.randomUUID().replace(/-/g, '')}`

interface Reply {
  status: number
  body: { success: boolean; code: string; message: string; value: { accounts?: { id: string }[]; paymentTriesLeft?: number } | null; fields?: Record<string, string> }
}
let sealer: ReturnType<typeof client> | undefined
/** Calls an endpoint as the browser client does (sealed with the platform key where the contract says so). */
const call = async (k: EndpointKey, input: Record<string, unknown>, token: string): Promise<Reply> => {
  sealer ??= client(sb.url)
  return (await sealer.raw(k, input, { token })) as Reply
}

let n = 0
/** A member holding `balance`, with a real name, payment password 123456 and a bank account. */
async function withdrawer(balance: number) {
  const row = await createMember(sb.db, { username: `refuse${Date.now() % 100000}${n++}`, type: 0, isAgent: 0, passwordHash: null }, Date.now())
  await creditMember(sb.db, row.id, balance, { idempotencyKey: `seed:${row.id}` })
  const token = await createSession(sb.db, row.id, Date.now(), '127.0.0.1')
  await call('setRealName', { realName: 'juan dela cruz' }, token)
  await call('setPaymentPassword', { newPassword: '123456', confirmNewPassword: '123456' }, token)
  const p = await call('addPayoutAccount', { kind: 'bank', provider: 'BDO', accountNo: '1234567890' }, token)
  return { id: row.id, token, accountId: p.body.value!.accounts![0].id }
}

describe('payment password under parallel calls', () => {
  it('six parallel right passwords all pass: none is counted as wrong, no wait is ever negative', async () => {
    const m = await withdrawer(10_000_00)
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => call('requestWithdrawal', { amount: 100_00, accountId: m.accountId, paymentPassword: '123456', idempotencyKey: key() }, m.token)),
    )
    expect(replies.map((r) => r.body.message).filter((msg) => /-\d/.test(msg))).toEqual([])
    expect(replies.map((r) => r.body.code)).toEqual(Array(6).fill('ok'))
    expect(await balanceOf(sb.db, memberAccount(m.id))).toBe(9_400_00)
    // The tries are all still there.
    expect((await call('moneyProfile', {}, m.token)).body.value?.paymentTriesLeft).toBe(5)
  })

  it('a lock after wrong tries names a wait of at least a minute and at most the window', async () => {
    const m = await withdrawer(1_000_00)
    const ask = (paymentPassword: string) => call('requestWithdrawal', { amount: 100_00, accountId: m.accountId, paymentPassword, idempotencyKey: key() }, m.token)
    const replies = await Promise.all(Array.from({ length: 7 }, () => ask('000000')))
    const locked = replies.filter((r) => r.body.code === 'rate_limited')
    expect(locked).toHaveLength(2)
    for (const r of locked) {
      const minutes = Number(/try again in (-?\d+) min/.exec(r.body.message)?.[1])
      expect(minutes).toBeGreaterThanOrEqual(1)
      expect(minutes).toBeLessThanOrEqual(15)
    }
  })
})

describe('payment password checked on two instances at once', () => {
  it('names the wait of the window in force, not of the one this check read before another instance opened it', async () => {
    const m = await withdrawer(1_000_00)
    const now = Date.now()
    // The profile is read first; meanwhile checks on another instance open a new window and take every try.
    const otherInstance: Queryable = {
      async query<T>(sql: string, params?: unknown[]) {
        const rows = await sb.db.query<T>(sql, params)
        if (/^SELECT real_name, pay_password_hash/.test(sql)) {
          await sb.db.query('UPDATE money_profiles SET pay_tries = $2, pay_window_start = $3 WHERE member_id = $1', [m.id, PAY_TRIES, now])
        }
        return rows
      },
    } as Queryable
    const refused = await checkPaymentPassword(otherInstance, m.id, '123456', now, createPayHasher(testCost)).then(
      () => null,
      (e: { code: string; message: string }) => e,
    )
    expect(refused?.code).toBe('rate_limited')
    expect(refused?.message).toBe(`Too many wrong payment passwords: try again in ${PAY_WINDOW_MS / 60_000} min.`)
  })
})

describe('a withdrawal refused because another one took the money', () => {
  it('says the balance is insufficient, not that wagering is required', async () => {
    // 1,100.00 held, a bonus with 500.00 still to wager: 600.00 may leave.
    const m = await withdrawer(1_100_00)
    await sb.db.query("INSERT INTO deposit_bonuses (member_id, promotion, order_id, bonus, required, created_at) VALUES ($1, 'WELCOME10', $2, 10000, 50000, $3)", [
      m.id,
      `o-${m.id}`,
      Date.now() - 1000,
    ])
    const replies = await Promise.all(
      Array.from({ length: 3 }, () => call('requestWithdrawal', { amount: 600_00, accountId: m.accountId, paymentPassword: '123456', idempotencyKey: key() }, m.token)),
    )
    const codes = replies.map((r) => r.body.code).sort()
    expect(codes).toEqual(['insufficient_funds', 'insufficient_funds', 'ok'])
    for (const r of replies.filter((x) => !x.body.success)) expect(r.body.fields).toEqual({ amount: 'money_err_over_balance' })
    expect(await balanceOf(sb.db, memberAccount(m.id))).toBe(500_00)
  })
})
