import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { endpoints } from '../../sdk/contract/all.ts'
import { postgresForFile } from '../race-testkit.ts'
import { startSandbox, type Sandbox } from '../testing.ts'
import { client, sealWithWebCrypto, solvedCaptcha, solvedSlider } from './testkit.ts'
import { defaultKeyOptions } from './rsa.ts'

// Issue #36 item 7: two instances on one PostgreSQL database. A key fetched from one and a login sent
// to the other failed with "Some fields need your attention": each process made its own RSA key. The
// second instance here is started from a fresh copy of the sandbox's modules (as a second process
// would be), so nothing one holds in memory is seen by the other.
const server = postgresForFile()
let clock = Date.now()
let a: Sandbox
let b: Sandbox
beforeAll(async () => {
  // One after the other: the first seeds the empty database.
  a = await startSandbox({ databaseUrl: server.url, now: () => clock })
  vi.resetModules()
  const other = (await import('../testing.ts')) as typeof import('../testing.ts')
  b = await other.startSandbox({ databaseUrl: server.url, now: () => clock })
})
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()])
})

type PublicKey = { keyId: string; spki: string }
const publicKey = async (sb: Sandbox): Promise<PublicKey> => ((await (await fetch(`${sb.url}${endpoints.publicKey.path}`)).json()) as { value: PublicKey }).value

/** Logs demo01 in on `sb` (slider and captcha solved there) with a body sealed with `key`; answers the status and code. */
async function loginWith(sb: Sandbox, key: PublicKey, ip: string): Promise<{ status: number; code: string }> {
  const c = client(sb.url)
  const slider = await solvedSlider(c, { ip })
  const captcha = await solvedCaptcha(c, sb.url, { ip })
  const sealed = await sealWithWebCrypto(key, { type: 'username', username: 'demo01', password: 'demo1234', slider, ...captcha })
  const res = await fetch(`${sb.url}${endpoints.login.path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Encrypted': '1', Device: 'WEB', Merchant: 'LOBBYKIT', 'X-Forwarded-For': ip },
    body: JSON.stringify(sealed),
  })
  return { status: res.status, code: ((await res.json()) as { code: string }).code }
}

describe('the platform key on two instances of one database', () => {
  it('a key fetched from one instance opens a login sent to the other', async () => {
    expect(a.db.kind).toBe('postgres')
    const fromA = await publicKey(a)
    expect(await publicKey(b)).toEqual(fromA)
    expect(await loginWith(b, fromA, '10.70.0.1')).toEqual({ status: 200, code: 'ok' })
    expect(await loginWith(a, await publicKey(b), '10.70.0.2')).toEqual({ status: 200, code: 'ok' })
  })

  it('rotates once for both when the key is due, keeps the old key for the overlap, then answers key_unknown', async () => {
    const old = await publicKey(a)
    clock += defaultKeyOptions.rotateMs + 60_000
    // Both instances find the key due at the same moment: one new key, which both hand out.
    const [na, nb] = await Promise.all([publicKey(a), publicKey(b)])
    expect(na).toEqual(nb)
    expect(na.keyId).not.toBe(old.keyId)
    const [{ n }] = await a.db.query<{ n: number }>('SELECT count(*)::int AS n FROM platform_keys')
    expect(n).toBe(2)
    // The old key still opens logins on both during the overlap.
    expect(await loginWith(a, old, '10.70.0.3')).toEqual({ status: 200, code: 'ok' })
    expect(await loginWith(b, old, '10.70.0.4')).toEqual({ status: 200, code: 'ok' })
    // After it, the old key is unknown (the client fetches the key again), the new one works.
    clock += defaultKeyOptions.overlapMs
    expect(await loginWith(a, old, '10.70.0.5')).toEqual({ status: 400, code: 'key_unknown' })
    expect(await loginWith(b, old, '10.70.0.6')).toEqual({ status: 400, code: 'key_unknown' })
    expect(await loginWith(b, na, '10.70.0.7')).toEqual({ status: 200, code: 'ok' })
  })
})
