import { afterAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/testing.ts'
import { devSliderTarget, sliderAnswer } from '../../sandbox/auth/testkit.ts'
import { createStorage } from '../storage/index.ts'
import { createClient } from './core-client.ts'
import { ApiError, newIdempotencyKey } from './index.ts'
import { withAllRoutes } from './testing/all-routes.ts'

// The client against the reference platform: encryption, errors and idempotency end to end.
// On PGlite whatever the run shares: with sdk/auth/flows.test.ts, the embedded engine's end-to-end proof.
const sandbox = await startSandbox({ engine: 'pglite' })
afterAll(() => sandbox.close())

function setup() {
  const storage = createStorage()
  return { storage, client: withAllRoutes(createClient({ baseURL: sandbox.url, merchant: 'LOBBYKIT', storage })) }
}

async function credentials(client: ReturnType<typeof setup>['client'], password: string) {
  const slider = await client.api('slider')
  const captcha = await client.api('captcha')
  const inbox = await sandbox.admin.inbox()
  const answer = (inbox.captcha as { captchaId: string; answer: string }[]).find((c) => c.captchaId === captcha.captchaId)?.answer
  return {
    type: 'username',
    username: 'demo01',
    password,
    captcha: answer,
    captchaId: captcha.captchaId,
    slider: sliderAnswer(slider.challengeId, await devSliderTarget(sandbox.url, slider.challengeId)),
  } as const
}

describe('against the sandbox', () => {
  it('logs in with an encrypted body, and a wrong password is the server’s answer, not a transport error', async () => {
    const { client } = setup()
    const wrong = await client.api('login', await credentials(client, 'not-the-password')).catch((e: unknown) => e)
    expect(wrong).toBeInstanceOf(ApiError)
    expect((wrong as ApiError).code).toBe('invalid_credentials')
    expect((wrong as ApiError).messageKey).toBe('err_invalid_credentials')
    const value = await client.api('login', await credentials(client, 'demo1234'))
    expect(value.userName).toBe('demo01')
    expect(value.token.length).toBeGreaterThan(10)
  })

  it('moves money once for one idempotency key, however often the caller retries', async () => {
    const { client, storage } = setup()
    storage.session.set('token', (await client.api('login', await credentials(client, 'demo1234'))).token)
    const [vendor] = await sandbox.db.query<{ code: string }>('SELECT code FROM vendors ORDER BY code LIMIT 1')
    const mainBalance = async () =>
      Number(
        (
          await sandbox.db.query<{ balance: string }>(`SELECT l.balance FROM ledger_accounts l JOIN members m ON l.owner = m.id WHERE m.username = 'demo01' AND l.id LIKE '%:main'`)
        )[0].balance,
      )
    const before = await mainBalance()
    const idempotencyKey = newIdempotencyKey()
    const input = { from: 'main', to: vendor.code, amount: 1_000, idempotencyKey }
    const first = await client.api('walletTransfer', input)
    const retry = await client.api('walletTransfer', input)
    expect(retry.transactionId).toBe(first.transactionId)
    expect(await mainBalance()).toBe(before - 1_000)
    const other = await client.api('walletTransfer', { ...input, idempotencyKey: newIdempotencyKey() })
    expect(other.transactionId).not.toBe(first.transactionId)
    expect(await mainBalance()).toBe(before - 2_000)
  })
})
