import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSession } from '../../sandbox/auth/sessions.ts'
import { startSandbox, type Sandbox } from '../../sandbox/testing.ts'
import type { Game } from '../contract/index.ts'
import { $locale } from '../i18n/index.ts'
import { configure } from '../runtime/index.ts'
import { api } from '../runtime/core-api.ts'
import { createStorage } from '../storage/index.ts'
import { $session } from '../stores/index.ts'
import { createGameList, gameList, gameListSources, loadFavourites, toggleFavourite } from './index.ts'

// The list modes against the reference platform: favourites, recent and hot games come from their
// own calls (SPEC §7) and are filtered and paged on the device, 15 a page.

let sb: Sandbox
let member: { id: string; token: string }
let paths: string[] = []
let hour = 0

interface Row {
  node_id: string
  vendor: string
  game_classify: string
  name_en: string
  min_bet: number
  is_hot: number
}

/** Games of a type in the catalogue (playable cards only). */
const gamesOf = (gameType: string, extra = '') =>
  sb.db.query<Row>(
    `SELECT node_id, vendor, game_classify, name_en, min_bet, is_hot::int AS is_hot FROM games WHERE game_type = $1 AND is_game = 'GAME' ${extra} ORDER BY node_id`,
    [gameType],
  )

/** Makes `ids` the member's favourites, the first one the newest. */
async function setFavourites(ids: readonly string[]): Promise<void> {
  await sb.db.query('DELETE FROM favourites WHERE member_id = $1', [member.id])
  const now = Date.now()
  for (const [i, id] of ids.entries()) await sb.db.query('INSERT INTO favourites (member_id, node_id, created_at) VALUES ($1, $2, $3)', [member.id, id, now - i * 1000])
}

/** Records a settled round of `nodeId` for the member, later than every round recorded before. */
async function played(nodeId: string): Promise<void> {
  hour++
  await sb.db.query(
    `INSERT INTO rounds (id, member_id, node_id, idempotency_key, stake, payout, outcome, status, created_at) VALUES ($1, $2, $3, $1, 100, 0, '{}', 'settled', $4)`,
    [`test-round-${hour}`, member.id, nodeId, Date.now() + hour * 3_600_000],
  )
}

const ids = (games: readonly Game[]) => games.map((g) => g.nodeId)

beforeAll(async () => {
  sb = await startSandbox()
  const [m] = await sb.db.query<{ id: string }>('SELECT id FROM members WHERE username = $1', ['member11'])
  member = { id: m.id, token: await createSession(sb.db, m.id, Date.now(), '127.0.0.1') }
})
afterAll(() => sb?.close())

beforeEach(() => {
  paths = []
  const recording: typeof fetch = (input, init) => {
    paths.push(String(input instanceof Request ? input.url : input).replace(sb.url, ''))
    return fetch(input, init)
  }
  // Fresh storage that already holds the member's session, as a page loaded signed in: swapping in an
  // empty one and signing in after would end the session and start it again before every test, and
  // what an earlier test left mounted for nanostores' unmount delay (the favourite ids, read with
  // `get()`; the page's list) follows the session: it would ask again, into this test's record.
  const storage = createStorage()
  storage.session.set('token', member.token)
  storage.session.set('isAgent', 0)
  configure({ storage, baseURL: sb.url, merchant: 'LOBBYKIT', fetch: recording })
  expect($session.get()).toMatchObject({ token: member.token, isAgent: 0 })
  $locale.set('en')
})

describe('list modes against the sandbox', () => {
  it('asks each mode of its own platform call, and the normal list with no mode', async () => {
    const [a] = await gamesOf('RNG')
    await setFavourites([a.node_id])
    const list = createGameList(gameListSources)
    await list.open('RNG')
    await list.setMode('fav')
    await list.setMode('recent')
    await list.setMode('hot')
    list.invalidate()
    await list.setMode('normal')
    expect(paths.map((p) => p.split('?')[0])).toEqual([
      '/wps/relay/GCSGAME_gameList',
      '/wps/relay/MCSFE_getFavoriteGamesList',
      '/wps/relay/GCS_recentGame',
      '/wps/relay/GCSGAME_hotGamesV2',
      '/wps/relay/GCSGAME_gameList',
    ])
    expect(paths.filter((p) => p.includes('mode='))).toEqual([])
  })

  it('lists only the favourites of the page’s game type, newest first', async () => {
    const rng = (await gamesOf('RNG')).slice(0, 3).map((g) => g.node_id)
    const fish = (await gamesOf('FISH')).slice(0, 2).map((g) => g.node_id)
    await setFavourites([fish[0], rng[0], rng[1], fish[1], rng[2]])
    const list = createGameList(gameListSources)
    await list.open('RNG')
    expect(list.$state.get().total).toBeGreaterThan(1000)
    await list.setMode('fav')
    expect(list.$state.get()).toMatchObject({ mode: 'fav', page: 1, total: 3, totalPages: 1 })
    expect(ids(list.$state.get().items)).toEqual(rng)
    await list.open('FISH')
    await list.setMode('fav')
    expect(ids(list.$state.get().items)).toEqual(fish)
  })

  it('filters favourites by vendor, name (any case, any accents), classification and minimum bet', async () => {
    const rng = await gamesOf('RNG')
    const dragon = rng.find((g) => g.node_id === 'PG-0001')!
    expect(dragon.name_en).toBe('Golden Dragon Megaways')
    // Favourites from several vendors, classifications and minimum bets.
    const picked = [
      dragon,
      ...rng
        .filter((g) => g.vendor !== 'PG')
        .filter((_, i) => i % 97 === 0)
        .slice(0, 12),
      ...rng.filter((g) => g.vendor === 'PG').slice(1, 4),
    ]
    await setFavourites(picked.map((g) => g.node_id))
    const list = createGameList(gameListSources)
    await list.open('RNG')
    await list.setMode('fav')
    expect(list.$state.get().total).toBe(picked.length)

    await list.setVendor('PG')
    expect(ids(list.$state.get().items)).toEqual(picked.filter((g) => g.vendor === 'PG').map((g) => g.node_id))
    await list.setVendor('')

    expect(await list.searchName('  golden DRAGON ')).toBe(true)
    expect(ids(list.$state.get().items)).toEqual(['PG-0001'])
    expect(list.$state.get().mode).toBe('fav')
    $locale.set('es')
    await list.reload()
    expect(list.$state.get().total).toBe(0)
    await list.searchName('DRAGON dorado')
    expect(list.$state.get().items.map((g) => g.displayName)).toEqual(['Dragón Dorado Megaways'])
    $locale.set('en')
    await list.searchName('')

    const classify = picked[5].game_classify
    await list.setClassify(classify)
    expect(ids(list.$state.get().items)).toEqual(picked.filter((g) => g.game_classify === classify).map((g) => g.node_id))
    await list.setClassify('')

    const minBet = picked[3].min_bet / 100
    await list.searchMinBet(minBet)
    const cheap = picked.filter((g) => g.min_bet === picked[3].min_bet).map((g) => g.node_id)
    expect(ids(list.$state.get().items)).toEqual(cheap)
    expect(list.$state.get().total).toBe(cheap.length)
    expect(cheap.length).toBeLessThan(picked.length)
  })

  it('pages 130 favourites 15 a page, read whole from the platform in pages of 100', async () => {
    const rng = (await gamesOf('RNG')).slice(0, 130).map((g) => g.node_id)
    await setFavourites(rng)
    const list = createGameList(gameListSources)
    await list.open('RNG')
    paths = []
    await list.setMode('fav')
    expect(paths.map((p) => new URL(p, 'http://x').searchParams.get('page'))).toEqual(['1', '2'])
    expect(list.$state.get()).toMatchObject({ page: 1, total: 130, totalPages: 9 })
    expect(ids(list.$state.get().items)).toEqual(rng.slice(0, 15))
    await list.goTo('last')
    expect(list.$state.get().page).toBe(9)
    expect(ids(list.$state.get().items)).toEqual(rng.slice(120))
    await list.goTo('next')
    expect(list.$state.get().page).toBe(9)
    await list.goTo('prev')
    expect(ids(list.$state.get().items)).toEqual(rng.slice(105, 120))
    await list.goTo('first')
    await list.goTo('next')
    expect(list.$state.get().page).toBe(2)
    expect(ids(list.$state.get().items)).toEqual(rng.slice(15, 30))
    // Infinite scroll appends the following pages.
    await list.loadMore()
    expect(ids(list.$state.get().items)).toEqual(rng.slice(15, 45))
    // Another mode starts again on page 1.
    await list.setMode('hot')
    expect(list.$state.get()).toMatchObject({ mode: 'hot', page: 1 })
  })

  it('shows the page before when the last favourite of the last page is removed', async () => {
    const rng = (await gamesOf('RNG')).slice(0, 16).map((g) => g.node_id)
    await setFavourites(rng)
    await loadFavourites()
    await gameList.open('RNG')
    await gameList.setMode('fav')
    await gameList.goTo('last')
    expect(gameList.$state.get()).toMatchObject({ page: 2, totalPages: 2 })
    expect(ids(gameList.$state.get().items)).toEqual([rng[15]])

    expect(await toggleFavourite({ nodeId: rng[15] })).toBe(false)
    // The list reloads by itself after a favourite changed.
    await vi.waitFor(() => expect(gameList.$state.get()).toMatchObject({ loading: false, page: 1, totalPages: 1, total: 15 }), { timeout: 30_000 })
    expect(ids(gameList.$state.get().items)).toEqual(rng.slice(0, 15))
  })

  it('shows the newest played games of the page’s type in recent mode', async () => {
    const [a, b, c] = await gamesOf('RNG')
    const [fish] = await gamesOf('FISH')
    await played(a.node_id)
    await played(fish.node_id)
    await played(b.node_id)
    await played(c.node_id)
    await played(a.node_id)
    const list = createGameList(gameListSources)
    await list.open('RNG')
    await list.setMode('recent')
    expect(ids(list.$state.get().items)).toEqual([a.node_id, c.node_id, b.node_id])
    expect(list.$state.get()).toMatchObject({ total: 3, totalPages: 1 })
    await list.searchName(b.name_en.toUpperCase())
    expect(ids(list.$state.get().items)).toEqual([b.node_id])
    await list.open('FISH')
    await list.setMode('recent')
    expect(ids(list.$state.get().items)).toEqual([fish.node_id])
  })

  it('shows only the hot games of the page’s type in hot mode, filters applying', async () => {
    const hot = await api('hotGames', { gameType: 'FISH' })
    const list = createGameList(gameListSources)
    await list.open('FISH')
    await list.setMode('hot')
    const s = list.$state.get()
    expect(s.total).toBe(hot.list.length)
    expect(s.total).toBeGreaterThan(0)
    expect(s.items.every((g) => g.isHot === 1 && g.gameType === 'FISH')).toBe(true)
    expect(ids(s.items)).toEqual(ids(hot.list).slice(0, 15))
    const vendor = hot.list.at(-1)!.vassalage
    await list.setVendor(vendor)
    expect(list.$state.get()).toMatchObject({ mode: 'hot', total: hot.list.filter((g) => g.vassalage === vendor).length })
    expect(list.$state.get().items.every((g) => g.vassalage === vendor && g.isHot === 1)).toBe(true)
    // The normal list of that vendor has more than its hot games.
    await list.setMode('normal')
    expect(list.$state.get().items.some((g) => g.isHot === 0)).toBe(true)
  })
})
