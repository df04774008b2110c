import { describe, expect, it } from 'vitest'
import type { Game } from '../contract/index.ts'
import { aGame } from '../../tests/support/games.ts'
import { createGameList, type FetchGamePage, type GameListQuery, type GameListSources } from './list.ts'

const game = (n: number): Game => aGame(n)

/** A catalogue of `total` games answering like the platform, recording each query. */
function fakeServer(total = 100) {
  const queries: GameListQuery[] = []
  const favouriteCalls: number[] = []
  const hot = Array.from({ length: 20 }, (_, i) => ({ ...game(500 + i), isHot: 1 as const }))
  const fetchPage = async (query: GameListQuery) => {
    queries.push(query)
    const size = Number(query.pageSize ?? 15)
    const matching = Array.from({ length: total }, (_, i) => game(i + 1)).filter((g) => !query.gameName || g.displayName.includes(query.gameName))
    const page = Number(query.page ?? 1)
    const totalPages = Math.ceil(matching.length / size)
    return { list: matching.slice((page - 1) * size, page * size), page, pageSize: size, total: matching.length, totalPages }
  }
  const sources: GameListSources = {
    page: fetchPage,
    favourites: async ({ page }) => {
      favouriteCalls.push(page)
      return { list: [game(1), game(2)], page, pageSize: 100, total: 2, totalPages: 1 }
    },
    recent: async () => ({ list: [game(3)] }),
    hot: async () => ({ list: hot }),
  }
  return { queries, favouriteCalls, fetchPage, sources }
}

describe('game list', () => {
  it('opens on page 1 with 15 games and the page count', async () => {
    const server = fakeServer(100)
    const list = createGameList(server.sources)
    await list.open('RNG', 'PG')
    const s = list.$state.get()
    expect(s.items).toHaveLength(15)
    expect(s.totalPages).toBe(7)
    expect(server.queries[0]).toEqual({ gameType: 'RNG', vassalage: 'PG', page: 1, pageSize: 15, gameClassify: undefined, gameName: undefined, minBet: undefined })
  })

  it('pages first, last, previous and next within 1..totalPages', async () => {
    const server = fakeServer(100)
    const list = createGameList(server.sources)
    await list.open('RNG')
    await list.goTo('prev')
    expect(server.queries).toHaveLength(1) // already on page 1: no request
    await list.goTo('next')
    expect(list.$state.get().page).toBe(2)
    await list.goTo('last')
    expect(list.$state.get().page).toBe(7)
    expect(list.$state.get().items[0].nodeId).toBe('g91')
    await list.goTo('next')
    expect(list.$state.get().page).toBe(7)
    await list.goTo(99)
    expect(list.$state.get().page).toBe(7)
    await list.goTo('first')
    expect(list.$state.get().page).toBe(1)
    // Page 1 was fetched before: it comes from the list's short-lived cache.
    expect(server.queries.map((q) => q.page)).toEqual([1, 2, 7])
    expect(list.$state.get().items[0].nodeId).toBe('g1')
  })

  it('searches by name only when the trimmed term changed', async () => {
    const server = fakeServer(100)
    const list = createGameList(server.sources)
    await list.open('RNG')
    await list.goTo('next')
    expect(await list.searchName(' Game 1 ')).toBe(true)
    expect(list.$state.get().page).toBe(1)
    expect(await list.searchName('Game 1')).toBe(false)
    expect(server.queries.at(-1)).toMatchObject({ gameName: 'Game 1', page: 1 })
    expect(server.queries).toHaveLength(3)
  })

  it('filters by minimum bet only when the value changed', async () => {
    const server = fakeServer(30)
    const list = createGameList(server.sources)
    await list.open('RNG')
    expect(await list.searchMinBet(0.5)).toBe(true)
    expect(await list.searchMinBet(0.5)).toBe(false)
    expect(await list.searchMinBet(undefined)).toBe(true)
    expect(server.queries.map((q) => q.minBet)).toEqual([undefined, 0.5])
    expect(list.$state.get().minBet).toBeUndefined()
    expect(list.$state.get().items).toHaveLength(15)
  })

  it('picking a mode resets paging and filters but keeps the vendor tab', async () => {
    const server = fakeServer(100)
    const list = createGameList(server.sources)
    await list.open('RNG', 'PG')
    await list.setClassify('SLOT')
    await list.searchName('Game')
    await list.searchMinBet(0.1)
    await list.goTo(3)
    await list.setMode('hot')
    const s = list.$state.get()
    expect(s).toMatchObject({ mode: 'hot', page: 1, classify: '', name: '', vendor: 'PG' })
    expect(s.minBet).toBeUndefined()
    // The hot list comes from the hot-games call, not from the game list.
    expect(server.queries).toHaveLength(5)
    expect(s.items.map((g) => g.nodeId)).toEqual(Array.from({ length: 15 }, (_, i) => `g${500 + i}`))
    expect(s).toMatchObject({ total: 20, totalPages: 2 })
  })

  it('changing vendor resets the classification and the paging', async () => {
    const server = fakeServer(100)
    const list = createGameList(server.sources)
    await list.open('RNG', 'PG')
    await list.setClassify('SLOT')
    await list.goTo(2)
    await list.setVendor('JILI')
    expect(list.$state.get()).toMatchObject({ vendor: 'JILI', classify: '', page: 1 })
  })

  it('appends pages for infinite scroll until the last page', async () => {
    const server = fakeServer(40)
    const list = createGameList(server.sources)
    await list.open('RNG')
    await list.loadMore()
    await list.loadMore()
    await list.loadMore()
    const s = list.$state.get()
    expect(s.items.map((g) => g.nodeId)).toEqual(Array.from({ length: 40 }, (_, i) => `g${i + 1}`))
    expect(s.page).toBe(3)
    expect(server.queries).toHaveLength(3)
  })

  it('applies only the newest answer when requests overlap', async () => {
    let release: (() => void) | undefined
    const server = fakeServer(100)
    const list = createGameList({
      ...server.sources,
      page: async (query, signal) => {
        if (query.gameName === 'slow') await new Promise<void>((r) => (release = r))
        expect(signal).toBeInstanceOf(AbortSignal)
        return server.fetchPage(query)
      },
    })
    await list.open('RNG')
    const slow = list.searchName('slow')
    const fast = list.searchName('Game 2')
    await fast
    release?.()
    await slow
    expect(list.$state.get().name).toBe('Game 2')
    expect(list.$state.get().items.every((g) => g.displayName.includes('Game 2'))).toBe(true)
  })

  it('keeps the error in state and retries with reload', async () => {
    let fail = true
    const server = fakeServer(20)
    const list = createGameList({
      ...server.sources,
      page: async (query) => {
        if (fail) throw new Error('down')
        return server.fetchPage(query)
      },
    })
    await list.open('FISH')
    expect(list.$state.get().error?.code).toBe('server_error')
    expect(list.$state.get().loading).toBe(false)
    fail = false
    await list.reload()
    expect(list.$state.get().error).toBeUndefined()
    expect(list.$state.get().items).toHaveLength(15)
  })

  it('serves a repeated normal query from its cache, but asks fav mode fresh', async () => {
    const server = fakeServer(100)
    const list = createGameList(server.sources)
    await list.open('RNG')
    await list.searchName('Game 3')
    await list.searchName('')
    expect(server.queries).toHaveLength(2)
    await list.setMode('fav')
    await list.setMode('fav')
    expect(server.favouriteCalls).toEqual([1, 1])
    await list.setMode('normal')
    expect(server.queries).toHaveLength(2)
    list.invalidate()
    await list.setMode('normal')
    expect(server.queries).toHaveLength(3)
  })

  it('shows the last page when the page shown no longer exists after a reload', async () => {
    let total = 31
    const server = fakeServer(31)
    const list = createGameList({ ...server.sources, page: (query) => fakeServer(total).fetchPage(query) })
    await list.open('RNG')
    await list.goTo('last')
    expect(list.$state.get()).toMatchObject({ page: 3, totalPages: 3 })
    // The one game of page 3 left the list: page 3 is now empty, and page 2 is the last.
    total = 30
    list.invalidate()
    await list.reload()
    const s = list.$state.get()
    expect(s).toMatchObject({ page: 2, totalPages: 2, total: 30 })
    expect(s.items.map((g) => g.nodeId)).toEqual(Array.from({ length: 15 }, (_, i) => `g${16 + i}`))
  })

  it('shows the games, not an aborted request, when the same query is asked again while it loads', async () => {
    const server = fakeServer(100)
    let calls = 0
    const slowPage: FetchGamePage = (query, signal) => {
      calls++
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve(server.fetchPage(query)), 20)
        signal.addEventListener('abort', () => {
          clearTimeout(timer)
          reject(new DOMException('The request was replaced', 'AbortError'))
        })
      })
    }
    const list = createGameList({ ...server.sources, page: slowPage })
    const opening = list.open('RNG')
    await list.reload()
    await opening
    expect(list.$state.get().error).toBeUndefined()
    expect(list.$state.get().items).toHaveLength(15)
    expect(calls).toBe(2)
  })
})
