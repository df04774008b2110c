import type { GameType } from '../contract/index.ts'
import { $locale } from '../i18n/index.ts'
import { roomApi } from '../runtime/index.ts'
import * as lobby from '../contract/routes/core/categories.ts'
import { queryFamily } from '../stores/query.ts'

/*
 * What only the category pages show beside a game list: vendor lanes, the winner board, PvP rooms. Apart
 * from ./lobby.ts (hot games, classifications), which the slot page needs at once, so that page's first
 * load carries neither these stores nor their routes (sdk/contract/routes/core/categories.ts).
 */
const api = roomApi({ vendorLanes: lobby.vendorLanes, rankList: lobby.rankList, roomList: lobby.roomList })

/** Entries of the winner board (SPEC §9). */
export const winnerBoardSize = 50

/** Vendor lanes (title, cards, classification) of a category, from the vendor-lane call; translated names, asked again on a language change. */
export const vendorLanes = queryFamily('vendorLanes', (gameType: GameType) => api('vendorLanes', { gameType, language: $locale.get() }).then((value) => value.data.lanes), {
  localized: true,
})

/** The winner board, category ALL, 50 entries (key: the category, normally `ALL`). */
export const winnerBoard = queryFamily('rankList', (category: string) => api('rankList', { gameCategory: category, limitNum: String(winnerBoardSize) }, { noCache: true }))

type Room = { roomId: string; name: string }
const roomNumber = (room: Room): number => Number(/\d+/.exec(room.name)?.[0] ?? /\d+/.exec(room.roomId)?.[0] ?? Number.NaN)
const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

/**
 * Rooms in the order of their number (Novice 1, 2 … 10, 100, not 1, 10, 100 as text): the
 * first number in the name (else the id), rooms without one after those with one, by name in natural order.
 */
export function sortRooms<T extends Room>(rooms: readonly T[]): T[] {
  return [...rooms].sort((a, b) => {
    const [na, nb] = [roomNumber(a), roomNumber(b)]
    if (Number.isNaN(na) !== Number.isNaN(nb)) return Number.isNaN(na) ? 1 : -1
    return na - nb || 0 || natural.compare(a.name, b.name) || natural.compare(a.roomId, b.roomId)
  })
}

/** PvP rooms (key: a game code, or `''` for every room), by their number. */
export const pvpRooms = queryFamily('roomList', (gameCode: string) => api('roomList', gameCode ? { gameCode } : {}).then(sortRooms))
