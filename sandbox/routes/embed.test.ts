import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../testing.ts'
import { client, login } from '../auth/testkit.ts'
import { HANDOFF_TTL_MS } from './embed.ts'

let sb: Awaited<ReturnType<typeof startSandbox>>
let c: ReturnType<typeof client>
let clock = Date.now()

beforeAll(async () => {
  sb = await startSandbox({ now: () => clock })
  c = client(sb.url)
})
afterAll(() => sb?.close())

const tokenOf = (r: { body: { value?: unknown } }): string => (r.body.value as { token: string }).token

describe('embed handoff codes', () => {
  it('sign the same member in once, with a new session, and fail on a second use', async () => {
    const token = tokenOf(await login(c, sb.url, 'demo01', 'demo1234', { ip: '10.50.0.1' }))
    const made = await c.call('embedHandoff', {}, { token })
    const { code, expiresIn } = made.body.value as { code: string; expiresIn: number }
    expect(expiresIn).toBe(60)
    const first = await c.call('embedHandoffRedeem', { code })
    expect(first.body.code).toBe('ok')
    const value = first.body.value as { token: string; userName: string }
    expect(value.userName).toBe('demo01')
    expect(value.token).not.toBe(token)
    expect((await c.call('memberInfo', {}, { token: value.token })).body.value).toMatchObject({ account: 'demo01' })
    const second = await c.raw('embedHandoffRedeem', { code })
    expect(second.status).toBe(401)
    expect(second.body.code).toBe('handoff_invalid')
  })

  it('expire after 60 s, and need a signed-in member to be made', async () => {
    const token = tokenOf(await login(c, sb.url, 'demo01', 'demo1234', { ip: '10.50.0.2' }))
    const { code } = (await c.call('embedHandoff', {}, { token })).body.value as { code: string }
    clock += HANDOFF_TTL_MS + 1
    expect((await c.raw('embedHandoffRedeem', { code })).body.code).toBe('handoff_invalid')
    expect((await c.raw('embedHandoff', {})).status).toBe(401)
    expect((await c.raw('embedHandoffRedeem', { code: 'made-up' })).body.code).toBe('handoff_invalid')
  })
})
