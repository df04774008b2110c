import { afterAll, describe, expect, it, vi } from 'vitest'
import { startSandbox } from '../../sandbox/testing.ts'
import { configure } from '../runtime/index.ts'
import { createStorage } from '../storage/index.ts'
import { createLotteryLobby, menuModes } from './lobby.ts'

// SPEC §3 game launch and §9: the prize modes are Lott, ZY, Elott and SEA. A game the platform lists
// under ZY only shows in the lottery lobby and launches under ZY (a real sandbox lists the menus).
const sandbox = await startSandbox()
afterAll(() => sandbox.close())

describe('the ZY prize mode', () => {
  it('is among the modes the lobby lists, after the site’s own and the other lottery mode', () => {
    for (const site of ['Lott', 'Elott'] as const) {
      const modes = menuModes(site)
      expect(modes[0]).toBe(site)
      expect(modes).toContain('ZY')
      expect(modes.indexOf('ZY')).toBeGreaterThan(modes.indexOf(site === 'Lott' ? 'Elott' : 'Lott'))
    }
    // /vnlottery lists the site's mode only.
    expect(menuModes('Elott', true)).toEqual(['Elott'])
  })

  it('lists a game the platform lists under ZY only, and its launch carries ZY', async () => {
    const [game] = await sandbox.db.query<{ game_code: string }>("SELECT game_code FROM lottery_games WHERE vendor = 'ELOTT' ORDER BY sort LIMIT 1")
    await sandbox.db.query("UPDATE lottery_games SET prize_modes = 'ZY' WHERE game_code = $1", [game.game_code])
    configure({ baseURL: sandbox.url, storage: createStorage() })
    const lobby = createLotteryLobby({ address: false })
    const stop = lobby.$menus.listen(() => {})
    await vi.waitFor(() => expect(lobby.$menus.get().data?.length).toBeGreaterThan(0), { timeout: 10_000 })
    const games = (lobby.$menus.get().data ?? []).flatMap((m) => m.gameMenus)
    expect(games.map((g) => g.gameCode)).toContain(game.game_code)
    expect(await lobby.prizeModeOf(game.game_code)).toBe('ZY')
    // A game listed under Elott and ZY stays under the site's lottery modes.
    const [both] = await sandbox.db.query<{ game_code: string }>("SELECT game_code FROM lottery_games WHERE prize_modes = 'Elott,ZY' LIMIT 1")
    expect(await lobby.prizeModeOf(both.game_code)).toBe('Elott')
    stop()
  })
})
