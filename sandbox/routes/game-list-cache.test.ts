import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { endpoints } from '../../sdk/contract/all.ts'
import { createSession } from '../auth/sessions.ts'
import { forgetCatalogue } from '../games/catalogue.ts'

// The game list shares one serialized reply per query and loaded catalogue (see `gameList` in
// games.ts). These tests change and reseed the catalogue, so they run on a sandbox of their own.

const { sb } = sandboxForFile()

interface GamePage {
  list: { nodeId: string; displayName: string; vassalage: string; isHot: number; minBet: number }[]
  page: number
  pageSize: number
  total: number
  totalPages: number
}
interface Reply {
  status: number
  type: string
  text: string
  body: { success: boolean; code: string; value: GamePage }
}

async function list(query: Record<string, string>, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await fetch(`${sb.url}${endpoints.gameList.path}?${new URLSearchParams(query)}`, { headers: { Merchant: 'LOBBYKIT', Device: 'WEB', ...headers } })
  const text = await res.text()
  return { status: res.status, type: res.headers.get('content-type') ?? '', text, body: JSON.parse(text) as Reply['body'] }
}

/** The list as a fresh catalogue builds it (nothing shared yet), then as served again from the cache. */
async function builtThenShared(query: Record<string, string>, headers: Record<string, string> = {}): Promise<[Reply, Reply]> {
  return [await list(query, headers), await list(query, headers)]
}

const ids = (r: Reply) => r.body.value.list.map((g) => g.nodeId)
const names = (r: Reply) => r.body.value.list.map((g) => g.displayName)

async function memberToken(username: string): Promise<string> {
  const [m] = await sb.db.query<{ id: string }>('SELECT id FROM members WHERE username = $1', [username])
  return createSession(sb.db, m.id, Date.now(), '127.0.0.1')
}

describe('shared game-list replies', () => {
  it('serve the same bytes and headers as the first answer', async () => {
    const [first, again] = await builtThenShared({ gameType: 'RNG', vassalage: 'PG', page: '2' })
    expect(first.status).toBe(200)
    expect(again).toEqual(first)
    expect(again.type).toBe('application/json')
    expect(again.body).toMatchObject({ success: true, code: 'ok', message: '', value: { page: 2, pageSize: 15 } })
    expect(again.body.value.list.every((g) => g.vassalage === 'PG')).toBe(true)
  })

  it('never answer one query with the reply of another', async () => {
    const queries: Record<string, string>[] = [
      { gameType: 'RNG' },
      { gameType: 'FISH' },
      { gameType: 'RNG', page: '2' },
      { gameType: 'RNG', pageSize: '50' },
      { gameType: 'RNG', vassalage: 'JILI' },
      { gameType: 'RNG', gameClassify: 'CRASH' },
      { gameType: 'RNG', minBet: '0.05' },
      { gameType: 'RNG', minBet: '0.5' },
      { gameType: 'RNG', vassalage: 'PG', gameClassify: 'SLOT' },
      { gameType: 'RNG', gameName: 'dragon' },
      { gameType: 'RNG', gameName: 'koi' },
      { gameType: 'RNG', language: 'es' },
    ]
    const first = new Map<string, string>()
    for (const q of queries) first.set(JSON.stringify(q), (await list(q)).text)
    // Asked again in reverse order, each query gets its own reply back, and no two are alike.
    for (const q of [...queries].reverse()) expect((await list(q)).text, JSON.stringify(q)).toBe(first.get(JSON.stringify(q)))
    expect(new Set(first.values()).size).toBe(queries.length)
    const both = JSON.parse(first.get(JSON.stringify({ gameType: 'RNG', vassalage: 'PG', gameClassify: 'SLOT' }))!) as Reply['body']
    expect(both.value.list.every((g) => g.vassalage === 'PG')).toBe(true)
    const cheap = JSON.parse(first.get(JSON.stringify({ gameType: 'RNG', minBet: '0.05' }))!) as Reply['body']
    expect(cheap.value.list.every((g) => g.minBet === 0.05)).toBe(true)
  })

  it('keep languages apart, whether asked by parameter or by header', async () => {
    const [en] = await builtThenShared({ gameType: 'LIVE' })
    const [es] = await builtThenShared({ gameType: 'LIVE' }, { Language: 'es' })
    expect(names(es)).not.toEqual(names(en))
    expect((await list({ gameType: 'LIVE', language: 'es' })).text).toBe(es.text)
    expect((await list({ gameType: 'LIVE' }, { Language: 'en' })).text).toBe(en.text)
    // A parameter wins over the header, as without the cache.
    expect((await list({ gameType: 'LIVE', language: 'en' }, { Language: 'es' })).text).toBe(en.text)
  })

  it('answer members and visitors alike, a favourite changing nothing', async () => {
    // Favourites and recent games have calls of their own: the game list is the same for everyone.
    const demo = await memberToken('demo01')
    const agent = await memberToken('agent01')
    const [visitor] = await builtThenShared({ gameType: 'RNG', page: '3' })
    expect((await list({ gameType: 'RNG', page: '3' }, { Authorization: `Bearer ${demo}` })).text).toBe(visitor.text)
    const add = await fetch(`${sb.url}${endpoints.favouriteAdd.path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent}` },
      body: JSON.stringify({ nodeId: ids(visitor)[0] }),
    })
    expect(add.status).toBe(200)
    expect((await list({ gameType: 'RNG', page: '3' }, { Authorization: `Bearer ${agent}` })).text).toBe(visitor.text)
  })

  it('are closed by system maintenance like any other call', async () => {
    const [shared] = await builtThenShared({ gameType: 'PVP' })
    await sb.admin.setStatus({ maintenance: true })
    try {
      const closed = await list({ gameType: 'PVP' })
      expect(closed.status).toBe(503)
      expect(closed.body.code).toBe('maintenance')
    } finally {
      await sb.admin.setStatus({ maintenance: false })
    }
    expect((await list({ gameType: 'PVP' })).text).toBe(shared.text)
  })

  it('follow a change of the catalogue at once, and a reset', async () => {
    const query = { gameType: 'RNG', gameName: 'qqzzx' }
    const [none] = await builtThenShared(query)
    expect(none.body.value.total).toBe(0)
    const [plain] = await builtThenShared({ gameType: 'RNG' })
    const renamed = ids(plain)[0]
    // Change the data behind the catalogue and drop the loaded copy, as the seed does.
    await sb.db.query('UPDATE games SET name_en = $2 WHERE node_id = $1', [renamed, 'Qqzzx Renamed'])
    forgetCatalogue(sb.db)
    const found = await list(query)
    expect(ids(found)).toEqual([renamed])
    expect(names(found)).toEqual(['Qqzzx Renamed'])
    expect(names(await list({ gameType: 'RNG', vassalage: found.body.value.list[0].vassalage, gameName: 'qqzzx' }))).toEqual(['Qqzzx Renamed'])

    const reset = await fetch(`${sb.url}/sandbox/admin/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' } })
    expect(reset.status).toBe(200)
    expect((await list(query)).body.value.total).toBe(0)
    expect((await list({ gameType: 'RNG' })).text).toBe(plain.text)
  })
})
