import { beforeAll, describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { endpoints, type EndpointKey } from '../../sdk/contract/all.ts'
import { createSession } from '../auth/sessions.ts'
import { client } from '../auth/testkit.ts'
import { balanceOf, memberAccount } from '../ledger.ts'

const { sb } = sandboxForFile()
let demo: { id: string; token: string }
let other: { id: string; token: string }

interface Reply<T = unknown> {
  status: number
  body: { success: boolean; code: string; message: string; value: T; fields?: Record<string, string> }
}

/** Calls an endpoint by key with raw (possibly invalid) input. */
async function call<T = unknown>(key: EndpointKey, input: Record<string, unknown> = {}, token?: string): Promise<Reply<T>> {
  const e = endpoints[key]
  const headers: Record<string, string> = { Merchant: 'LOBBYKIT', Device: 'WEB' }
  if (token) headers.Authorization = `Bearer ${token}`
  let url = `${sb.url}${e.path}`
  let body: string | undefined
  if (e.method === 'GET') {
    const qs = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)])).toString()
    if (qs) url += `?${qs}`
  } else {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(input)
  }
  const res = await fetch(url, { method: e.method, headers, body })
  return { status: res.status, body: (await res.json()) as Reply<T>['body'] }
}

interface GamePage {
  list: { nodeId: string; displayName: string; vassalage: string; gameType: string; gameClassify: string; isHot: number; minBet: number; image: string }[]
  page: number
  pageSize: number
  total: number
  totalPages: number
}

async function memberSession(username: string): Promise<{ id: string; token: string }> {
  const [m] = await sb.db.query<{ id: string }>('SELECT id FROM members WHERE username = $1', [username])
  return { id: m.id, token: await createSession(sb.db, m.id, Date.now(), '127.0.0.1') }
}

/** Launches a game and returns the play page path on the first launch CDN (the client picks one at random). */
async function launch(nodeId: string, token: string, language = 'en'): Promise<string> {
  const r = await call<{ content: string }>('launchGame', { nodeId, language }, token)
  expect(r.body.code).toBe('ok')
  // The address is relative to a launch CDN of the status (SPEC §9), so the client can pick one.
  expect(r.body.value.content).toMatch(/^play\/[\w-]+$/)
  return `/sandbox/cdn1/${r.body.value.content}`
}

async function play(path: string, body: Record<string, unknown>) {
  const res = await fetch(`${sb.url}${path}/round`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return {
    status: res.status,
    body: (await res.json()) as {
      success: boolean
      code: string
      value: { balance: number; payout: number; stake: number; roundId: string; replay: boolean; outcome: { kind: string } }
    },
  }
}

beforeAll(async () => {
  demo = await memberSession('demo01')
  other = await memberSession('agent01')
})

describe('catalogue', () => {
  it('holds 10,000+ games across 40+ vendors in every category', async () => {
    const [{ n }] = await sb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM games')
    expect(n).toBeGreaterThanOrEqual(10_000)
    const menus = await call<{ gameType: string; page: string; vendors: { vassalage: string; gameType: string; gameCount: number }[] }[]>('gameMenus')
    const vendors = menus.body.value.flatMap((m) => m.vendors)
    expect(vendors.length).toBeGreaterThanOrEqual(40)
    expect(new Set(vendors.map((v) => v.gameType))).toEqual(new Set(['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'ELOTT', 'LOTT']))
    const sports = menus.body.value.find((m) => m.gameType === 'SPORTS')!
    expect(sports.page).toBe('/sports')
    expect(sports.vendors.map((v) => v.vassalage)).toEqual(expect.arrayContaining(['FB', 'TF', 'IA', 'DS88', 'SV3']))
    expect(sports.vendors.find((v) => v.vassalage === 'DS88')!.gameType).toBe('COCKFIGHT')
    expect(sports.vendors.find((v) => v.vassalage === 'TF')!.gameType).toBe('ESPORTS')
  })

  it('serves 4:3 SVG thumbnails on both CDN prefixes, and 404 for unknown games', async () => {
    const list = await call<GamePage>('gameList', { gameType: 'RNG' })
    const image = list.body.value.list[0].image
    expect(image).toMatch(/^img\/game\/.+\.svg$/)
    for (const cdn of ['/sandbox/cdn1/', '/sandbox/cdn2/']) {
      const res = await fetch(`${sb.url}${cdn}${image}`)
      expect(res.headers.get('content-type')).toContain('image/svg+xml')
      expect(await res.text()).toContain('viewBox="0 0 400 300"')
    }
    expect((await fetch(`${sb.url}/sandbox/cdn1/img/game/NOPE-1.svg`)).status).toBe(404)
    expect((await fetch(`${sb.url}/sandbox/cdn2/img/vendor/PG.svg`)).status).toBe(200)
  })
})

describe('game list', () => {
  it('pages 15 at a time, hot first then by name', async () => {
    const r = await call<GamePage>('gameList', { gameType: 'RNG' })
    expect(r.status).toBe(200)
    const p = r.body.value
    expect(p.list).toHaveLength(15)
    expect(p.totalPages).toBe(Math.ceil(p.total / 15))
    expect(p.total).toBeGreaterThan(8000)
    const hot = p.list.filter((g) => g.isHot === 1)
    expect(p.list.slice(0, hot.length).every((g) => g.isHot === 1)).toBe(true)
    const last = await call<GamePage>('gameList', { gameType: 'RNG', page: p.totalPages })
    expect(last.body.value.list.length).toBe(p.total - (p.totalPages - 1) * 15)
    expect(last.body.value.list.every((g) => g.isHot === 0)).toBe(true)
    const names = last.body.value.list.map((g) => g.displayName)
    expect([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true }))).toEqual(names)
  })

  it("names each game's provider, and gives the return to player and volatility of the slots that publish them", async () => {
    const r = await call<{ list: { vendor: string; vendorName?: string; rtp?: number; volatility?: string }[] }>('gameList', { gameType: 'RNG', vassalage: 'PP', pageSize: 40 })
    expect(r.body.success).toBe(true)
    const list = r.body.value.list
    expect(list.every((g) => g.vendor === 'PP' && g.vendorName === 'Pragmatic Play')).toBe(true)
    const facts = list.filter((g) => g.rtp !== undefined)
    // Every fourth seeded slot publishes neither: its card shows the provider alone.
    expect(facts.length).toBeGreaterThan(list.length / 2)
    expect(facts.length).toBeLessThan(list.length)
    for (const g of facts) {
      expect(g.rtp).toBeGreaterThanOrEqual(94)
      expect(g.rtp).toBeLessThan(98)
      expect(Math.abs(g.rtp! * 100 - Math.round(g.rtp! * 100))).toBeLessThan(1e-6)
      expect(['low', 'medium', 'high']).toContain(g.volatility)
    }
    expect(list.filter((g) => g.rtp === undefined).every((g) => g.volatility === undefined)).toBe(true)
  })

  it('filters by vendor, classification and minimum bet', async () => {
    const pg = await call<GamePage>('gameList', { gameType: 'RNG', vassalage: 'PG', pageSize: 100 })
    expect(pg.body.value.list.every((g) => g.vassalage === 'PG')).toBe(true)
    expect(pg.body.value.total).toBe(520)
    const crash = await call<GamePage>('gameList', { gameType: 'RNG', gameClassify: 'CRASH', pageSize: 100 })
    expect(crash.body.value.total).toBeGreaterThan(0)
    expect(crash.body.value.list.every((g) => g.gameClassify === 'CRASH')).toBe(true)
    const cheap = await call<GamePage>('gameList', { gameType: 'RNG', minBet: 0.05, pageSize: 100 })
    expect(cheap.body.value.total).toBeGreaterThan(0)
    expect(cheap.body.value.list.every((g) => g.minBet === 0.05)).toBe(true)
  })

  it('has no list modes: favourites, recent and hot games have calls of their own', async () => {
    const plain = await call<GamePage>('gameList', { gameType: 'RNG' }, demo.token)
    for (const mode of ['hot', 'fav', 'recent']) {
      const r = await call<GamePage>('gameList', { gameType: 'RNG', mode }, demo.token)
      expect(r.body.value, mode).toEqual(plain.body.value)
    }
  })

  it('searches names case-insensitively in the request language', async () => {
    const en = await call<GamePage>('gameList', { gameType: 'RNG', gameName: 'GOLDEN DRAGON', pageSize: 100 })
    expect(en.body.value.list.map((g) => g.displayName)).toContain('Golden Dragon Megaways')
    expect(en.body.value.list.every((g) => g.displayName.toLowerCase().includes('golden dragon'))).toBe(true)
    // Accents fold: "dragon dorado" finds "Dragón Dorado".
    const es = await call<GamePage>('gameList', { gameType: 'RNG', gameName: 'dragon dorado', language: 'es', pageSize: 100 })
    expect(es.body.value.list.map((g) => g.displayName)).toContain('Dragón Dorado Megaways')
    const none = await call<GamePage>('gameList', { gameType: 'RNG', gameName: 'zzzz-no-such-game' })
    expect(none.body.value).toMatchObject({ list: [], total: 0, totalPages: 0 })
  })

  it('answers 4xx, never 5xx, to invalid input', async () => {
    for (const input of [
      {},
      { gameType: 'NOPE' },
      { gameType: 'RNG', page: 0 },
      { gameType: 'RNG', pageSize: 1000 },
      { gameType: 'RNG', minBet: 'abc' },
      { gameType: 'RNG', gameName: 'x'.repeat(500) },
    ]) {
      const r = await call('gameList', input)
      expect(r.status, JSON.stringify(input)).toBeGreaterThanOrEqual(400)
      expect(r.status).toBeLessThan(500)
      expect(r.body.success).toBe(false)
    }
    // Unknown keys (prototype names included) are ignored, not trusted.
    expect((await call('gameList', { gameType: 'RNG', ['__proto__']: 'x', constructor: 'y' })).status).toBe(200)
  })

  it('lists favourites and recent games only for a member', async () => {
    expect((await call('favouriteList', { gameType: 'RNG' })).status).toBe(401)
    expect((await call('recentGames', { gameType: 'RNG' })).status).toBe(401)
    const fav = await call<GamePage>('favouriteList', { gameType: 'RNG' }, demo.token)
    expect(fav.body.value.total).toBeGreaterThan(0)
    const recent = await call<{ list: unknown[]; totalPages: number }>('recentGames', { gameType: 'RNG' }, demo.token)
    expect(recent.body.value.list.length).toBeGreaterThan(0)
  })
})

describe('announcements, lanes, classifications, hot games, winner board, rooms', () => {
  it('returns notices by list and banners for every route group', async () => {
    const r = await call<{
      player: { type: string; content: string }[]
      banners: { groupName: string; url: string; linkageType: string }[]
      popup: unknown[]
      promotion: { image: string }[]
    }>('announcements', { language: 'es' })
    const v = r.body.value
    expect(v.player.length).toBeGreaterThan(0)
    expect(v.popup.length).toBeGreaterThan(0)
    expect(v.promotion.every((p) => p.image.endsWith('.svg'))).toBe(true)
    expect(v.player.some((n) => /<ul>|<ol>/.test(n.content))).toBe(true)
    const groups = [
      'w_home',
      'w_rng',
      'w_live',
      'w_fish',
      'w_pvp',
      'w_sports',
      'w_esports',
      'w_lott',
      'w_cockfight',
      'w_promotion',
      'w_shop',
      'w_help',
      'w_reg',
      'w_login',
      'w_forget',
    ]
    for (const g of groups) {
      const n = v.banners.filter((b) => b.groupName === g).length
      expect(n, g).toBeGreaterThanOrEqual(1)
      expect(n, g).toBeLessThanOrEqual(3)
    }
    expect(v.banners.filter((b) => b.groupName === 'w_help')).toHaveLength(1)
    expect(v.banners.some((b) => b.linkageType === 'GAME')).toBe(true)
    const img = await fetch(`${sb.url}/sandbox/cdn1/${v.banners[0].url}`)
    expect(await img.text()).toContain('viewBox="0 0 1200 300"')
    const only = await call<{ player: { type: string }[]; promotion: unknown[] }>('announcements', { types: 'PR' })
    expect(only.body.value.player).toHaveLength(0)
    expect(only.body.value.promotion.length).toBeGreaterThan(0)
    const unknown = await call('announcements', { types: 'B,XX' })
    expect([unknown.status, unknown.body.code, unknown.body.fields]).toEqual([400, 'validation_failed', { types: 'err_field_invalid' }])
  })

  it('gives notices and banners in Chinese and Vietnamese, and English where the operator wrote none', async () => {
    type Announcements = { player: { id: string; title: string; content: string }[]; banners: { title: string; url: string }[] }
    for (const [language, notice, banner] of [
      ['cn', '三步完成存款', '欢迎回来'],
      ['vi', 'Nạp tiền trong ba bước', 'Chào mừng trở lại'],
    ] as const) {
      const v = (await call<Announcements>('announcements', { language })).body.value
      const deposit = v.player.find((n) => n.id === 'N-H-001')
      expect(deposit?.title).toBe(notice)
      expect(deposit?.content).not.toContain('Choose a method')
      const shown = v.banners.find((b) => b.title === banner)
      expect(shown?.url).toMatch(new RegExp(`\\.${language}\\.svg$`))
      // The banner picture carries the same words.
      expect(await (await fetch(`${sb.url}/sandbox/cdn1/${shown?.url}`)).text()).toContain(banner)
    }
    // A notice an operator wrote in English only reads English in Chinese, not an empty title.
    await sb.db.query(`UPDATE notices SET title_cn = '', content_cn = '' WHERE id = 'N-H-001'`)
    try {
      const v = (await call<Announcements>('announcements', { language: 'cn' })).body.value
      expect(v.player.find((n) => n.id === 'N-H-001')?.title).toBe('How to deposit in three steps')
    } finally {
      await sb.db.query(`UPDATE notices SET title_cn = '三步完成存款' WHERE id = 'N-H-001'`)
    }
  })

  it('names the game categories in Chinese and Vietnamese', async () => {
    const names = async (language: string) => (await call<{ gameType: string; name: string }[]>('gameMenus', { language })).body.value.map((m) => m.name)
    expect(await names('cn')).toEqual(['老虎机', '真人娱乐', '捕鱼', '棋牌', '体育', '电子彩票', '彩票'])
    expect(await names('vi')).toEqual(['Nổ hũ', 'Casino trực tiếp', 'Bắn cá', 'Đánh bài', 'Thể thao', 'Xổ số điện tử', 'Xổ số'])
  })

  it('builds vendor lanes of at most 12 cards per vendor', async () => {
    const r = await call<{ data: { lanes: { title: string; gameClassify: string; cards: { gameType: string; isGame: string }[] }[] } }>('vendorLanes', { gameType: 'LIVE' })
    const lanes = r.body.value.data.lanes
    expect(lanes.length).toBeGreaterThanOrEqual(8)
    expect(lanes.every((l) => l.cards.length > 0 && l.cards.length <= 12 && l.cards.every((c) => c.gameType === 'LIVE'))).toBe(true)
    expect(lanes.find((l) => l.title === 'Sexy Baccarat')!.cards[0].isGame).toBe('VASSALAGE')
    expect((await call('vendorLanes', { gameType: 'x' })).status).toBe(400)
  })

  it('counts classifications', async () => {
    const r = await call<{ gameClassify: string; name: string; count: number }[]>('vassGameType', { gameType: 'RNG', vassalage: 'PG' })
    expect(r.body.value.reduce((s, c) => s + c.count, 0)).toBe(520)
    expect(r.body.value[0].gameClassify).toBe('SLOT')
  })

  it('lists hot games with the footer vendors', async () => {
    const r = await call<{ list: { isHot: number }[]; footer: unknown[] }>('hotGames', {})
    expect(r.body.value.list.length).toBeGreaterThan(0)
    expect(r.body.value.list.every((g) => g.isHot === 1)).toBe(true)
    expect(r.body.value.footer.length).toBeGreaterThanOrEqual(40)
    for (const gameType of ['RNG', 'FISH', 'PVP']) {
      const typed = await call<{ list: { isHot: number; gameType: string; isGame: string }[] }>('hotGames', { gameType })
      expect(typed.body.value.list.length, gameType).toBeGreaterThan(0)
      expect(
        typed.body.value.list.every((g) => g.isHot === 1 && g.gameType === gameType && g.isGame === 'GAME'),
        gameType,
      ).toBe(true)
    }
  })

  it('shows a winner board of 50 masked entries', async () => {
    const r = await call<{ vo: { account: string; winAmount: number } }[]>('rankList', { gameCategory: 'ALL', limitNum: '50' })
    expect(r.body.value).toHaveLength(50)
    expect(r.body.value.every((e) => /^\w{1,2}\*\*\*\w{1,2}$/.test(e.vo.account) && e.vo.winAmount > 0)).toBe(true)
    const few = await call<{ vo: { gameType: string } }[]>('rankList', { gameCategory: 'rng', limitNum: '3' })
    expect(few.body.value).toHaveLength(3)
    expect(few.body.value.every((e) => e.vo.gameType === 'RNG')).toBe(true)
    for (const [input, field] of [
      [{ limitNum: 'lots' }, 'limitNum'],
      [{ limitNum: '51' }, 'limitNum'],
      [{ gameCategory: 'POKER' }, 'gameCategory'],
    ] as const) {
      const bad = await call('rankList', input)
      expect([bad.status, bad.body.code, bad.body.fields], field).toEqual([400, 'validation_failed', { [field]: 'err_field_invalid' }])
    }
  })

  it('lists PvP rooms', async () => {
    const r = await call<{ roomId: string; gameCode: string; nodeId: string; players: number; capacity: number }[]>('roomList', {})
    expect(r.body.value.length).toBeGreaterThan(0)
    const one = await call<{ gameCode: string }[]>('roomList', { gameCode: r.body.value[0].gameCode })
    expect(one.body.value.every((x) => x.gameCode === r.body.value[0].gameCode)).toBe(true)
  })
})

describe('favourites', () => {
  it('adds and removes per member; twice is harmless; unknown games are not found', async () => {
    const before = (await call<string[]>('favouriteIds', {}, other.token)).body.value
    const added = await call<string[]>('favouriteAdd', { nodeId: 'JILI-0002' }, other.token)
    expect(added.body.value).toContain('JILI-0002')
    const again = await call<string[]>('favouriteAdd', { nodeId: 'JILI-0002' }, other.token)
    expect(again.body.value.filter((id) => id === 'JILI-0002')).toHaveLength(1)
    expect((await call<string[]>('favouriteIds', {}, demo.token)).body.value).not.toContain('JILI-0002')
    const list = await call<GamePage>('favouriteList', { gameType: 'RNG' }, other.token)
    expect(list.body.value.list.map((g) => g.nodeId)).toContain('JILI-0002')
    const removed = await call<string[]>('favouriteRemove', { nodeId: 'JILI-0002' }, other.token)
    expect(removed.body.value).toEqual(before)
    expect((await call('favouriteAdd', { nodeId: 'NOPE-9999' }, other.token)).status).toBe(404)
    expect((await call('favouriteAdd', { nodeId: '' }, other.token)).status).toBe(400)
    expect((await call('favouriteAdd', { nodeId: 'JILI-0002' })).status).toBe(401)
    for (const paging of [{ page: 'x' }, { page: '0' }, { pageSize: '101' }, { pageSize: '1.5' }]) {
      const bad = await call('favouriteList', paging, other.token)
      expect([bad.status, bad.body.code, bad.body.fields], JSON.stringify(paging)).toEqual([400, 'validation_failed', { [Object.keys(paging)[0]]: 'err_field_invalid' }])
    }
  })

  it('pages the favourite list of a game type, newest first', async () => {
    const member = await memberSession('member12')
    const rng = await sb.db.query<{ node_id: string }>(`SELECT node_id FROM games WHERE game_type = 'RNG' AND is_game = 'GAME' ORDER BY node_id LIMIT 20`)
    const [fish] = await sb.db.query<{ node_id: string }>(`SELECT node_id FROM games WHERE game_type = 'FISH' AND is_game = 'GAME' ORDER BY node_id LIMIT 1`)
    // Added oldest first, with a FISH favourite in the middle.
    const added = [...rng.slice(0, 10), fish, ...rng.slice(10)].map((g) => g.node_id)
    const start = Date.now() - added.length * 1000
    for (const [i, id] of added.entries()) await sb.db.query('INSERT INTO favourites (member_id, node_id, created_at) VALUES ($1, $2, $3)', [member.id, id, start + i * 1000])
    const newestFirst = rng.map((g) => g.node_id).reverse()

    const first = await call<GamePage>('favouriteList', { gameType: 'RNG', page: '1', pageSize: '15' }, member.token)
    expect(first.body.value).toMatchObject({ page: 1, pageSize: 15, total: 20, totalPages: 2 })
    expect(first.body.value.list.map((g) => g.nodeId)).toEqual(newestFirst.slice(0, 15))
    const second = await call<GamePage>('favouriteList', { gameType: 'RNG', page: '2', pageSize: '15' }, member.token)
    expect(second.body.value.list.map((g) => g.nodeId)).toEqual(newestFirst.slice(15))
    // Past the last page: no games, and the totals say where the last page is.
    const past = await call<GamePage>('favouriteList', { gameType: 'RNG', page: '3', pageSize: '15' }, member.token)
    expect(past.body.value).toMatchObject({ list: [], page: 3, total: 20, totalPages: 2 })
    const whole = await call<GamePage>('favouriteList', { gameType: 'RNG', pageSize: '100' }, member.token)
    expect(whole.body.value.list.map((g) => g.nodeId)).toEqual(newestFirst)
    const fishOnly = await call<GamePage>('favouriteList', { gameType: 'FISH' }, member.token)
    expect(fishOnly.body.value.list.map((g) => g.nodeId)).toEqual([fish.node_id])
    expect((await call<GamePage>('favouriteList', {}, member.token)).body.value.total).toBe(21)
    expect((await call('favouriteList', { pageSize: '101' }, member.token)).status).toBe(400)
  })

  it('lists the recent games of a type even after 200 newer games of other types', async () => {
    const member = await memberSession('member13')
    const games = await sb.db.query<{ node_id: string; game_type: string }>(`SELECT node_id, game_type FROM games WHERE is_game = 'GAME' ORDER BY node_id`)
    const rng = games
      .filter((g) => g.game_type === 'RNG')
      .slice(0, 2)
      .map((g) => g.node_id)
    const otherGames = games.filter((g) => g.game_type !== 'RNG').slice(0, 210)
    const others = otherGames.map((g) => g.node_id)
    expect(others).toHaveLength(210)
    const start = Date.now() - 1_000_000
    const rounds = [rng[0], rng[1], rng[0], ...others]
    for (const [i, id] of rounds.entries()) {
      await sb.db.query(
        `INSERT INTO rounds (id, member_id, node_id, idempotency_key, stake, payout, outcome, status, created_at) VALUES ($1, $2, $3, $1, 100, 0, '{}', 'settled', $4)`,
        [`recent-test-${i}`, member.id, id, start + i * 1000],
      )
    }
    const mine = await call<{ list: { nodeId: string; gameType: string }[]; totalPages: number }>('recentGames', { gameType: 'RNG' }, member.token)
    // Newest first, one entry per game.
    expect(mine.body.value).toMatchObject({ totalPages: 1 })
    expect(mine.body.value.list.map((g) => g.nodeId)).toEqual([rng[0], rng[1]])
    const all = await call<{ list: { nodeId: string }[] }>('recentGames', {}, member.token)
    expect(all.body.value.list.map((g) => g.nodeId)).toEqual(others.slice(-20).reverse())
    const lastType = otherGames.at(-1)!.game_type
    const typed = await call<{ list: { nodeId: string; gameType: string }[] }>('recentGames', { gameType: lastType }, member.token)
    expect(typed.body.value.list[0].nodeId).toBe(others.at(-1))
    expect(typed.body.value.list.every((g) => g.gameType === lastType)).toBe(true)
    expect((await call<{ list: unknown[]; totalPages: number }>('recentGames', { gameType: 'ELOTT' }, member.token)).body.value).toEqual({ list: [], totalPages: 0 })
  })

  it('gives demo01 at least 5 favourites, 5 recent games and 30 settled rounds', async () => {
    expect((await call<string[]>('favouriteIds', {}, demo.token)).body.value.length).toBeGreaterThanOrEqual(5)
    expect((await call<{ list: unknown[] }>('recentGames', {}, demo.token)).body.value.list.length).toBeGreaterThanOrEqual(5)
    expect((await call<GamePage>('betHistory', {}, demo.token)).body.value.total).toBeGreaterThanOrEqual(30)
  })
})

describe('launch and play', () => {
  it('finds one game by its id, for anyone, in the asked language', async () => {
    const r = await call<GamePage['list'][number]>('gameInfo', { nodeId: 'PG-0001', language: 'es' })
    expect(r.body.value).toMatchObject({ nodeId: 'PG-0001', displayName: 'Dragón Dorado Megaways', vassalage: 'PG', gameType: 'RNG' })
    expect((await call('gameInfo', { nodeId: 'NOPE' })).status).toBe(404)
    expect((await call('gameInfo', {})).status).toBe(400)
  })

  it('requires a member and refuses games under maintenance', async () => {
    expect((await call('launchGame', { nodeId: 'PG-0001' })).status).toBe(401)
    const maint = await call('launchGame', { nodeId: 'PG-0008' }, demo.token)
    expect(maint.body.code).toBe('game_maintenance')
    expect((await call('launchGame', { nodeId: 'NOPE' }, demo.token)).status).toBe(404)
    const fb = await call<{ content: string }>('launchFB', {}, demo.token)
    expect(fb.body.value.content).toMatch(/^play\/[\w-]+$/)
    // Every launch CDN serves the same play page.
    for (const cdn of ['/sandbox/cdn1/', '/sandbox/cdn2/']) expect((await fetch(`${sb.url}${cdn}${fb.body.value.content}`)).status).toBe(200)
  })

  it('opens a page and settles a round exactly once per idempotency key', async () => {
    const path = await launch('PG-0002', other.token, 'es')
    expect(path).toMatch(/^\/sandbox\/cdn[12]\/play\/[\w-]{16,}$/)
    const page = await fetch(`${sb.url}${path}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('lang="es"')
    expect(html).toContain('aria-live="polite"')
    expect(Buffer.byteLength(html)).toBeLessThan(30_000)
    // The same token works on the other CDN prefix.
    expect((await fetch(`${sb.url}${path.replace(/cdn[12]/, (m) => (m === 'cdn1' ? 'cdn2' : 'cdn1'))}`)).status).toBe(200)

    const account = memberAccount(other.id)
    const start = await balanceOf(sb.db, account)
    const key = 'test-round-key-0001'
    const first = await play(path, { stake: 100, idempotencyKey: key })
    expect(first.body.code).toBe('ok')
    const afterFirst = await balanceOf(sb.db, account)
    expect(afterFirst).toBe(start - 100 + first.body.value.payout)
    expect(first.body.value.balance).toBe(afterFirst)
    const retry = await play(path, { stake: 100, idempotencyKey: key })
    expect(retry.body.value).toMatchObject({ roundId: first.body.value.roundId, payout: first.body.value.payout, replay: true })
    expect(await balanceOf(sb.db, account)).toBe(afterFirst)

    const recent = await call<{ list: { nodeId: string }[] }>('recentGames', {}, other.token)
    expect(recent.body.value.list[0].nodeId).toBe('PG-0002')
    const history = await call<{ list: { roundId: string; stake: number; payout: number }[] }>('betHistory', { page: 1, pageSize: 5 }, other.token)
    expect(history.body.value.list[0]).toMatchObject({ roundId: first.body.value.roundId, stake: 100, payout: first.body.value.payout })
  })

  it('refuses a stake the balance cannot cover and moves nothing', async () => {
    const path = await launch('EVO-0001', other.token)
    const account = memberAccount(other.id)
    const start = await balanceOf(sb.db, account)
    const r = await play(path, { stake: Math.min(start + 100, 10_000_000), choice: 'player', idempotencyKey: 'test-broke-key-0001' })
    if (start + 100 <= 10_000_000) {
      expect(r.status).toBe(409)
      expect(r.body.code).toBe('insufficient_funds')
    } else {
      expect(r.status).toBe(400)
    }
    expect(await balanceOf(sb.db, account)).toBe(start)
  })

  it('validates stake and choice, and rejects unknown tokens', async () => {
    const path = await launch('EVO-0001', other.token)
    expect((await play(path, { stake: 0, choice: 'player', idempotencyKey: 'test-zero-key-00001' })).status).toBe(400)
    expect((await play(path, { stake: -500, choice: 'player', idempotencyKey: 'test-neg-key-000001' })).status).toBe(400)
    expect((await play(path, { stake: 1000, choice: 'dragon', idempotencyKey: 'test-bad-choice-001' })).status).toBe(400)
    expect((await play(path, { stake: 1000, choice: 'player' })).status).toBe(400)
    expect((await play('/sandbox/cdn1/play/not-a-real-token-at-all', { stake: 1000, idempotencyKey: 'test-bad-token-0001' })).status).toBe(404)
    const page = await fetch(`${sb.url}/sandbox/cdn1/play/not-a-real-token-at-all`)
    expect(page.status).toBe(404)
    expect(await page.text()).toContain('Game link not valid')
  })

  it('lets a trial account play', async () => {
    const trial = await client(sb.url).call('loginFreeplay', { os: 'linux', platform: 'W', random: 'x', gatewayVersion: 3 }, { ip: '10.77.0.1' })
    const { token } = trial.body.value as { token: string }
    const path = await launch('PG-0003', token)
    expect((await play(path, { stake: 100, idempotencyKey: 'test-trial-key-0001' })).body.code).toBe('ok')
    // Live dealer, sportsbook, cockfight and lottery games need a real account, whatever the client does.
    const live = await call('launchGame', { nodeId: 'EVO-0001' }, token)
    expect(live.status).toBe(403)
    expect(live.body.code).toBe('trial_account')
    expect((await call('launchFB', {}, token)).body.code).toBe('trial_account')
  })
})
