import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { login, type Reply } from '../../sandbox/auth/testkit.ts'

// A launch token dies with the session that launched it (logout, password
// change) and stops while the platform is closed; a weak-password session may only change it.
// The routes' clock: the real one, moved on by the test past a draw's lock instead of waiting for it.
let ahead = 0
const { sb, c } = sandboxForFile({ now: () => Date.now() + ahead })

const tokenOf = (r: Reply): string => {
  expect(r.body.code).toBe('ok')
  return (r.body.value as { token: string }).token
}

async function launch(token: string, nodeId = 'PG-0002'): Promise<string> {
  const r = await c.call('launchGame', { nodeId, language: 'en' }, { token })
  expect(r.body.code).toBe('ok')
  return `/sandbox/cdn1/${(r.body.value as { content: string }).content}`
}

let n = 0
async function round(path: string): Promise<string> {
  const res = await fetch(`${sb.url}${path}/round`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ stake: 100, idempotencyKey: `sec-round-${++n}-${Date.now()}` }),
  })
  return ((await res.json()) as { code: string }).code
}

describe('launch tokens', () => {
  it('stop playing rounds once the launching session logs out', async () => {
    const token = tokenOf(await login(c, sb.url, 'member11', 'member1234', { ip: '198.51.100.41' }))
    const path = await launch(token)
    expect(await round(path)).toBe('ok')
    expect((await c.call('logout', {}, { token })).body.code).toBe('ok')
    expect(await round(path)).toBe('session_expired')
    expect((await fetch(`${sb.url}${path}`)).status).not.toBe(200)
  })

  it('stop playing rounds after a password change, in every session of the member', async () => {
    const a = tokenOf(await login(c, sb.url, 'member21', 'member1234', { ip: '198.51.100.42' }))
    const b = tokenOf(await login(c, sb.url, 'member21', 'member1234', { ip: '198.51.100.42' }))
    const fromA = await launch(a)
    const fromB = await launch(b)
    expect(await round(fromA)).toBe('ok')
    const changed = await c.call('changePassword', { oldPassword: 'member1234', newPassword: 'member5678', confirmNewPassword: 'member5678' }, { token: b })
    expect(changed.body.code).toBe('ok')
    expect(await round(fromA)).toBe('session_expired')
    expect(await round(fromB)).toBe('session_expired')
  })

  it('stop playing rounds under maintenance and a region block', async () => {
    const token = tokenOf(await login(c, sb.url, 'agent02', 'agent1234', { ip: '198.51.100.43' }))
    const path = await launch(token)
    try {
      await sb.admin.setStatus({ maintenance: true })
      expect(await round(path)).toBe('maintenance')
      await sb.admin.setStatus({ maintenance: false, regionRestriction: true })
      expect(await round(path)).toBe('region_blocked')
    } finally {
      await sb.admin.setStatus({ maintenance: false, regionRestriction: false })
    }
    expect(await round(path)).toBe('ok')
  })
})

describe('lottery launch tokens', () => {
  /**
   * The open draw of the betting screen, with time left to bet (a fast game locks 5 s before each
   * draw): near its lock, the routes' clock moves on into the next draw.
   */
  async function openDraw(screen: string): Promise<string> {
    const read = async () => ((await (await fetch(`${sb.url}${screen}/state`)).json()) as { value: { draw: { numero: string; remainTime: number } } }).value.draw
    let draw = await read()
    if (draw.remainTime < 3) {
      ahead += (draw.remainTime + 6) * 1000
      draw = await read()
    }
    expect(draw.remainTime).toBeGreaterThanOrEqual(3)
    return draw.numero
  }

  async function bet(screen: string, numero: string): Promise<string> {
    const res = await fetch(`${sb.url}${screen}/bet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ numero, playType: 'BIG_SMALL', pick: 'BIG', amount: 100, multiplier: 1, idempotencyKey: `sec-lotto-${++n}-${Date.now()}` }),
    })
    return ((await res.json()) as { code: string }).code
  }

  it('sell no bet under maintenance or a region block, nor after logout', async () => {
    const token = tokenOf(await login(c, sb.url, 'demo01', 'demo1234', { ip: '198.51.100.45' }))
    const r = await c.call('lotteryLaunch', { prizeMode: 'Elott', gameCode: 'EL_F3_1', view: 'betting' }, { token })
    expect(r.body.code).toBe('ok')
    const screen = `/sandbox/cdn1/${(r.body.value as { content: string }).content}`
    const numero = await openDraw(screen)
    try {
      await sb.admin.setStatus({ maintenance: true })
      expect(await bet(screen, numero)).toBe('maintenance')
      await sb.admin.setStatus({ maintenance: false, regionRestriction: true })
      expect(await bet(screen, numero)).toBe('region_blocked')
    } finally {
      await sb.admin.setStatus({ maintenance: false, regionRestriction: false })
    }
    expect(await bet(screen, await openDraw(screen))).toBe('ok')
    expect((await c.call('logout', {}, { token })).body.code).toBe('ok')
    expect(await bet(screen, numero)).toBe('session_expired')
  })
})

describe('a weak-password session', () => {
  it('may only change the password (and log out) until it does', async () => {
    const token = tokenOf(await login(c, sb.url, 'weak01', '123456', { ip: '198.51.100.44' }))
    for (const [key, input] of [
      ['balance', {}],
      ['memberInfo', {}],
      ['launchGame', { nodeId: 'PG-0002', language: 'en' }],
    ] as const) {
      const r = await c.raw(key, input, { token })
      expect([key, r.status, r.body.code]).toEqual([key, 403, 'password_change_required'])
    }
    const changed = await c.call('changePassword', { oldPassword: '123456', newPassword: 'Stronger1x', confirmNewPassword: 'Stronger1x' }, { token })
    expect(changed.body.code).toBe('ok')
    expect((await c.raw('balance', {}, { token })).body.code).toBe('ok')
    expect((await c.call('logout', {}, { token })).body.code).toBe('ok')
  })
})
