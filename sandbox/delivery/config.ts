/**
 * Which providers send the platform's messages, read from the environment, and the production rule:
 * no start while a flow that sends email or SMS is switched on with no provider for it.
 *
 * Environment: SMTP_URL and MAIL_FROM (the email provider), SITE_URL (the site's public address, the
 * start of links in emails; needed with SMTP_URL in production), SMS_URL and SMS_API_KEY (the SMS
 * provider), SMS_API_KEY_HEADER (the header carrying the key; `X-API-Key` by default).
 * @module
 */
import type { WhitelabelFlag } from '../../sdk/contract/all.ts'
import type { EmailSender, SmsSender } from './index.ts'
import { httpSms } from './http-sms.ts'
import { smtpEmail } from './smtp.ts'

type Env = Record<string, string | undefined>
/** The providers the environment names; a channel it names none for is left out. */
export type DeliverySettings = { email?: EmailSender; sms?: SmsSender; siteUrl: string }

const loopback = new Set(['127.0.0.1', 'localhost', '[::1]'])

const address = (name: string, raw: string, protocols: readonly string[], example: string): URL | string => {
  let u: URL
  try {
    u = new URL(raw)
  } catch {
    return `${name} is not an address: write it like ${example}.`
  }
  if (!protocols.includes(u.protocol)) return `${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}: write it like ${example}.`
  return u
}

/**
 * The providers the environment asks for: email over SMTP when SMTP_URL is set, SMS over HTTP when
 * SMS_URL is set. Outside production a channel left out goes to the dev inbox (sandbox/app.ts); in
 * production it has none.
 * @returns the providers, or `error`: the one line naming the setting that cannot be used
 */
export function deliveryFromEnv(env: Env, production: boolean): { delivery: DeliverySettings } | { error: string } {
  const smtpUrl = env.SMTP_URL?.trim()
  const from = env.MAIL_FROM?.trim()
  const site = env.SITE_URL?.trim()
  const smsUrl = env.SMS_URL?.trim()
  const apiKey = env.SMS_API_KEY?.trim()
  const header = env.SMS_API_KEY_HEADER?.trim()

  let siteUrl = ''
  if (site) {
    const u = address('SITE_URL', site, ['https:', 'http:'], 'https://casino.example')
    if (typeof u === 'string') return { error: u }
    siteUrl = u.origin
  }

  let email: EmailSender | undefined
  if (smtpUrl) {
    const u = address('SMTP_URL', smtpUrl, ['smtp:', 'smtps:'], 'smtps://user:password@smtp.example.com:465')
    if (typeof u === 'string') return { error: u }
    if (!from || !/^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/.test(from)) {
      return { error: 'MAIL_FROM is needed with SMTP_URL: write the sender like Lobbykit <no-reply@casino.example>.' }
    }
    if (production && !siteUrl) return { error: 'SITE_URL is needed with SMTP_URL: links in emails start with it; write it like https://casino.example.' }
    // In production a plain smtp:// server must upgrade to TLS before anything is sent (but on this machine).
    email = smtpEmail({ url: smtpUrl, from, requireTls: production && u.protocol === 'smtp:' && !loopback.has(u.hostname) })
  }

  let sms: SmsSender | undefined
  if (smsUrl) {
    const u = address('SMS_URL', smsUrl, ['https:', 'http:'], 'https://sms.example.com/v1/messages')
    if (typeof u === 'string') return { error: u }
    if (production && u.protocol === 'http:' && !loopback.has(u.hostname)) {
      return { error: 'SMS_URL must start with https:// in production (the API key travels with every message).' }
    }
    if (!apiKey) return { error: 'SMS_API_KEY is needed with SMS_URL: set the key the SMS provider gave you.' }
    if (header !== undefined && header !== '' && !/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(header)) {
      return { error: `SMS_API_KEY_HEADER=${header} is not a header name: write it like X-API-Key.` }
    }
    sms = httpSms({ url: smsUrl, apiKey, header: header || undefined })
  }
  return { delivery: { ...(email && { email }), ...(sms && { sms }), siteUrl } }
}

/**
 * The switches whose flows send SMS while on: SMS login, registration codes, reset by phone, the
 * second step (to members with a phone), and mobile registration without a password of one's own (the
 * platform sends it).
 */
export function smsFlowsOn(flags: Record<WhitelabelFlag, boolean>): WhitelabelFlag[] {
  const on: WhitelabelFlag[] = (['MOBILEVERCODELOGIN3', 'REGSMS3', 'PHONEVERIFY3', 'SECONDSTEP3'] as const).filter((f) => flags[f])
  if (flags.MOBILENUMREG3 && !flags.MOBILENUMPASSREG3) on.push('MOBILENUMREG3')
  return on
}

/**
 * Why production must not start with these providers and switches, or null. Email flows (reset links,
 * sign-in and verification codes) have no switch, so production always needs an email provider; the
 * SMS provider is checked against `flags` when given (they are read from the database).
 */
export function deliveryRefusal(delivery: { email?: EmailSender | null; sms?: SmsSender | null }, flags?: Record<WhitelabelFlag, boolean>): string | null {
  if (!delivery.email) {
    return 'NODE_ENV=production needs an email provider for password-reset and verification emails: set SMTP_URL (like smtps://user:password@smtp.example.com:465), MAIL_FROM and SITE_URL.'
  }
  const sms = flags ? smsFlowsOn(flags) : []
  if (sms.length > 0 && !delivery.sms) {
    return (
      `NODE_ENV=production needs an SMS provider while ${sms.join(', ')} ${sms.length > 1 ? 'are' : 'is'} switched on: set SMS_URL and SMS_API_KEY, ` +
      `or switch ${sms.length > 1 ? 'them' : 'it'} off (UPDATE whitelabel SET enabled = false WHERE mod_id IN (${sms.map((f) => `'${f}'`).join(', ')})).`
    )
  }
  return null
}
