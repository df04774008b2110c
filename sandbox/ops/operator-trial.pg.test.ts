import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../sdk/contract/all.ts'
import { client, sealWithWebCrypto, sliderAnswer } from '../auth/testkit.ts'
import { opsClient, opsKey } from '../backoffice/testkit.ts'
import { stepOf, totpCode } from '../backoffice/totp.ts'
import { openDb, type Db } from '../db/index.ts'
import { postgresForFile } from '../race-testkit.ts'

/**
 * The operator's trial of the production deployment, with real processes instead of containers (this
 * machine has no Docker daemon and no nginx): what compose.yaml runs, from the settings
 * docs/operators.md gives. Two `node sandbox/main.ts --serve` (what `npm run serve` runs) start
 * together on one fresh PostgreSQL database with NODE_ENV=production; a round-robin proxy written here
 * stands in for deploy/nginx.conf (each request to the next instance, X-Forwarded-For appended, a fresh
 * X-Request-Id) and connects from its own address (127.0.0.10), the only one the instances trust, as
 * compose gives nginx a fixed address. Then, as an operator would: `npm run operator:create`, sign-in
 * with password and TOTP through the proxy, a player registers and deposits, a withdrawal approved and
 * maintenance switched on in the back office, both in the audit; ten logins through the proxy; and
 * `npm run sandbox:reset` refused on the production database.
 *
 * Stand-ins: the payment provider is the documented `simulator` (its page pays the order); the SMS
 * provider is a loopback HTTP endpoint in this file (`SMS_URL`, what the player's phone would receive);
 * the slider's gap (which a person reads off the picture) is read from the database.
 */
const repo = resolve(import.meta.dirname, '../..')
const server = postgresForFile()
const proxyAddress = '127.0.0.10'

interface Instance {
  proc: ChildProcess
  url: string
  out: string
  err: string
}

const instances: Instance[] = []
let proxy: Server
let proxyUrl = ''
let sms: Server
/** The SMS the provider stand-in was asked to send. */
const texts: { mobileNum: string; text: string }[] = []
let site: string
let db: Db
let env: Record<string, string>
const startedAt = Date.now()

/** The environment docs/operators.md gives a production instance (its "With Docker" settings). */
function productionEnv(databaseUrl: string, smsUrl: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    PAYMENT_PROVIDER: 'simulator',
    OPERATOR_SECRET_KEY: randomBytes(32).toString('base64'),
    SMTP_URL: 'smtps://user:password@smtp.example.com:465',
    MAIL_FROM: 'Casino <no-reply@casino.example>',
    // compose.yaml's default.
    SITE_URL: 'http://localhost:8080',
    SMS_URL: smsUrl,
    SMS_API_KEY: 'trial-sms-key',
    TRUSTED_PROXIES: proxyAddress,
    EMBED_ORIGINS: '',
    LOG_REQUESTS: 'on',
  }
}

/** Runs `node <script> …args` from the repository with `env`; resolves its exit code and output. */
function run(args: string[], opts: { stdin?: string; cwd?: string } = {}): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done, fail) => {
    const proc = spawn(process.execPath, args, { cwd: opts.cwd ?? repo, env, stdio: ['pipe', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    proc.stdout.on('data', (d) => {
      out += d
    })
    proc.stderr.on('data', (d) => {
      err += d
    })
    proc.on('error', fail)
    proc.on('close', (code) => done({ code, out, err }))
    proc.stdin.end(opts.stdin ?? '')
  })
}

/** Starts `node sandbox/main.ts --serve` (what `npm run serve` runs); resolves once it says where it listens. */
function serve(): Promise<Instance> {
  // `--serve` needs a built site: a tiny one stands in for dist/ (serving the site is not on trial).
  const proc = spawn(process.execPath, [join(repo, 'sandbox/main.ts'), '--serve'], { cwd: site, env, stdio: ['ignore', 'pipe', 'pipe'] })
  const instance: Instance = { proc, url: '', out: '', err: '' }
  instances.push(instance)
  return new Promise((done, fail) => {
    proc.stdout!.on('data', (d) => {
      instance.out += d
      const m = /Lobbykit on (http:\/\/\S+) \(production\)/.exec(instance.out)
      if (m && !instance.url) {
        instance.url = m[1]
        done(instance)
      }
    })
    proc.stderr!.on('data', (d) => {
      instance.err += d
    })
    proc.on('exit', (code) => fail(new Error(`instance exited (${code}) before listening:\n${instance.err}`)))
  })
}

/** deploy/nginx.conf in a few lines: round robin, X-Forwarded-For appended, a fresh X-Request-Id, /metrics refused. */
function startProxy(upstreams: string[]): Promise<Server> {
  let next = 0
  const s = createServer((req, res) => {
    if (req.url === '/metrics') {
      res.writeHead(404).end()
      return
    }
    const pick = next++ % upstreams.length
    const target = new URL(upstreams[pick])
    const forwarded = req.headers['x-forwarded-for']
    const headers = {
      ...req.headers,
      'x-forwarded-for': forwarded ? `${forwarded}, ${req.socket.remoteAddress}` : String(req.socket.remoteAddress),
      'x-request-id': randomUUID().replace(/-/g, ''),
    }
    const up = request({ host: target.hostname, port: target.port, localAddress: proxyAddress, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-trial-upstream': String(pick) })
      answer.pipe(res)
    })
    up.on('error', () => res.writeHead(502).end())
    req.pipe(up)
  })
  return new Promise((done) => s.listen(0, '127.0.0.1', () => done(s)))
}

/** The SMS provider stand-in: records each message and answers 200. */
function startSms(): Promise<Server> {
  const s = createServer((req, res) => {
    let body = ''
    req.on('data', (d) => {
      body += d
    })
    req.on('end', () => {
      texts.push(JSON.parse(body) as { mobileNum: string; text: string })
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
    })
  })
  return new Promise((done) => s.listen(0, '127.0.0.1', () => done(s)))
}

const portOf = (s: Server) => (s.address() as AddressInfo).port

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), 'lk-trial-'))
  mkdirSync(join(site, 'dist', 'site'), { recursive: true })
  mkdirSync(join(site, 'dist', 'embed'), { recursive: true })
  writeFileSync(join(site, 'dist', 'site', 'index.html'), '<!doctype html><title>Lobbykit</title>')
  sms = await startSms()
  env = productionEnv(server.url, `http://127.0.0.1:${portOf(sms)}/v1/messages`)
  // Both instances at the same moment on the empty database (compose starts app1 and app2 together).
  await Promise.all([serve(), serve()])
  proxy = await startProxy(instances.map((i) => i.url))
  proxyUrl = `http://127.0.0.1:${portOf(proxy)}`
  db = await openDb({ databaseUrl: server.url, migrate: false })
})

afterAll(async () => {
  await Promise.all(
    instances.map(
      (i) =>
        new Promise<void>((done) => {
          if (i.proc.exitCode !== null || i.proc.signalCode !== null) return done()
          i.proc.once('exit', () => done())
          i.proc.kill('SIGTERM')
        }),
    ),
  )
  proxy?.closeAllConnections()
  await new Promise((done) => (proxy ? proxy.close(done) : done(undefined)))
  await new Promise((done) => (sms ? sms.close(done) : done(undefined)))
  await db?.close()
  if (site) rmSync(site, { recursive: true, force: true })
  console.info(`operator trial: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`)
})

const player = { username: `trial${process.pid % 100000}`, password: 'trial-pass-2026', mobileNum: '9171234567' }
const operator = { username: 'alice', password: 'a long owner passphrase' }
let totpSecret = ''
const ops = () => opsClient(proxyUrl)
let signedIn: ReturnType<typeof opsClient>
const c = () => client(proxyUrl)

/** A slider answer the way a person gives it: they see the gap in the picture (here: read from the database). */
async function slider(challengeId: string) {
  const [row] = await db.query<{ target: number }>('SELECT target FROM slider_challenges WHERE id = $1', [challengeId])
  return sliderAnswer(challengeId, Number(row.target))
}
async function freshSlider() {
  const r = await c().call('slider', {})
  expect(r.body.code).toBe('ok')
  return slider((r.body.value as { challengeId: string }).challengeId)
}

/** Signs the player in through the proxy; answers the reply and which instance answered it. */
async function playerLogin(): Promise<{ code: string; token: string; by: string | null }> {
  const cl = c()
  const answer = await freshSlider()
  const key = await cl.publicKey()
  const res = await fetch(`${proxyUrl}${endpoints.login.path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Encrypted': '1', Device: 'WEB', Merchant: 'LOBBYKIT' },
    body: JSON.stringify(await sealWithWebCrypto(key, { type: 'username', username: player.username, password: player.password, slider: answer })),
  })
  const body = (await res.json()) as { code: string; value?: { token: string } }
  return { code: body.code, token: body.value?.token ?? '', by: res.headers.get('x-trial-upstream') }
}

describe('the operator trial (production, two instances behind a proxy, PostgreSQL)', () => {
  it('both instances started together and answer /readyz 200, directly and through the proxy', async () => {
    for (const i of instances) {
      const r = await fetch(`${i.url}/readyz`)
      expect(r.status).toBe(200)
      expect(await r.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'current' })
    }
    const seen = new Set<string | null>()
    for (let k = 0; k < 2; k++) {
      const r = await fetch(`${proxyUrl}/readyz`)
      expect(r.status).toBe(200)
      seen.add(r.headers.get('x-trial-upstream'))
    }
    expect(seen).toEqual(new Set(['0', '1']))
    // What the operator reads at start: the simulator's warning, and one JSON log line per request.
    for (const i of instances) expect(i.err).toContain('deposits are FAKE')
    const logged = instances.flatMap((i) => i.out.split('\n').filter((l) => l.startsWith('{')))
    expect(logged.map((l) => JSON.parse(l)).find((l) => l.path === '/readyz')).toMatchObject({ method: 'GET', status: 200, requestId: expect.any(String) })
    // The proxy refuses /metrics; each instance serves its own.
    expect((await fetch(`${proxyUrl}/metrics`)).status).toBe(404)
    expect(await (await fetch(`${instances[0].url}/metrics`)).text()).toContain('http_requests_total')
  })

  it('npm run operator:create makes the first owner, who signs in through the proxy with password and TOTP', async () => {
    const made = await run([join(repo, 'sandbox/ops/operator-create.ts'), '--username', operator.username, '--role', 'owner'], { stdin: `${operator.password}\n` })
    expect([made.code, made.err]).toEqual([0, ''])
    expect(made.out).toContain(`Operator ${operator.username} (owner) created.`)
    totpSecret = /TOTP secret: (\S+)/.exec(made.out)![1]
    expect(made.out).toMatch(/otpauth:\/\/totp\//)

    signedIn = ops()
    const wrong = await signedIn.call('opsSignIn', {
      username: operator.username,
      password: operator.password,
      code: '000000' === totpCode(totpSecret, stepOf(Date.now())) ? '111111' : '000000',
    })
    expect(wrong.body.success).toBe(false)
    const ok = await signedIn.call('opsSignIn', { username: operator.username, password: operator.password, code: totpCode(totpSecret, stepOf(Date.now())) })
    expect([ok.status, ok.body.value]).toEqual([200, { username: operator.username, role: 'owner' }])
    expect(ok.setCookie).toMatch(/HttpOnly/i)
    expect(ok.setCookie).toMatch(/Secure/i)
    // The session is in the database: both instances know it.
    for (let k = 0; k < 2; k++) expect((await signedIn.call('opsMe')).body.value).toEqual({ username: operator.username, role: 'owner' })
  })

  let token = ''
  let withdrawalId = ''
  it('a player registers, deposits through the payment provider and asks to withdraw, all through the proxy', async () => {
    const cl = c()
    // The production seed asks for the mobile number and its SMS code at sign-up: the code arrives at the provider.
    const sent = await cl.call('smsRegister', { mobileNum: player.mobileNum, countryDialingCode: '+63', slider: await freshSlider() })
    expect(sent.body.code).toBe('ok')
    const code = /\d{6}/.exec(texts.find((t) => t.mobileNum === player.mobileNum)?.text ?? '')?.[0]
    expect(code).toMatch(/^\d{6}$/)
    const reg = await cl.call('register', {
      registerMethod: 'WEB',
      login: true,
      termsAccepted: true,
      username: player.username,
      password: player.password,
      confirmPassword: player.password,
      mobileNum: player.mobileNum,
      countryDialingCode: '+63',
      verificationCode: code,
      slider: await freshSlider(),
    })
    expect([reg.body.code, reg.body.fields]).toEqual(['ok', undefined])
    token = (reg.body.value as { token: string }).token

    const order = await cl.call('createDeposit', { channel: 'BANK', amount: 500_00, idempotencyKey: opsKey() }, { token })
    expect(order.body.code).toBe('ok')
    const { orderId, gatewayPath } = order.body.value as { orderId: string; gatewayPath: string }
    // The payer's side: the provider's page, and its pay button.
    expect(await (await fetch(`${proxyUrl}${gatewayPath}`)).text()).toContain(orderId)
    const paid = await fetch(`${proxyUrl}${gatewayPath}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'action=pay' })
    expect(paid.status).toBe(200)
    expect((await cl.call('balance', {}, { token })).body.value).toMatchObject({ sumBalance: 500_00 })

    expect((await cl.call('setRealName', { realName: 'juan dela cruz' }, { token })).body.code).toBe('ok')
    expect((await cl.call('setPaymentPassword', { newPassword: '123456', confirmNewPassword: '123456' }, { token })).body.code).toBe('ok')
    const accounts = await cl.call('addPayoutAccount', { kind: 'bank', provider: 'BDO', accountNo: '1234567890' }, { token })
    const accountId = (accounts.body.value as { accounts: { id: string }[] }).accounts[0].id
    const w = await cl.call('requestWithdrawal', { amount: 200_00, accountId, paymentPassword: '123456', idempotencyKey: opsKey() }, { token })
    expect([w.body.code, w.body.message]).toEqual(['ok', ''])
    withdrawalId = (w.body.value as { id: string }).id
  })

  it('the operator approves the withdrawal and switches maintenance on; both are in the audit with before and after', async () => {
    const queue = await signedIn.call('opsWithdrawals')
    expect(queue.body.value.withdrawals).toContainEqual(expect.objectContaining({ id: withdrawalId, member: player.username, amount: 200_00, status: 'requested' }))
    const approved = await signedIn.call('opsApproveWithdrawal', { id: withdrawalId, idempotencyKey: opsKey() })
    expect(approved.body.value).toMatchObject({ id: withdrawalId, status: 'approved' })

    expect((await signedIn.call('opsSetMaintenance', { maintenance: true, idempotencyKey: opsKey() })).body.value).toEqual({ maintenance: true })
    // Players see it on either instance.
    for (let k = 0; k < 2; k++) expect((await c().call('status', {})).body.value).toMatchObject({ systemStatus: 1 })
    // The back office keeps working while maintenance is on.
    const audit = await signedIn.call('opsAudit')
    const entries = audit.body.value.entries as { operator: string; action: string; target: string; before: unknown; after: unknown; ip: string }[]
    const approve = entries.find((e) => e.action === 'withdrawal.approve')
    expect(approve).toMatchObject({
      operator: operator.username,
      target: withdrawalId,
      before: expect.objectContaining({ status: 'requested' }),
      after: expect.objectContaining({ status: 'approved' }),
    })
    const maint = entries.find((e) => e.action === 'maintenance.set')
    expect(maint).toMatchObject({ operator: operator.username, target: 'system', before: { maintenance: false }, after: { maintenance: true } })
    // The address recorded is the operator's, read from the proxy's X-Forwarded-For, not the proxy's own.
    expect(maint?.ip).toBe('127.0.0.1')

    expect((await signedIn.call('opsSetMaintenance', { maintenance: false, idempotencyKey: opsKey() })).body.value).toEqual({ maintenance: false })
    for (let k = 0; k < 2; k++) expect((await c().call('status', {})).body.value).toMatchObject({ systemStatus: 0 })
  })

  it('the player logs in through the proxy 10 times out of 10, each token working on whichever instance answers next', async () => {
    const results: string[] = []
    const crossed: boolean[] = []
    for (let k = 0; k < 10; k++) {
      const login = await playerLogin()
      const info = await fetch(`${proxyUrl}${endpoints.memberInfo.path}`, { headers: { Authorization: `Bearer ${login.token}`, Device: 'WEB', Merchant: 'LOBBYKIT' } })
      const body = (await info.json()) as { code: string; value?: { account: string } }
      results.push(`${login.code}/${body.code}/${body.value?.account}`)
      crossed.push(login.by !== info.headers.get('x-trial-upstream'))
    }
    expect(results).toEqual(Array(10).fill(`ok/ok/${player.username}`))
    // Each time, the token from one instance's login was used on the other instance.
    expect(crossed).toEqual(Array(10).fill(true))
  })

  it('npm run sandbox:reset on the production database is refused in one line, and the member is still there', async () => {
    const name = new URL(server.url).pathname.slice(1)
    const reset = await run([join(repo, 'sandbox/main.ts'), '--reset-only'])
    expect([reset.code, reset.err, reset.out]).toEqual([
      1,
      `Refusing to wipe database "${name}": NODE_ENV=production and it holds 1 member the demo did not create. If you mean it, run the command again with --yes-wipe=${name}\n`,
      '',
    ])
    const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM members WHERE username = $1', [player.username])
    expect(n).toBe(1)
    // And the site still answers.
    expect((await fetch(`${proxyUrl}/readyz`)).status).toBe(200)
  })

  it('the instances logged no error through the whole trial', () => {
    const lines = instances.flatMap((i) => i.out.split('\n').filter((l) => l.startsWith('{')))
    expect(lines.length).toBeGreaterThan(40)
    expect(lines.map((l) => JSON.parse(l)).filter((l) => l.level !== 'info' || l.status >= 500)).toEqual([])
    if (process.env.TRIAL_SHOW)
      for (const i of instances)
        console.info(
          i.err,
          i.out
            .split('\n')
            .filter((l) => !l.startsWith('{'))
            .join('\n'),
        )
  })
})
