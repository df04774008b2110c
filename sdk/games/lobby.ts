import type { GameType } from '../contract/index.ts'
import { $locale } from '../i18n/index.ts'
import { api } from '../runtime/index.ts'
import { resourceFamily } from './resource.ts'

/** Entries of the winner board (SPEC §9). */
export const winnerBoardSize = 50

/** Vendor lanes (title, cards, classification) of a category, from the vendor-lane call. */
export const vendorLanes = resourceFamily((gameType: GameType) =>
  api('vendorLanes', { gameType, language: $locale.get() }).then((value) => value.data.lanes),
)

/** Hot games of a category (`list`) and the vendors listed under them (`footer`). */
export const hotGames = resourceFamily((gameType: GameType) => api('hotGames', { gameType, language: $locale.get() }))

/** The winner board, category ALL, 50 entries (key: the category, normally `ALL`). */
export const winnerBoard = resourceFamily((category: string) =>
  api('rankList', { gameCategory: category, limitNum: String(winnerBoardSize) }, { noCache: true }),
)

/** PvP rooms (key: a game code, or `''` for every room). */
export const pvpRooms = resourceFamily((gameCode: string) => api('roomList', gameCode ? { gameCode } : {}))

/** Classifications of a game type and vendor (key: `TYPE` or `TYPE:VENDOR`). */
export const classifications = resourceFamily((key: string) => {
  const [gameType, vassalage] = key.split(':') as [GameType, string | undefined]
  return api('vassGameType', vassalage ? { gameType, vassalage } : { gameType })
})

// Lanes, hot games and classifications carry translated names: a language change reloads them.
$locale.listen(() => {
  void vendorLanes.refreshAll()
  void hotGames.refreshAll()
  void classifications.refreshAll()
})
