import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { endpoints, flagsOf, type WhitelabelNode } from '../../sdk/contract/all.ts'

// `NODE_ENV=production` on a fresh database, as an operator starts it: healthy and ready, one JSON
// log line per request on stdout, and nothing of the demo: no demo account, notice, placeholder
// customer-service line or analytics id, and no partner demo or dev routes.
let child: ChildProcess
let dir: string
let out = ''
let url = ''
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lk-prod-'))
  child = spawn(process.execPath, ['sandbox/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'simulator',
      // Production starts only with message providers (sandbox/delivery/config.ts); nothing is sent here.
      SMTP_URL: 'smtp://127.0.0.1:9',
      MAIL_FROM: 'Lobbykit <no-reply@casino.example>',
      SITE_URL: 'https://casino.example',
      SMS_URL: 'http://127.0.0.1:9/sms',
      SMS_API_KEY: 'unused',
      OPERATOR_SECRET_KEY: 'a production operator key of 32 characters or more',
      DATA_DIR: dir,
      PORT: '0',
      DATABASE_URL: '',
      PLATFORM_URL: '',
      LOG_REQUESTS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d) => (out += d))
  child.stderr?.on('data', (d) => (out += d))
  url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', () => {
      const m = out.match(/Lobbykit on (http:\/\/\S+)/)
      if (m) resolve(m[1])
    })
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)))
  })
})
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
  rmSync(dir, { recursive: true, force: true })
})

const call = async (path: string, headers: Record<string, string> = {}) => fetch(`${url}${path}`, { headers: { Device: 'WEB', Merchant: 'LOBBYKIT', ...headers } })

it('starts ready, logs each request as one JSON line, and serves nothing of the demo', async () => {
  expect((await call('/healthz')).status).toBe(200)
  expect(await (await call('/readyz')).json()).toMatchObject({ status: 'ready' })
  expect(out).not.toContain('Partner demo')
  expect(out).not.toContain('Demo accounts')

  const status = (await (await call(endpoints.status.path, { 'X-Request-Id': 'op-check-1' })).json()).value
  expect(status.analytics.gtagId).toBe('')
  const lines = JSON.stringify(status.customerService)
  expect(lines).not.toContain('wa.me')
  expect(lines).not.toContain('t.me')
  expect(status.resources.map((r: { resourceType: string }) => r.resourceType)).toEqual(['LITE'])

  // Every notice type: none (the catalogue's banners stay).
  const notices = (await (await call(endpoints.announcements.path)).json()).value as Record<string, unknown[]>
  for (const [kind, list] of Object.entries(notices)) if (kind !== 'banners') expect([kind, list]).toEqual([kind, []])
  // The dev routes are not there.
  expect((await call('/sandbox/inbox')).status).toBe(404)
  // The seed switches Google and Facebook sign-in on, but no provider is configured: no dead button,
  // no popup, and the start said so.
  const flags = flagsOf(status.whitelabel as WhitelabelNode[])
  expect([flags.GOOGLELOGIN3, flags.FBLOGIN3]).toEqual([false, false])
  expect((await call('/sandbox/idp/authorize?provider=google')).status).toBe(404)
  expect(out).toContain('Sign-in switched on with no provider, its button hidden: Google (GOOGLELOGIN3; set OIDC_GOOGLE_ISSUER, _CLIENT_ID, _CLIENT_SECRET)')

  await expect.poll(() => out.split('\n').find((l) => l.includes('"op-check-1"'))).toBeTruthy()
  const line = JSON.parse(out.split('\n').find((l) => l.includes('"op-check-1"')) as string)
  expect(line).toMatchObject({ level: 'info', method: 'GET', path: endpoints.status.path, status: 200, requestId: 'op-check-1' })
})
