import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startSandbox } from '../../sandbox/testing.ts'
import { loginAs } from '../../tests/support/sdk-login.ts'
import { configure } from '../runtime/index.ts'
import { createStorage } from '../storage/index.ts'
import { setSession } from '../stores/index.ts'
import { createLotteryLobby } from './lobby.ts'

// Two lottery lobbies (an embed page may hold two) against a real sandbox, counting what reaches it.
const sandbox = await startSandbox()
afterAll(() => sandbox.close())

let asked: string[] = []
beforeEach(() => {
  asked = []
  configure({
    baseURL: sandbox.url,
    storage: createStorage(),
    fetch: (input, init) => {
      asked.push(new URL(input instanceof Request ? input.url : String(input)).pathname)
      return fetch(input, init)
    },
  })
})
const calls = (path: string) => asked.filter((p) => p === path).length

describe('lottery lobby stores', () => {
  it('asks the prize mode once for two lobbies, the side lists after the menus, and the member lists only when signed in', async () => {
    const first = createLotteryLobby({ address: false })
    const second = createLotteryLobby({ address: false })
    const stops = [first, second].flatMap((lobby) => [lobby.$menus, lobby.$popular, lobby.$opened, lobby.$recent, lobby.$missions].map((store) => store.listen(() => {})))
    await vi.waitFor(() => expect(first.$popular.get().data?.length).toBeGreaterThan(0), { timeout: 10_000 })
    await vi.waitFor(() => expect(second.$menus.get().data?.length).toBeGreaterThan(0), { timeout: 10_000 })
    expect(calls('/lgw/games/game_menus')).toBe(1)
    expect(asked.indexOf('/lgw/games/popular')).toBeGreaterThan(asked.indexOf('/lgw/vn/games/game_menu'))
    expect(first.$fetchedAt.get()).toBeGreaterThan(0)
    // Signed out: no member list is asked, and none shows.
    expect(calls('/lgw/vn/games/game_menu/recent')).toBe(0)
    expect(calls('/wps/relay/MCSFE_getMissionSummaryDetails')).toBe(0)
    expect(first.$recent.get()).toEqual({ loading: false })

    const value = await loginAs(sandbox)
    setSession({ token: value.token, account: value.userName, isAgent: value.isAgent })
    await vi.waitFor(() => expect(first.$missions.get().data).toBeDefined(), { timeout: 10_000 })
    expect(Array.isArray(first.$recent.get().data)).toBe(true)
    // Both lobbies show the same member lists from one request each.
    expect(calls('/wps/relay/MCSFE_getMissionSummaryDetails')).toBe(1)
    expect(calls('/lgw/vn/games/game_menu/recent')).toBe(1)
    for (const stop of stops) stop()
  })
})
