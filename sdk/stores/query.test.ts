import { allTasks } from 'nanostores'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startSandbox } from '../../sandbox/testing.ts'
import { pvpRooms, vendorLanes } from '../games/category.ts'
import { hotGames } from '../games/lobby.ts'
import { $locale } from '../i18n/index.ts'
import { configure } from '../runtime/index.ts'
import { api } from '../runtime/core-api.ts'
import { createStorage } from '../storage/index.ts'
import { createFetcherStore, invalidateKeys, remoteFreshMs, type Remote } from './query.ts'

// Remote state against a real sandbox (port 0, throwaway database), counting what reaches the network.
const sandbox = await startSandbox()
afterAll(() => sandbox.close())

let requests: string[] = []
let addresses: URL[] = []
const calls = (path: string) => requests.filter((p) => p === path).length
const counting = (baseURL: string) =>
  configure({
    baseURL,
    storage: createStorage(),
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      requests.push(url.pathname)
      addresses.push(url)
      return fetch(input, init)
    },
  })
beforeEach(() => {
  requests = []
  addresses = []
  counting(sandbox.url)
})
afterEach(() => vi.useRealTimers())

/** Keeps a listener on `store` (as a mounted island does) until the returned function is called. */
const show = <T>(store: Remote<T>) => store.listen(() => {})
/** Resolves once `store` holds a value or an error and no request runs. */
const settled = <T>(store: Remote<T>) =>
  vi.waitFor(
    () => {
      const value = store.get()
      if (value.loading || (value.data === undefined && !value.error)) throw new Error('still loading')
      return value
    },
    // A wait, not a measure: the file's first request meets a cold sandbox on a loaded machine.
    { timeout: 30_000 },
  )

describe('remote state (@nanostores/query)', () => {
  it('shares one request between two viewers of one key, and between two stores of the same key', async () => {
    hotGames.load('FISH')
    const stops = [show(hotGames.of('FISH')), show(hotGames.of('FISH'))]
    const first = createFetcherStore(['rooms-twice'], () => api('roomList', {}))
    const second = createFetcherStore(['rooms-twice'], () => api('roomList', {}))
    stops.push(show(first), show(second))
    await Promise.all([settled(hotGames.of('FISH')), settled(first), settled(second)])
    expect(calls('/wps/relay/GCSGAME_hotGamesV2')).toBe(1)
    expect(calls('/wps/relay/GLS2_roomList')).toBe(1)
    expect(hotGames.of('FISH').get().data?.list.length).toBeGreaterThan(0)
    expect(second.get().data).toEqual(first.get().data)
    for (const stop of stops) stop()
  })

  it('stays idle until asked: a store merely rendered (a server render) fetches nothing', async () => {
    const stop = show(vendorLanes.of('LIVE'))
    // A store that fetches starts its request as it is shown (a nanostores task): none runs.
    await allTasks()
    expect(vendorLanes.of('LIVE').get()).toEqual({ loading: false })
    expect(requests).toEqual([])
    stop()
  })

  it('serves a fresh reply to a new viewer, and after its time to live shows it while asking again', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    pvpRooms.load('')
    let stop = show(pvpRooms.of(''))
    const rooms = (await settled(pvpRooms.of(''))).data
    stop()
    expect(calls('/wps/relay/GLS2_roomList')).toBe(1)

    stop = show(pvpRooms.of(''))
    expect(pvpRooms.of('').get()).toMatchObject({ data: rooms, loading: false })
    stop()
    expect(calls('/wps/relay/GLS2_roomList')).toBe(1)

    vi.setSystemTime(Date.now() + remoteFreshMs + 1_000)
    stop = show(pvpRooms.of(''))
    // Stale while revalidating: the old rooms stay on screen during the new request.
    expect(pvpRooms.of('').get()).toMatchObject({ data: rooms, loading: true })
    await settled(pvpRooms.of(''))
    expect(calls('/wps/relay/GLS2_roomList')).toBe(2)
    stop()
  })

  it('keeps the session cache as persistence: a dropped query cache is refilled from sessionStorage, not the network', async () => {
    vendorLanes.load('SPORTS')
    let stop = show(vendorLanes.of('SPORTS'))
    const lanes = (await settled(vendorLanes.of('SPORTS'))).data
    stop()
    expect(lanes?.length).toBeGreaterThan(0)
    expect(calls('/wps/relay/GCSGAME_newGameVendor')).toBe(1)

    invalidateKeys((key) => key.startsWith('vendorLanes|'))
    stop = show(vendorLanes.of('SPORTS'))
    expect((await settled(vendorLanes.of('SPORTS'))).data).toEqual(lanes)
    expect(calls('/wps/relay/GCSGAME_newGameVendor')).toBe(1)
    stop()
  })

  it('asks again in the new language for what was asked, and only that', async () => {
    hotGames.load('RNG')
    const stops = [show(hotGames.of('RNG')), show(hotGames.of('PVP'))]
    await settled(hotGames.of('RNG'))
    addresses = []
    const hotOf = (type: string) => addresses.filter((url) => url.pathname === '/wps/relay/GCSGAME_hotGamesV2' && url.searchParams.get('gameType') === type)
    $locale.set('es')
    try {
      await vi.waitFor(() => expect(hotOf('RNG').map((url) => url.searchParams.get('language'))).toEqual(['es']), { timeout: 10_000 })
      await settled(hotGames.of('RNG'))
      expect(hotOf('PVP')).toEqual([])
      expect(hotGames.of('PVP').get()).toEqual({ loading: false })
    } finally {
      $locale.set('en')
      for (const stop of stops) stop()
    }
  })

  it('holds an error with its message key, and a retry replaces it with the value', async () => {
    // A platform that does not answer: nothing listens on port 9 (discard).
    counting('http://127.0.0.1:9')
    pvpRooms.load('PVP-0001')
    const stop = show(pvpRooms.of('PVP-0001'))
    const failed = await settled(pvpRooms.of('PVP-0001'))
    expect(failed.error?.messageKey).toMatch(/^err_/)
    expect(failed.data).toBeUndefined()

    counting(sandbox.url)
    pvpRooms.load('PVP-0001', true)
    const retried = await settled(pvpRooms.of('PVP-0001'))
    expect(retried.error).toBeUndefined()
    expect(Array.isArray(retried.data)).toBe(true)
    stop()
  })

  it('asks again after a change even while an older request of the same key still runs, so the older reply does not stand', async () => {
    let platform = 1
    const replies: (() => void)[] = []
    const $figure = createFetcherStore(
      ['changing-figure'],
      () => {
        const seen = platform
        return new Promise<number>((resolve) => replies.push(() => resolve(seen)))
      },
      { freshMs: 0 },
    )
    const stop = show($figure)
    await vi.waitFor(() => expect(replies).toHaveLength(1), { timeout: 30_000 })
    // The platform changes while the first request (which read the old figure) is still out.
    platform = 2
    $figure.revalidate()
    replies[0]()
    await vi.waitFor(() => expect(replies).toHaveLength(2), { timeout: 30_000 })
    replies[1]()
    await vi.waitFor(() => expect($figure.get().data).toBe(2), { timeout: 30_000 })
    stop()
  })
})
