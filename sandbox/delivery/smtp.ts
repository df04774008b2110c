/**
 * The email provider over SMTP, through nodemailer: one connection per message, with time-outs so a
 * mail server that hangs fails the send instead of holding the request.
 * @module
 */
import nodemailer from 'nodemailer'
import { DeliveryError, type EmailSender } from './index.ts'

/** Options of {@link smtpEmail}. */
export interface SmtpOptions {
  /** `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://user:password@host:465` (TLS from the start). */
  url: string
  /** The sender, `Name <address>` or an address. */
  from: string
  /** Milliseconds to connect, to be greeted and between replies (default 10 000). */
  timeoutMs?: number
}

/**
 * Creates the SMTP email provider. Nothing connects until the first send.
 * @example smtpEmail({ url: 'smtps://mailer:secret@smtp.example.com:465', from: 'Lobbykit <no-reply@example.com>' })
 */
export function smtpEmail(opts: SmtpOptions): EmailSender {
  const timeout = opts.timeoutMs ?? 10_000
  const transport = nodemailer.createTransport({ url: opts.url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout })
  return {
    name: 'smtp',
    async send(message) {
      let info: { accepted: unknown[]; rejected: unknown[] }
      try {
        info = await transport.sendMail({ from: opts.from, to: message.to, subject: message.subject, text: message.text, html: message.html })
      } catch (err) {
        throw new DeliveryError(`The mail server refused the message: ${(err as Error).message}`, { cause: err })
      }
      if (info.rejected.length > 0 || info.accepted.length === 0) throw new DeliveryError('The mail server did not accept the recipient.')
    },
  }
}
