import { type AddressInfo, createServer as createNetServer, type Socket } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../auth/accounts.ts'
import { hashPassword, testCost } from '../auth/password.ts'
import { client, inbox, login, setFlag } from '../auth/testkit.ts'
import { type Sandbox, startSandbox } from '../testing.ts'
import { renderEmail } from './messages.ts'
import { DeliveryError } from './index.ts'
import { type Mailbox, startMailbox } from './mailbox.ts'
import { smtpEmail } from './smtp.ts'

// A password reset mailed for real: the sandbox's SMTP provider (nodemailer) talks to a local SMTP
// server on port 0, which hands each message it receives to the test. The link in it works, once.

let smtp: Mailbox
let sb: Sandbox
let c: ReturnType<typeof client>
/** The server's log lines (requests and errors). */
const logged: string[] = []

beforeAll(async () => {
  smtp = await startMailbox()
  sb = await startSandbox({
    delivery: { email: smtpEmail({ url: smtp.url, from: 'Lobbykit <no-reply@casino.example>' }), siteUrl: 'https://casino.example' },
    logger: (line) => logged.push(line),
  })
  c = client(sb.url)
})
afterAll(async () => {
  await sb?.close()
  await smtp?.close()
})

const tokenIn = (link: string): string => link.slice(link.indexOf('#reset=') + '#reset='.length)

describe('password reset by email over SMTP', () => {
  it('mails the member a plain-text and HTML message whose link sets a new password once', async () => {
    const asked = await c.call('forgotEmail', { username: 'demo01', email: 'DEMO01@example.com' }, { ip: '198.51.100.90' })
    expect(asked.body.code).toBe('ok')
    const mail = await smtp.next()
    expect(mail.to).toEqual(['demo01@example.com'])
    expect(mail.from).toBe('no-reply@casino.example')
    expect(mail.headers.from).toBe('Lobbykit <no-reply@casino.example>')
    expect(mail.headers.subject).toBe('Reset your password')
    expect(mail.text).toContain('Hello demo01,')
    const link = /https:\/\/casino\.example\/forget#reset=[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0] as string
    expect(link).toBeTruthy()
    // The HTML part carries the same link as a link.
    expect(mail.html).toContain(`<a href="${link}">Choose a new password</a>`)
    // Sent for real, so not to the dev inbox.
    expect((await inbox(sb.url)).email).toEqual([])

    const reset = (token: string) => c.call('resetByLink', { token, newPassword: 'Mailed5678x', confirmNewPassword: 'Mailed5678x' })
    expect((await reset(tokenIn(link))).body.code).toBe('ok')
    expect((await reset(tokenIn(link))).body.code).toBe('reset_link_invalid')
  })

  it('writes in the language the request asked in, with the link to that language’s page', async () => {
    const asked = await c.call('forgotEmail', { username: 'agent02', email: 'agent02@example.com' }, { ip: '198.51.100.91', headers: { Language: 'es' } })
    expect(asked.body.code).toBe('ok')
    const mail = await smtp.next()
    expect(mail.to).toEqual(['agent02@example.com'])
    expect(mail.headers.subject).toBe('Restablece tu contraseña')
    expect(mail.text).toContain('Hola, agent02:')
    expect(mail.text).toMatch(/https:\/\/casino\.example\/es\/forget#reset=[A-Za-z0-9_-]{43}/)
    expect(mail.html).toContain('<html lang="es">')
  })

  it('a mail server that refuses: a retryable error, no live link, and the request not counted against the member', async () => {
    smtp.refuse = true
    // Three refusals: the account's limit is three requests an hour, so counted they would block the fourth.
    for (const ip of ['198.51.100.92', '198.51.100.93', '198.51.100.94']) {
      const r = await c.call('forgotEmail', { username: 'agent01', email: 'agent01@example.com' }, { ip })
      expect([r.status, r.body.code]).toEqual([503, 'busy'])
      expect(r.body.message).toBe('We could not send the email just now. Try again in a moment.')
      expect(r.body.value).toEqual({ retryAfter: 30 })
    }
    expect(smtp.received).toEqual([])
    // The links made for the refused messages are dead: none of agent01's links works.
    const live = await sb.db.query(`SELECT 1 FROM password_reset_links l JOIN members m ON m.id = l.member_id WHERE m.username = 'agent01' AND l.used_at IS NULL`)
    expect(live).toEqual([])
    // The operator's log says why, with the request's id; the player's answer does not.
    const errors = logged.map((l) => JSON.parse(l)).filter((l) => l.level === 'error')
    expect(errors).toHaveLength(3)
    expect(JSON.stringify(errors[0])).toContain('451 mailbox busy')
    smtp.refuse = false
    const r = await c.call('forgotEmail', { username: 'agent01', email: 'agent01@example.com' }, { ip: '198.51.100.95' })
    expect(r.body.code).toBe('ok')
    const mail = await smtp.next()
    expect(mail.to).toEqual(['agent01@example.com'])
  })
})

describe('codes by email over SMTP', () => {
  it('send the second-step code to a member with no phone, in the request’s language, and the code signs in', async () => {
    await setFlag(sb.url, 'SECONDSTEP3', true)
    await createMember(sb.db, { username: 'mailstep1', passwordHash: await hashPassword('mailstep12', testCost), email: 'mailstep1@example.com' }, Date.now())
    const ip = '198.51.100.96'
    const first = await login(c, sb.url, 'mailstep1', 'mailstep12', { ip, headers: { Language: 'vi' } })
    expect([first.body.code, first.body.value]).toEqual(['second_step_required', { channel: 'email', destination: 'm***@example.com' }])
    const mail = await smtp.next()
    expect(mail.to).toEqual(['mailstep1@example.com'])
    expect(mail.headers.subject).toBe('Mã đăng nhập của bạn')
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] as string
    expect(mail.text).toContain(`Mã xác nhận lần đăng nhập này là ${code}.`)
    expect(mail.html).toContain(`<strong>${code}</strong>`)
    expect((await login(c, sb.url, 'mailstep1', 'mailstep12', { ip, secondStepCode: code })).body.code).toBe('ok')
  })
})

describe('the SMTP provider', () => {
  it('asked to require TLS (production, smtp://), sends nothing to a server that cannot upgrade', async () => {
    const strict = smtpEmail({ url: smtp.url, from: 'no-reply@casino.example', requireTls: true })
    const err = await strict.send({ to: 'demo01@example.com', subject: 's', text: 't', html: '<p>t</p>', facts: {} }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(DeliveryError)
    expect(smtp.received).toEqual([])
  })

  it('signs in with the user and password of SMTP_URL', async () => {
    const logins: { username?: string | null; password?: string | null }[] = []
    const authed = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        logins.push({ username: auth.username, password: auth.password })
        callback(null, { user: auth.username })
      },
      onData(stream, _session, callback) {
        stream.resume()
        stream.on('end', () => callback())
      },
    })
    await new Promise<void>((resolve) => authed.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = authed.server.address() as AddressInfo
      await smtpEmail({ url: `smtp://mailer:s%40cret@127.0.0.1:${port}`, from: 'no-reply@casino.example' }).send({
        to: 'a@example.com',
        subject: 's',
        text: 't',
        html: 't',
        facts: {},
      })
      expect(logins).toEqual([{ username: 'mailer', password: 's@cret' }])
    } finally {
      await new Promise<void>((resolve) => authed.close(resolve))
    }
  })

  it('gives up on a server that never greets, after its time-out', async () => {
    const sockets: Socket[] = []
    const silent = createNetServer((socket) => void sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = silent.address() as AddressInfo
      const err = await smtpEmail({ url: `smtp://127.0.0.1:${port}`, from: 'no-reply@casino.example', timeoutMs: 200 })
        .send({ to: 'a@example.com', subject: 's', text: 't', html: 't', facts: {} })
        .catch((e: unknown) => e)
      expect(err).toBeInstanceOf(DeliveryError)
      // Which of the three time-outs fires is the client's detail: on a loaded machine even the
      // local connection can take longer than 200 ms (CI, stop 48: "Connection timeout").
      expect((err as Error).message).toMatch(/^The mail server did not take the message: (Timeout|Greeting never received|Connection timeout)/)
    } finally {
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
  })
})

describe('the email texts', () => {
  it('escape what comes from the member in the HTML part and keep it as typed in the plain text', () => {
    const mail = renderEmail({ kind: 'reset', username: '<img src=x onerror=alert(1)>&"', path: '/forget#reset=abc', minutes: 15 }, 'en', 'https://casino.example')
    expect(mail.html).not.toContain('<img')
    expect(mail.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;&amp;&quot;,')
    expect(mail.text).toContain('Hello <img src=x onerror=alert(1)>&",')
  })

  it('exist in every language the platform speaks, each its own', () => {
    const subjects = (['en', 'es', 'cn', 'vi'] as const).map((lang) => renderEmail({ kind: 'code', purpose: 'bind', code: '123456', minutes: 5 }, lang, '').subject)
    expect(new Set(subjects).size).toBe(4)
    expect(subjects).toEqual(['Your verification code', 'Tu código de verificación', '您的验证码', 'Mã xác minh của bạn'])
  })
})
