import { describe, expect, it } from 'vitest'
import { inbox, login, type Reply } from '../../sandbox/auth/testkit.ts'
import { sandboxForFile } from '../../sandbox/testkit.ts'

// A forgotten password is reset through a single-use link valid 15 minutes; asking
// changes nothing (the old password keeps working) and answers the same whether or not the pair exists.
let clock = Date.now()
const { sb, c } = sandboxForFile({ now: () => clock })

const tokenOf = (r: Reply): string => {
  expect(r.body.code).toBe('ok')
  return (r.body.value as { token: string }).token
}

/** Asks for a reset link for agent02 and returns the token from the newest email of the dev inbox. */
async function askLink(ip: string): Promise<string> {
  expect((await c.call('forgotEmail', { username: 'Agent02', email: 'AGENT02@example.com' }, { ip })).body.code).toBe('ok')
  const mail = (await inbox(sb.url)).email.find((e) => e.username === 'agent02' && e.purpose === 'reset')
  const link = String(mail?.link)
  expect(link).toMatch(/^\/forget#reset=[A-Za-z0-9_-]{43}$/)
  expect(JSON.stringify(mail)).not.toMatch(/temporaryPassword/)
  return link.slice(link.indexOf('=') + 1)
}

const reset = (token: string, newPassword: string, confirmNewPassword = newPassword) => c.call('resetByLink', { token, newPassword, confirmNewPassword })

describe('password reset by email', () => {
  it('answers a matching and a wrong pair alike, and mails nothing for the wrong one', async () => {
    const before = (await inbox(sb.url)).email.length
    const wrong = await c.call('forgotEmail', { username: 'demo01', email: 'someone@example.test' }, { ip: '198.51.100.61' })
    const missing = await c.call('forgotEmail', { username: 'nobody-here', email: 'nobody@example.test' }, { ip: '198.51.100.62' })
    const right = await c.call('forgotEmail', { username: 'demo01', email: 'demo01@example.com' }, { ip: '198.51.100.63' })
    expect([wrong.status, wrong.body]).toEqual([right.status, right.body])
    expect([missing.status, missing.body]).toEqual([right.status, right.body])
    expect((await inbox(sb.url)).email.length).toBe(before + 1)
  })

  it('keeps the old password until the link is used; the link checks the policy, then resets once and signs everyone out', async () => {
    const ip = '198.51.100.64'
    const session = tokenOf(await login(c, sb.url, 'agent02', 'agent1234', { ip }))
    const launched = await c.call('launchGame', { nodeId: 'PG-0002', language: 'en' }, { token: session })
    const game = `${sb.url}/sandbox/cdn1/${(launched.body.value as { content: string }).content}`
    const round = async (key: string) =>
      (
        (await (
          await fetch(`${game}/round`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ stake: 100, idempotencyKey: key }) })
        ).json()) as { code: string }
      ).code
    const token = await askLink(ip)
    // Asking is not resetting: the old password and the open session still work.
    expect((await login(c, sb.url, 'agent02', 'agent1234', { ip })).body.code).toBe('ok')
    expect((await c.call('memberInfo', {}, { token: session })).body.code).toBe('ok')
    expect(await round('reset-round-before-link')).toBe('ok')
    // A refused password leaves the link usable.
    expect((await reset(token, 'abc')).body.code).toBe('validation_failed')
    expect((await reset(token, 'linkpass12', 'linkpass13')).body.fields).toEqual({ confirmNewPassword: 'err_field_mismatch' })
    expect((await reset(token, 'linkpass12')).body.code).toBe('ok')
    expect((await c.call('memberInfo', {}, { token: session })).body.code).toBe('session_expired')
    // The game it launched stops too.
    expect(await round('reset-round-after-link')).toBe('session_expired')
    expect((await login(c, sb.url, 'agent02', 'agent1234', { ip })).body.code).toBe('invalid_credentials')
    expect((await login(c, sb.url, 'agent02', 'linkpass12', { ip })).body.value).toMatchObject({ passwordExpired: false })
    // Single use: the second try is refused and changes nothing.
    const again = await reset(token, 'otherpass34')
    expect([again.status, again.body.code]).toEqual([410, 'reset_link_invalid'])
    expect((await login(c, sb.url, 'agent02', 'linkpass12', { ip })).body.code).toBe('ok')
  })

  it('refuses a link after 15 minutes, and an older link once a newer one was sent', async () => {
    const ip = '198.51.100.65'
    // agent02's password as it is (the link test above may have reset it): the refused links leave it so.
    const hash = async () => (await sb.db.query<{ h: string }>("SELECT password_hash AS h FROM members WHERE username = 'agent02'"))[0].h
    const before = await hash()
    const first = await askLink(ip)
    const second = await askLink(ip)
    expect((await reset(first, 'stalepass12')).body.code).toBe('reset_link_invalid')
    clock += 15 * 60_000 + 1000
    const late = await reset(second, 'latepass12')
    expect([late.status, late.body.code]).toEqual([410, 'reset_link_expired'])
    expect((await reset('x'.repeat(43), 'guesspass12')).body.code).toBe('reset_link_invalid')
    expect(await hash()).toBe(before)
  })

  it('is rate limited per account name, whether or not it exists', async () => {
    const codes = []
    for (let i = 0; i < 4; i++) codes.push((await c.call('forgotEmail', { username: 'member13', email: 'member13@example.test' }, { ip: `198.51.100.${70 + i}` })).body.code)
    expect(codes).toEqual(['ok', 'ok', 'ok', 'rate_limited'])
  })
})
