import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../testing.ts'
import { client, login } from '../auth/testkit.ts'
import { handoffChallenge, newHandoffVerifier } from '../../sdk/contract/all.ts'
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

/** A code asked for by the frame signed in with `token`, and the verifier that frame keeps. */
async function mint(token: string): Promise<{ code: string; verifier: string; expiresIn: number }> {
  const verifier = newHandoffVerifier()
  const made = await c.call('embedHandoff', { challenge: await handoffChallenge(verifier) }, { token })
  return { ...(made.body.value as { code: string; expiresIn: number }), verifier }
}

describe('embed handoff codes', () => {
  it('sign the same member in once, with a new session, and fail on a second use', async () => {
    const token = tokenOf(await login(c, sb.url, 'demo01', 'demo1234', { ip: '10.50.0.1' }))
    const { code, verifier, expiresIn } = await mint(token)
    expect(expiresIn).toBe(60)
    const first = await c.call('embedHandoffRedeem', { code, verifier })
    expect(first.body.code).toBe('ok')
    const value = first.body.value as { token: string; userName: string }
    expect(value.userName).toBe('demo01')
    expect(value.token).not.toBe(token)
    expect((await c.call('memberInfo', {}, { token: value.token })).body.value).toMatchObject({ account: 'demo01' })
    const second = await c.raw('embedHandoffRedeem', { code, verifier })
    expect(second.status).toBe(401)
    expect(second.body.code).toBe('handoff_invalid')
  })

  it('expire after 60 s, and need a signed-in member to be made', async () => {
    const token = tokenOf(await login(c, sb.url, 'demo01', 'demo1234', { ip: '10.50.0.2' }))
    const { code, verifier } = await mint(token)
    clock += HANDOFF_TTL_MS + 1
    expect((await c.raw('embedHandoffRedeem', { code, verifier })).body.code).toBe('handoff_invalid')
    expect((await c.raw('embedHandoff', { challenge: await handoffChallenge(newHandoffVerifier()) })).status).toBe(401)
    expect((await c.raw('embedHandoffRedeem', { code: 'made-up', verifier })).body.code).toBe('handoff_invalid')
  })

  it('are bound to the browser that asked: an attacker-minted code fails in another browser, and a wrong verifier burns it', async () => {
    // The attacker mints a code for their own account and sends the victim the link: the victim's
    // browser holds no verifier for it, so whatever it sends, the code signs no one in.
    const attacker = tokenOf(await login(c, sb.url, 'member11', 'member1234', { ip: '10.50.0.3' }))
    const { code, verifier } = await mint(attacker)
    expect((await c.raw('embedHandoffRedeem', { code })).status).toBe(400)
    const other = await c.raw('embedHandoffRedeem', { code, verifier: newHandoffVerifier() })
    expect(other.status).toBe(401)
    expect(other.body.code).toBe('handoff_invalid')
    // One wrong try burns it: not even the right verifier redeems it now.
    expect((await c.raw('embedHandoffRedeem', { code, verifier })).body.code).toBe('handoff_invalid')
    // A challenge that is not a SHA-256 is refused when the code is asked for.
    expect((await c.raw('embedHandoff', { challenge: 'short' }, { token: attacker })).status).toBe(400)
    expect((await c.raw('embedHandoff', {}, { token: attacker })).status).toBe(400)
  })

  it('die with the session that asked (logout), and every code of the member on a password change', async () => {
    const token = tokenOf(await login(c, sb.url, 'member12', 'member1234', { ip: '10.50.0.4' }))
    const beforeLogout = await mint(token)
    expect((await c.call('logout', {}, { token })).body.code).toBe('ok')
    expect((await c.raw('embedHandoffRedeem', { code: beforeLogout.code, verifier: beforeLogout.verifier })).body.code).toBe('handoff_invalid')

    const kept = tokenOf(await login(c, sb.url, 'member12', 'member1234', { ip: '10.50.0.5' }))
    const otherDevice = tokenOf(await login(c, sb.url, 'member12', 'member1234', { ip: '10.50.0.6' }))
    const fromKept = await mint(kept)
    const fromOther = await mint(otherDevice)
    const changed = await c.call('changePassword', { oldPassword: 'member1234', newPassword: 'member5678', confirmNewPassword: 'member5678' }, { token: kept })
    expect(changed.body.code).toBe('ok')
    for (const m of [fromKept, fromOther]) expect((await c.raw('embedHandoffRedeem', { code: m.code, verifier: m.verifier })).body.code).toBe('handoff_invalid')
    // The session that changed it still asks for (and redeems) new codes.
    const after = await mint(kept)
    expect((await c.call('embedHandoffRedeem', { code: after.code, verifier: after.verifier })).body.code).toBe('ok')
  })
})
