/**
 * Message delivery: the one way SMS codes and emails leave the platform. An email provider (SMTP,
 * ./smtp.ts), an SMS provider (HTTP, ./http-sms.ts) and, outside production, the dev inbox
 * (./dev-inbox.ts) implement the same two interfaces; configuration picks them (./config.ts).
 * Flows call {@link sendSms} and {@link sendEmail}, which write the message in the request's language.
 * @module
 */
import type { Language } from '../../sdk/contract/all.ts'
import { Fail } from '../http/fail.ts'
import { type EmailNotice, renderEmail, type SmsNotice, smsText } from './messages.ts'

export type { EmailNotice, SmsNotice } from './messages.ts'

/** An email as a provider sends it. */
export interface EmailMessage {
  to: string
  subject: string
  text: string
  html: string
  /** What the dev inbox keeps beside the text (purpose, code, link path, username); never sent. */
  facts: Record<string, unknown>
}

/** An SMS as a provider sends it. */
export interface SmsMessage {
  countryDialingCode: string
  mobileNum: string
  text: string
  /** What the dev inbox keeps beside the text (purpose, code, password); never sent. */
  facts: Record<string, unknown>
}

/** Sends emails. `send` resolves once the provider accepted the message and throws otherwise. */
export interface EmailSender {
  /** `smtp` or `dev-inbox`, for logs. */
  readonly name: string
  send(message: EmailMessage): Promise<void>
}

/** Sends SMS. `send` resolves once the provider accepted the message and throws otherwise. */
export interface SmsSender {
  /** `http` or `dev-inbox`, for logs. */
  readonly name: string
  send(message: SmsMessage): Promise<void>
}

/** The providers a platform sends through: null where none is configured (that channel's flows answer `not_enabled`). */
export interface Delivery {
  email: EmailSender | null
  sms: SmsSender | null
  /** The site's public address (SITE_URL), before the paths of links in emails; empty in development. */
  siteUrl: string
}

/** A provider refused or did not answer: its message says which and why, never the message's content. */
export class DeliveryError extends Error {
  override name = 'DeliveryError'
}

/** Seconds a player is told to wait before asking again after a failed send. */
export const DELIVERY_RETRY_SECONDS = 30

const unsent = (channel: 'SMS' | 'email', cause: unknown): Fail => {
  const fail = new Fail('busy', `We could not send the ${channel} just now. Try again in a moment.`, {
    value: { retryAfter: DELIVERY_RETRY_SECONDS },
  })
  // The handler logs the cause with the request id (sandbox/http/handle.ts); the player sees only the line above.
  fail.cause = cause
  return fail
}

/**
 * Sends `notice` by SMS to a number, in `language`.
 * @throws Fail('not_enabled') when no SMS provider is configured; Fail('busy') (retryable, `value.retryAfter`) when the provider failed
 */
export async function sendSms(deps: { delivery: Delivery; language?: Language }, to: { dial: string; mobile: string }, notice: SmsNotice): Promise<void> {
  const sms = deps.delivery.sms
  if (!sms) throw new Fail('not_enabled', 'Sending SMS is not set up on this platform.')
  const facts = notice.kind === 'password' ? { purpose: 'register_password', password: notice.password } : { code: notice.code, purpose: notice.purpose }
  try {
    await sms.send({ countryDialingCode: to.dial, mobileNum: to.mobile, text: smsText(notice, deps.language ?? 'en'), facts })
  } catch (err) {
    throw unsent('SMS', err)
  }
}

/**
 * Sends `notice` by email to an address, in `language`.
 * @throws Fail('not_enabled') when no email provider is configured; Fail('busy') (retryable, `value.retryAfter`) when the provider failed
 */
export async function sendEmail(deps: { delivery: Delivery; language?: Language }, to: string, notice: EmailNotice): Promise<void> {
  const email = deps.delivery.email
  if (!email) throw new Fail('not_enabled', 'Sending email is not set up on this platform.')
  const facts = notice.kind === 'reset' ? { username: notice.username, link: notice.path, purpose: 'reset' } : { code: notice.code, purpose: notice.purpose }
  try {
    await email.send({ to, ...renderEmail(notice, deps.language ?? 'en', deps.delivery.siteUrl), facts })
  } catch (err) {
    throw unsent('email', err)
  }
}
