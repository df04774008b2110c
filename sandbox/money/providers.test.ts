import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../sdk/contract/all.ts'
import { createApp, createDeps } from '../app.ts'
import { createSession } from '../auth/sessions.ts'
import { balanceOf, memberAccount } from '../ledger.ts'
import { runMain, sandboxForFile } from '../testkit.ts'
import { createDeposit } from './deposit.ts'
import { paymentProviderFromEnv, simulator } from './providers.ts'

const { sb } = sandboxForFile()

describe('payment providers', () => {
  it('production needs the provider named: none refuses, an unknown name refuses, the simulator only by name', () => {
    expect(paymentProviderFromEnv({}, true)).toMatchObject({ error: expect.stringContaining('PAYMENT_PROVIDER') })
    expect(paymentProviderFromEnv({ PAYMENT_PROVIDER: 'paypal' }, true)).toMatchObject({ error: expect.stringContaining('not a known') })
    expect(paymentProviderFromEnv({ PAYMENT_PROVIDER: 'simulator' }, true)).toEqual({ provider: simulator })
    expect(paymentProviderFromEnv({}, false)).toEqual({ provider: simulator })
  })

  it('npm start in production without PAYMENT_PROVIDER refuses to start (exit 1, saying why)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lk-pay-'))
    try {
      const { code, out } = await runMain([], { NODE_ENV: 'production', PAYMENT_PROVIDER: '', DATA_DIR: dir, PORT: '0', PARTNER_PORT: '0', DATABASE_URL: '', PLATFORM_URL: '' })
      expect(code).toBe(1)
      expect(out).toContain('NODE_ENV=production needs a payment provider')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('in production without a provider: the gateway page and its unauthenticated POST are refused, no order is opened, nothing is credited', async () => {
    const app = createApp(createDeps(sb.db, { production: true }))
    const [m] = await sb.db.query<{ id: string }>("SELECT id FROM members WHERE username = 'demo01'")
    // An order left from before (or made some other way): the simulator's page must not pay it.
    const order = await createDeposit(sb.db, m.id, { channel: 'BANK', amount: 100_000_00 / 10, idempotencyKey: 'prod-pay-key-000001' }, Date.now())
    const before = await balanceOf(sb.db, memberAccount(m.id))
    const post = await app.request(`/sandbox/gateway/${order.orderId}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'action=pay' })
    expect(post.status).toBe(404)
    expect((await app.request(`/sandbox/gateway/${order.orderId}`)).status).toBe(404)
    expect((await app.request('/sandbox/gateway/callback', { method: 'POST', body: '{}' })).status).toBe(404)
    expect(await balanceOf(sb.db, memberAccount(m.id))).toBe(before)
    const token = await createSession(sb.db, m.id, Date.now(), '127.0.0.1')
    const create = await app.request(endpoints.createDeposit.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, Merchant: 'LOBBYKIT' },
      body: JSON.stringify({ channel: 'BANK', amount: 100_00, idempotencyKey: 'prod-pay-key-000002' }),
    })
    expect((await create.json()).code).toBe('not_enabled')
  })

  it('in production with PAYMENT_PROVIDER=simulator the status tells every page deposits are fake; in development it does not', async () => {
    const status = async (production: boolean) =>
      (await (await createApp(createDeps(sb.db, { production, payments: simulator })).request('/wps/system/status', { headers: { Merchant: 'LOBBYKIT' } })).json()).value
    expect((await status(true)).paymentSimulator).toBe(true)
    expect((await status(false)).paymentSimulator).toBeUndefined()
  })
})
