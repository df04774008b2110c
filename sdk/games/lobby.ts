import type { GameType } from '../contract/index.ts'
import { $locale } from '../i18n/index.ts'
import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core.ts'
import { queryFamily } from '../stores/query.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core.ts).
const api = roomApi({ vendorLanes: core.vendorLanes, hotGames: core.hotGames, rankList: core.rankList, roomList: core.roomList, vassGameType: core.vassGameType })

/** Entries of the winner board (SPEC §9). */
export const winnerBoardSize = 50

// Lanes, hot games and classifications carry translated names: `localized` asks again on a language change.

/** Vendor lanes (title, cards, classification) of a category, from the vendor-lane call. */
export const vendorLanes = queryFamily('vendorLanes', (gameType: GameType) => api('vendorLanes', { gameType, language: $locale.get() }).then((value) => value.data.lanes), {
  localized: true,
})

/** Hot games of a category (`list`) and the vendors listed under them (`footer`). */
export const hotGames = queryFamily('hotGames', (gameType: GameType) => api('hotGames', { gameType, language: $locale.get() }), { localized: true })

/** The winner board, category ALL, 50 entries (key: the category, normally `ALL`). */
export const winnerBoard = queryFamily('rankList', (category: string) => api('rankList', { gameCategory: category, limitNum: String(winnerBoardSize) }, { noCache: true }))

/** PvP rooms (key: a game code, or `''` for every room). */
export const pvpRooms = queryFamily('roomList', (gameCode: string) => api('roomList', gameCode ? { gameCode } : {}))

/** Classifications of a game type and vendor (key: `TYPE` or `TYPE:VENDOR`). */
export const classifications = queryFamily(
  'vassGameType',
  (key: string) => {
    const [gameType, vassalage] = key.split(':') as [GameType, string | undefined]
    return api('vassGameType', vassalage ? { gameType, vassalage } : { gameType })
  },
  { localized: true },
)
