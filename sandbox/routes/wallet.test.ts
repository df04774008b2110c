import { beforeAll, describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { endpoints } from '../../sdk/contract/all.ts'
import { createSession } from '../auth/sessions.ts'
import { balanceOf, memberAccount } from '../ledger.ts'

const { sb } = sandboxForFile()
let demo: { id: string; token: string }
let vendor: string

const sessionOf = async (username: string) => {
  const [m] = await sb.db.query<{ id: string }>('SELECT id FROM members WHERE username = $1', [username])
  return { id: m.id, token: await createSession(sb.db, m.id, Date.now(), '127.0.0.1') }
}
const key = () => `k${crypto.randomUUID().replace(/-/g, '')}`

interface Reply {
  status: number
  body: { success: boolean; code: string; value: { transactionId: string; sumBalance: number; currency?: string; currencySymbol?: string } }
}
async function transfer(token: string, body: unknown): Promise<Reply> {
  const res = await fetch(`${sb.url}${endpoints.walletTransfer.path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Reply['body'] }
}
async function balance(token?: string): Promise<Reply> {
  const res = await fetch(`${sb.url}${endpoints.balance.path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
  return { status: res.status, body: (await res.json()) as Reply['body'] }
}
const sumAll = async () => (await sb.db.query<{ s: number }>('SELECT SUM(balance)::int8 AS s FROM ledger_accounts'))[0].s

beforeAll(async () => {
  demo = await sessionOf('demo01')
  vendor = (await sb.db.query<{ code: string }>('SELECT code FROM vendors ORDER BY code LIMIT 1'))[0].code
})

describe('wallet routes', () => {
  it('balance: the sum of the member wallets in minor units, PHP', async () => {
    const r = await balance(demo.token)
    expect(r.status).toBe(200)
    expect(r.body.value).toEqual({
      sumBalance:
        (await balanceOf(sb.db, memberAccount(demo.id))) +
        (await sb.db.query<{ s: number }>('SELECT COALESCE(SUM(balance),0)::int8 AS s FROM ledger_accounts WHERE owner = $1 AND id <> $2', [demo.id, memberAccount(demo.id)]))[0].s,
      currency: 'PHP',
      currencySymbol: '₱',
    })
    expect(r.body.value.sumBalance).toBeGreaterThan(0)
    expect((await balance()).status).toBe(401)
  })

  it('transfer: moves money to a vendor wallet once per idempotency key', async () => {
    const before = await balanceOf(sb.db, memberAccount(demo.id))
    const total = (await balance(demo.token)).body.value.sumBalance
    const k = key()
    const first = await transfer(demo.token, { from: 'main', to: vendor, amount: 12_345, idempotencyKey: k })
    expect(first.status).toBe(200)
    expect(first.body.value.sumBalance).toBe(total)
    expect(await balanceOf(sb.db, memberAccount(demo.id))).toBe(before - 12_345)
    expect(await balanceOf(sb.db, memberAccount(demo.id, vendor))).toBeGreaterThanOrEqual(12_345)
    const again = await transfer(demo.token, { from: 'main', to: vendor, amount: 12_345, idempotencyKey: k })
    expect(again.body.value.transactionId).toBe(first.body.value.transactionId)
    expect(await balanceOf(sb.db, memberAccount(demo.id))).toBe(before - 12_345)
    const conflict = await transfer(demo.token, { from: 'main', to: vendor, amount: 1, idempotencyKey: k })
    expect(conflict.status).toBe(409)
    expect(conflict.body.code).toBe('conflict')
    const back = await transfer(demo.token, { from: vendor, to: 'main', amount: 12_345, idempotencyKey: key() })
    expect(back.status).toBe(200)
    expect(await balanceOf(sb.db, memberAccount(demo.id))).toBe(before)
    expect(await sumAll()).toBe(0)
  })

  it('transfer: refuses more than the wallet holds and changes nothing', async () => {
    const before = await balanceOf(sb.db, memberAccount(demo.id))
    const r = await transfer(demo.token, { from: 'main', to: vendor, amount: before + 1, idempotencyKey: key() })
    expect(r.status).toBe(409)
    expect(r.body.code).toBe('insufficient_funds')
    expect(await balanceOf(sb.db, memberAccount(demo.id))).toBe(before)
  })

  it('transfer: validates wallets, amounts and keys', async () => {
    const base = { from: 'main', to: vendor, amount: 100, idempotencyKey: key() }
    const bad: unknown[] = [
      { ...base, to: 'main' },
      { ...base, from: vendor, to: vendor },
      { ...base, to: 'NOSUCHVENDOR' },
      { ...base, amount: 0 },
      { ...base, amount: -5 },
      { ...base, amount: 1.5 },
      { ...base, amount: '100' },
      { ...base, amount: 1e15 },
      { ...base, idempotencyKey: 'short' },
      { ...base, idempotencyKey: 'x'.repeat(65) },
      { ...base, to: 'x'.repeat(33) },
      {},
      [],
    ]
    for (const body of bad) {
      const r = await transfer(demo.token, body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.body.code).toBe('validation_failed')
    }
    expect((await transfer('nonsense', base)).status).toBe(401)
  })

  it('transfer: trial accounts may not transfer', async () => {
    const [t] = await sb.db.query<{ id: string }>("INSERT INTO members (username, type) VALUES ('trialwallet', 4) RETURNING id")
    const token = await createSession(sb.db, t.id, Date.now(), '127.0.0.1')
    const r = await transfer(token, { from: 'main', to: vendor, amount: 100, idempotencyKey: key() })
    expect(r.status).toBe(403)
    expect(r.body.code).toBe('trial_account')
  })
})
