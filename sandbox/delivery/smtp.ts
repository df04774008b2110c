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
  /** With `smtp://`: refuse to send unless the server upgrades to TLS (STARTTLS), so the password and messages never cross in clear. */
  requireTls?: boolean
}

/**
 * Creates the SMTP email provider. Nothing connects until the first send.
 * @example smtpEmail({ url: 'smtps://mailer:secret@smtp.example.com:465', from: 'Lobbykit <no-reply@example.com>' })
 */
export function smtpEmail(opts: SmtpOptions): EmailSender {
  const timeout = opts.timeoutMs ?? 10_000
  // Read here rather than passed as `url`: nodemailer builds a transport from a `url` alone and drops
  // every other option given with it (the time-outs, requireTLS).
  const u = new URL(opts.url)
  const user = decodeURIComponent(u.username)
  const transport = nodemailer.createTransport({
    host: u.hostname.replace(/^\[(.*)\]$/, '$1'),
    // No port: nodemailer's default for the scheme (465 with smtps, else 587).
    port: u.port ? Number(u.port) : undefined,
    secure: u.protocol === 'smtps:',
    auth: user ? { user, pass: decodeURIComponent(u.password) } : undefined,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    requireTLS: opts.requireTls ?? false,
  })
  return {
    name: 'smtp',
    async send(message) {
      let info: { accepted: unknown[]; rejected: unknown[] }
      try {
        info = await transport.sendMail({ from: opts.from, to: message.to, subject: message.subject, text: message.text, html: message.html })
      } catch (err) {
        throw new DeliveryError(`The mail server did not take the message: ${(err as Error).message}`, { cause: err })
      }
      if (info.rejected.length > 0 || info.accepted.length === 0) throw new DeliveryError('The mail server did not accept the recipient.')
    },
  }
}
