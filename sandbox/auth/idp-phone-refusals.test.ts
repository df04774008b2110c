import { describe, expect, it } from 'vitest'
import { idpErrorKeys } from '../../sdk/auth/login.ts'
import { sandboxForFile } from '../testkit.ts'

const { sb } = sandboxForFile()

const post = async (path: string, body: unknown) => {
  const r = await fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.8.1.9' }, body: JSON.stringify(body) })
  return { status: r.status, code: ((await r.json()) as { code?: string }).code }
}

/** The message the app shows for what the dev provider answered. */
const message = (code: string | undefined) => {
  const bare = code?.replace('auth/', '') as keyof typeof idpErrorKeys
  return idpErrorKeys[bare]
}

describe('dev phone provider refusals (SPEC §7 phone-auth messages)', () => {
  it('answers each refusal with a code the app shows its own message for', async () => {
    expect(message((await post('/sandbox/idp/phone/send', { phone: '' })).code)).toBe('auth_phone_missing')
    expect(message((await post('/sandbox/idp/phone/send', { phone: 'abc' })).code)).toBe('auth_phone_invalid_format')
    expect(message((await post('/sandbox/idp/phone/send', { phone: '+1 555 000 0001' })).code)).toBe('auth_phone_captcha_failed')
    expect(message((await post('/sandbox/idp/phone/send', { phone: '+1 555 000 0002' })).code)).toBe('auth_phone_quota')
    expect(message((await post('/sandbox/idp/phone/send', { phone: '+1 555 000 0003' })).code)).toBe('auth_phone_not_enabled')
    expect(message((await post('/sandbox/idp/phone/send', { phone: '+1 555 000 0004' })).code)).toBe('auth_phone_unknown')
    expect(message((await post('/sandbox/idp/phone/verify', { phone: '+63 9175550199', code: '12' })).code)).toBe('auth_phone_code_invalid')
    expect(message((await post('/sandbox/idp/phone/verify', { phone: '+63 9175550199', code: '123456' })).code)).toBe('auth_phone_code_invalid')
  })

  it('refuses a burst of sends with the too-many-requests code', async () => {
    let last: { status: number; code?: string } = { status: 200 }
    for (let i = 0; i < 30 && last.status !== 429; i++) last = await post('/sandbox/idp/phone/send', { phone: `+63 91755502${String(i).padStart(2, '0')}` })
    expect(last.status).toBe(429)
    expect(message(last.code)).toBe('auth_phone_too_many')
  })
})
