import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { whitelabelFlags, type WhitelabelFlag } from '../../sdk/contract/all.ts'
import { createApp, createDeps } from '../app.ts'
import { runMain, sandboxForFile } from '../testkit.ts'
import { deliveryFromEnv, deliveryRefusal, smsFlowsOn } from './config.ts'

// Which providers send the messages is configuration; production starts only with a provider for every
// flow that sends, and never serves or fills the dev inbox.

const { sb } = sandboxForFile()

const production = {
  NODE_ENV: 'production',
  PAYMENT_PROVIDER: 'simulator',
  PORT: '0',
  PARTNER_PORT: '0',
  DATABASE_URL: '',
  PLATFORM_URL: '',
  LOG_REQUESTS: 'off',
  OPERATOR_SECRET_KEY: 'a production operator key of 32 characters or more',
}
const mail = { SMTP_URL: 'smtps://mailer:secret@smtp.casino.example:465', MAIL_FROM: 'Lobbykit <no-reply@casino.example>', SITE_URL: 'https://casino.example' }
const noDelivery = { SMTP_URL: '', MAIL_FROM: '', SITE_URL: '', SMS_URL: '', SMS_API_KEY: '', SMS_API_KEY_HEADER: '' }
const flagsWith = (on: WhitelabelFlag[]) => Object.fromEntries(whitelabelFlags.map((f) => [f, on.includes(f)])) as Record<WhitelabelFlag, boolean>
const errorOf = (env: Record<string, string>, prod = true) => {
  const r = deliveryFromEnv(env, prod)
  return 'error' in r ? r.error : null
}

describe('delivery settings', () => {
  it('pick SMTP and HTTP SMS when named, and nothing otherwise (the dev inbox takes over outside production)', () => {
    const r = deliveryFromEnv({ ...mail, SMS_URL: 'https://sms.example.com/v1/messages', SMS_API_KEY: 'k' }, true)
    expect('delivery' in r && r.delivery.email?.name).toBe('smtp')
    expect('delivery' in r && r.delivery.sms?.name).toBe('http')
    expect('delivery' in r && r.delivery.siteUrl).toBe('https://casino.example')
    expect(deliveryFromEnv({}, false)).toEqual({ delivery: { siteUrl: '' } })
  })

  it('name the setting that cannot be used', () => {
    expect(errorOf({ ...mail, SMTP_URL: 'mail.example.com' })).toBe('SMTP_URL is not an address: write it like smtps://user:password@smtp.example.com:465.')
    expect(errorOf({ ...mail, SMTP_URL: 'https://mail.example.com' })).toMatch(/^SMTP_URL must start with smtp:\/\/ or smtps:\/\//)
    expect(errorOf({ ...mail, MAIL_FROM: '' })).toMatch(/^MAIL_FROM is needed with SMTP_URL/)
    expect(errorOf({ ...mail, MAIL_FROM: 'Lobbykit' })).toMatch(/^MAIL_FROM is needed with SMTP_URL/)
    expect(errorOf({ ...mail, SITE_URL: '' })).toMatch(/^SITE_URL is needed with SMTP_URL/)
    expect(errorOf({ ...mail, SITE_URL: '' }, false)).toBeNull()
    expect(errorOf({ SMS_URL: 'http://sms.example.com/send', SMS_API_KEY: 'k' })).toMatch(/^SMS_URL must start with https:\/\/ in production/)
    expect(errorOf({ SMS_URL: 'http://127.0.0.1:9000/send', SMS_API_KEY: 'k' })).toBeNull()
    expect(errorOf({ SMS_URL: 'https://sms.example.com/send' })).toMatch(/^SMS_API_KEY is needed with SMS_URL/)
    expect(errorOf({ SMS_URL: 'https://sms.example.com/send', SMS_API_KEY: 'k', SMS_API_KEY_HEADER: 'X Key' })).toMatch(/^SMS_API_KEY_HEADER=X Key is not a header name/)
  })

  it('refuse production without an email provider, and without an SMS provider while a flow that sends SMS is on', () => {
    const r = deliveryFromEnv(mail, true)
    if ('error' in r) throw new Error(r.error)
    const delivery = r.delivery
    expect(deliveryRefusal({})).toMatch(/^NODE_ENV=production needs an email provider .*: set SMTP_URL/)
    expect(deliveryRefusal(delivery, flagsWith([]))).toBeNull()
    expect(deliveryRefusal(delivery, flagsWith(['MOBILENUMREG3', 'MOBILENUMPASSREG3', 'FREEPLAY3']))).toBeNull()
    expect(deliveryRefusal(delivery, flagsWith(['REGSMS3']))).toBe(
      "NODE_ENV=production needs an SMS provider while REGSMS3 is switched on: set SMS_URL and SMS_API_KEY, or switch it off (UPDATE whitelabel SET enabled = false WHERE mod_id IN ('REGSMS3')).",
    )
    expect(smsFlowsOn(flagsWith(['MOBILEVERCODELOGIN3', 'PHONEVERIFY3', 'SECONDSTEP3', 'MOBILENUMREG3']))).toEqual([
      'MOBILEVERCODELOGIN3',
      'PHONEVERIFY3',
      'SECONDSTEP3',
      'MOBILENUMREG3',
    ])
  })

  it('in production with no provider given: no dev inbox, and a send answers not_enabled instead of landing anywhere', async () => {
    const app = createApp(createDeps(sb.db, { production: true }))
    const headers = { Device: 'WEB', Merchant: 'LOBBYKIT', 'Content-Type': 'application/json' }
    expect((await app.request('/sandbox/inbox')).status).toBe(404)
    const r = await app.request('/wps/member/password/email', { method: 'POST', headers, body: JSON.stringify({ username: 'demo01', email: 'demo01@example.com' }) })
    expect(await r.json()).toMatchObject({ code: 'not_enabled' })
  })
})

describe('npm start in production', () => {
  it('refuses without an email provider, in one line naming SMTP_URL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lk-mail-'))
    try {
      const { code, out } = await runMain([], { ...production, ...noDelivery, DATA_DIR: dir })
      expect(code).toBe(1)
      // The last line says why (the line before warns that the payment simulator fakes deposits).
      expect(out.trim().split('\n').at(-1)).toBe(
        'NODE_ENV=production needs an email provider for password-reset and verification emails: set SMTP_URL (like smtps://user:password@smtp.example.com:465), MAIL_FROM and SITE_URL.',
      )
      // It said so before making a database: the directory is as it was given.
      expect(readdirSync(dir)).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses with the SMS flows of a fresh database switched on and no SMS provider, in one line naming SMS_URL and the flows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lk-sms-'))
    try {
      const { code, out } = await runMain([], { ...production, ...noDelivery, ...mail, DATA_DIR: dir })
      expect(code).toBe(1)
      const lines = out.trim().split('\n')
      expect(lines.at(-1)).toBe(
        'NODE_ENV=production needs an SMS provider while MOBILEVERCODELOGIN3, REGSMS3, PHONEVERIFY3 are switched on: set SMS_URL and SMS_API_KEY, ' +
          "or switch them off (UPDATE whitelabel SET enabled = false WHERE mod_id IN ('MOBILEVERCODELOGIN3', 'REGSMS3', 'PHONEVERIFY3')).",
      )
      expect(out).not.toContain('Lobbykit on')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
