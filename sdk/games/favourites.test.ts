import { beforeEach, describe, expect, it } from 'vitest'
import { configure } from '../runtime/index.ts'
import { createStorage } from '../storage/index.ts'
import { $loginPrompt, setSession } from '../stores/index.ts'
import { $favouriteError, $favouriteIds, loadFavourites, onFavouritesChanged, toggleFavourite } from './favourites.ts'

/** A minimal platform answering the favourite calls from a set, like the sandbox does. */
function platform(initial: string[], { failAdds = false } = {}) {
  const ids = new Set(initial)
  const calls: string[] = []
  const reply = (value: unknown, status = 200, code = 'ok') =>
    new Response(JSON.stringify({ success: status === 200, code, message: '', value }), { status, headers: { 'content-type': 'application/json' } })
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://platform.test')
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}`)
    if (url.pathname.endsWith('MCSFE_getFavoriteGames')) return reply([...ids])
    const { nodeId } = JSON.parse(String(init?.body ?? '{}')) as { nodeId: string }
    if (url.pathname.endsWith('MCSFE_addFavoriteGame')) {
      if (failAdds) return reply(null, 500, 'server_error')
      ids.add(nodeId)
      return reply([...ids])
    }
    if (url.pathname.endsWith('MCSFE_removeFavoriteGame')) {
      ids.delete(nodeId)
      return reply([...ids])
    }
    return reply(null, 404, 'not_found')
  }
  return { ids, calls, fetch }
}

describe('favourites', () => {
  beforeEach(() => {
    $favouriteIds.set(new Set())
    $favouriteError.set(undefined)
    $loginPrompt.set(null)
  })

  it('asks a guest to log in and changes nothing', async () => {
    const server = platform([])
    configure({ storage: createStorage(), fetch: server.fetch, baseURL: 'http://platform.test' })
    expect(await toggleFavourite({ nodeId: 'PG-0001' })).toBe(false)
    expect($loginPrompt.get()).toBe('required')
    expect(server.calls).toEqual([])
  })

  it('adds when not a favourite and removes when it is, telling listeners', async () => {
    const server = platform(['JILI-0001'])
    configure({ storage: createStorage(), fetch: server.fetch, baseURL: 'http://platform.test' })
    setSession({ token: 'token-1', isAgent: 0 })
    await loadFavourites()
    expect([...$favouriteIds.get()]).toEqual(['JILI-0001'])
    let changes = 0
    const stop = onFavouritesChanged(() => changes++)

    expect(await toggleFavourite({ nodeId: 'PG-0001' })).toBe(true)
    expect(server.ids.has('PG-0001')).toBe(true)
    expect(await toggleFavourite({ nodeId: 'JILI-0001' })).toBe(false)
    expect(server.ids.has('JILI-0001')).toBe(false)
    expect([...$favouriteIds.get()]).toEqual(['PG-0001'])
    expect(changes).toBe(2)
    stop()
  })

  it('puts the star back and keeps the error when the call fails', async () => {
    const server = platform([], { failAdds: true })
    configure({ storage: createStorage(), fetch: server.fetch, baseURL: 'http://platform.test' })
    setSession({ token: 'token-1', isAgent: 0 })
    expect(await toggleFavourite({ nodeId: 'PG-0002' })).toBe(false)
    expect($favouriteIds.get().has('PG-0002')).toBe(false)
    expect($favouriteError.get()?.code).toBe('server_error')
  })
})
