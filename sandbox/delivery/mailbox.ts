/**
 * Test support: a local SMTP server on 127.0.0.1, port 0, that keeps every message it accepts, read the
 * way a mailbox shows it (envelope, headers, plain-text and HTML parts), and can be told to refuse.
 * Used by the SMTP provider's tests and the reset-email journey.
 * @module
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A message as the SMTP server received it: envelope, headers and the decoded plain-text and HTML parts. */
export interface Received {
  from: string
  to: string[]
  headers: Record<string, string>
  text: string
  html: string
}

// A small reader of the MIME nodemailer writes (multipart/alternative; quoted-printable or base64 parts;
// RFC 2047 encoded words in headers): enough to read what a mailbox would show.
const qp = (s: string): string =>
  Buffer.from(
    s
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, '%$1')
      .split(/(%[0-9A-F]{2})/i)
      .flatMap((part) => (/^%[0-9A-F]{2}$/i.test(part) ? [Number.parseInt(part.slice(1), 16)] : [...Buffer.from(part, 'utf8')])),
  ).toString('utf8')
const words = (s: string): string =>
  s.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : qp(data.replace(/_/g, ' ')),
  )
function headersOf(block: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':')
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = words(line.slice(i + 1).trim())
  }
  return out
}
function parse(raw: string): { headers: Record<string, string>; text: string; html: string } {
  const split = (s: string) => {
    const i = s.search(/\r?\n\r?\n/)
    return { head: s.slice(0, i), body: s.slice(i).replace(/^\r?\n\r?\n/, '') }
  }
  const { head, body } = split(raw)
  const headers = headersOf(head)
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1]
  const parts: Record<string, string> = {}
  for (const chunk of boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw]) {
    const part = split(chunk.replace(/^\r?\n/, ''))
    const h = headersOf(part.head)
    const decoded =
      h['content-transfer-encoding'] === 'base64'
        ? Buffer.from(part.body, 'base64').toString('utf8')
        : h['content-transfer-encoding'] === 'quoted-printable'
          ? qp(part.body)
          : part.body
    parts[(h['content-type'] ?? '').split(';')[0]] = decoded
  }
  return { headers, text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '' }
}

/** A running local mail server. */
export interface Mailbox {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string
  /** Messages accepted and not yet taken by {@link Mailbox.next}. */
  received: Received[]
  /** While true, every message is refused with 451 (a temporary failure). */
  refuse: boolean
  /** The next message accepted (waits for it). */
  next(): Promise<Received>
  close(): Promise<void>
}

/** Starts a {@link Mailbox}: plain SMTP on loopback, no STARTTLS and no sign-in. */
export async function startMailbox(): Promise<Mailbox> {
  const received: Received[] = []
  let arrived: (() => void) | undefined
  const box = { refuse: false }
  const smtp = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate for nodemailer to refuse.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (d: Buffer) => chunks.push(d))
      stream.on('end', () => {
        if (box.refuse) return callback(Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 }))
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          ...parse(Buffer.concat(chunks).toString('utf8')),
        })
        callback()
        arrived?.()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const { port } = smtp.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refuse() {
      return box.refuse
    },
    set refuse(on: boolean) {
      box.refuse = on
    },
    async next() {
      while (received.length === 0) await new Promise<void>((resolve) => (arrived = resolve))
      return received.shift() as Received
    },
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  }
}
