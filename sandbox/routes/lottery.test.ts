import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type EndpointKey } from '../../sdk/contract/all.ts'
import { createSession } from '../auth/sessions.ts'
import { startSandbox } from '../testing.ts'

// Monday 2025-03-03 10:00:30 in Vietnam (UTC+7); tests move this clock.
let clock = Date.UTC(2025, 2, 3, 3, 0, 30)
let sb: Awaited<ReturnType<typeof startSandbox>>
let token: string

interface Reply<T> {
  status: number
  body: { success: boolean; code: string; value: T }
}
async function call<T = unknown>(key: EndpointKey, input: Record<string, unknown> = {}, auth?: string): Promise<Reply<T>> {
  const e = endpoints[key]
  const qs = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)])).toString()
  const res = await fetch(`${sb.url}${e.path}${qs ? `?${qs}` : ''}`, { headers: auth ? { Authorization: `Bearer ${auth}` } : {} })
  return { status: res.status, body: (await res.json()) as Reply<T>['body'] }
}

interface MenuGame {
  gameId: string
  gameCode: string
  vendor: string
  numero: string
  remainTime: number
  lockTime: number
  drawDayOfWeek: string
  winningTime: string
  gameMenuTag: string
}

beforeAll(async () => {
  sb = await startSandbox({ now: () => clock })
  const [m] = await sb.db.query<{ id: string }>(`SELECT id FROM members WHERE username = 'demo01'`)
  token = await createSession(sb.db, m.id, clock, '127.0.0.1')
})
afterAll(() => sb?.close())

describe('lottery menus', () => {
  it('groups VN regional games by tag with draw days, times and a countdown from the clock', async () => {
    const r = await call<{ tag: string; gameMenus: MenuGame[] }[]>('lotteryMenu', { prizeMode: 'Lott' })
    expect(r.body.code).toBe('ok')
    const tags = r.body.value.map((t) => t.tag)
    expect(tags).toEqual(expect.arrayContaining(['MIEN_BAC', 'MIEN_NAM', 'MIEN_TRUNG']))
    const hcm = r.body.value.flatMap((t) => t.gameMenus).find((g) => g.gameCode === 'VN_HCM')!
    expect(hcm).toMatchObject({ vendor: 'TCG_LOTTO_VN', drawDayOfWeek: '2,7', winningTime: '16:15', numero: '20250303', lockTime: 900 })
    // 10:00:30 → draw at 16:15, betting closes 15 min earlier.
    expect(hcm.remainTime).toBe(6 * 3600 + 14 * 60 + 30 - 900)
  })

  it('counts fast draws down and moves to the next draw when the clock passes', async () => {
    const menu = async () => (await call<{ gameMenus: MenuGame[] }[]>('lotteryMenu', { prizeMode: 'Elott' })).body.value.flatMap((t) => t.gameMenus)
    const first = (await menu()).find((g) => g.gameCode === 'EL_F3_1')!
    expect(first).toMatchObject({ numero: '20250303-0601', remainTime: 25 })
    clock += 40_000
    const next = (await menu()).find((g) => g.gameCode === 'EL_F3_1')!
    expect(next).toMatchObject({ numero: '20250303-0602', remainTime: 45 })
    clock -= 40_000
  })

  it('answers SEA and ZY modes and refuses an unknown prize mode', async () => {
    const sea = await call<{ gameMenus: MenuGame[] }[]>('lotteryMenu', { prizeMode: 'SEA' })
    expect(sea.body.value.flatMap((t) => t.gameMenus).every((g) => g.vendor === 'TCG_SEA')).toBe(true)
    expect((await call('lotteryMenu', { prizeMode: 'ZY' })).body.value).not.toHaveLength(0)
    expect((await call('lotteryMenu', { prizeMode: 'BINGO' })).status).toBe(400)
    expect((await call('lotteryMenu', {})).status).toBe(400)
  })

  it('lists popular games up to the count', async () => {
    const r = await call<MenuGame[]>('lotteryPopular', { prizeMode: 'Elott', count: 5 })
    expect(r.body.value).toHaveLength(5)
    expect((await call('lotteryPopular', { prizeMode: 'Elott', count: 500 })).status).toBe(400)
  })

  it('lists recent lottery games only for a member', async () => {
    expect((await call<MenuGame[]>('lotteryRecent', { prizeMode: 'Lott' })).body.value).toEqual([])
    expect((await call('lotteryRecent', { prizeMode: 'Lott' }, token)).body.code).toBe('ok')
  })
})

describe('lottery results', () => {
  it('lists past VN draws newest first, the same for the same draw', async () => {
    const r = await call<{ gameCode: string; numero: string; winningNumber: string; openTime: string }[]>('lotteryOpenedVN', { gameCode: 'VN_HCM', count: 3 })
    expect(r.body.value.map((x) => x.numero)).toEqual(['20250301', '20250224', '20250222'])
    expect(r.body.value.every((x) => /^\d{6}$/.test(x.winningNumber) && Date.parse(x.openTime) <= clock)).toBe(true)
    const again = await call<{ winningNumber: string }[]>('lotteryOpenedVN', { gameCode: 'VN_HCM', count: 3 })
    expect(again.body.value.map((x) => x.winningNumber)).toEqual(r.body.value.map((x) => x.winningNumber))
    const latest = await call<{ gameCode: string }[]>('lotteryOpenedVN', {})
    expect(new Set(latest.body.value.map((x) => x.gameCode)).size).toBe(latest.body.value.length)
    expect((await call('lotteryOpenedVN', { gameCode: 'EL_F3_1' })).status).toBe(404)
    expect((await call('lotteryOpened', { gameCode: 'EL_F3_1', count: 100 })).body.value).toHaveLength(100)
    expect((await call('lotteryOpened', { count: 0 })).status).toBe(400)
  })
})

describe('lottery launch and missions', () => {
  it('launches the lottery betting screen for a member only', async () => {
    expect((await call('lotteryLaunch', { prizeMode: 'Lott', gameCode: 'VN_MB' })).status).toBe(401)
    const r = await call<{ content: string }>('lotteryLaunch', { prizeMode: 'Lott', gameCode: 'VN_MB', view: 'betting', language: 'es' }, token)
    expect(r.body.value.content).toMatch(/^play\/[\w-]+$/)
    const page = await (await fetch(`${sb.url}/sandbox/cdn2/${r.body.value.content}`)).text()
    expect(page).toContain('name="playType" value="LAST_2"')
    expect(page).toContain('<b id="numero">20250303</b>')
    expect(page).toContain('Tipo de jugada')
    expect((await call('lotteryLaunch', { prizeMode: 'Lott', gameCode: 'NOPE' }, token)).status).toBe(404)
  })

  it('summarises missions for a member and ranks the leaderboard', async () => {
    expect((await call('missionSummary', {})).status).toBe(401)
    const s = await call<{ missions: { progress: number; target: number }[] }>('missionSummary', {}, token)
    expect(s.body.value.missions.length).toBeGreaterThanOrEqual(3)
    expect(s.body.value.missions.every((m) => m.progress <= m.target)).toBe(true)
    const b = await call<{ list: { rank: number; account: string; score: number }[] }>('missionLeaderboard')
    expect(b.body.value.list[0].rank).toBe(1)
    expect(b.body.value.list.every((x, i, a) => i === 0 || a[i - 1].score >= x.score)).toBe(true)
  })
})
