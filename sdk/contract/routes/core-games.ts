/**
 * The core routes of the games: menus, lists, announcements, classifications, vendor lanes,
 * favourites, recent and hot games, rank list, rooms, bet history. Part of the core table (./core.ts).
 * @module
 */
import * as v from 'valibot'
import { text, int } from '../common.ts'
import * as gm from '../games.ts'
import { e } from '../route.ts'

// ── games ───────────────────────────────────────────────────────────────────
export const gameMenus = e({ method: 'GET', path: '/lgw/games/game_menus', token: false, response: v.array(gm.GameMenuSchema) })
export const gameList = e({ method: 'GET', path: '/wps/relay/GCSGAME_gameList', token: 'optional', response: gm.GamePageSchema })
export const announcements = e({ method: 'GET', path: '/wps/relay/MCSFE_getListAnnouncements', token: 'optional', cache: 'notice', response: gm.AnnouncementsSchema })
export const vassGameType = e({ method: 'GET', path: '/wps/relay/GCSGAME_getVassGameType', token: false, response: v.array(gm.ClassifySchema) })
export const vendorLanes = e({ method: 'GET', path: '/wps/relay/GCSGAME_newGameVendor', token: false, cache: 'vendorLanes', response: gm.VendorLanesSchema })
export const favouriteIds = e({ method: 'GET', path: '/wps/relay/MCSFE_getFavoriteGames', token: true, response: v.array(text(64)) })
export const favouriteList = e({ method: 'GET', path: '/wps/relay/MCSFE_getFavoriteGamesList', token: true, response: gm.GamePageSchema })
export const favouriteAdd = e({ method: 'POST', path: '/wps/relay/MCSFE_addFavoriteGame', token: true, response: v.array(text(64)) })
export const favouriteRemove = e({ method: 'POST', path: '/wps/relay/MCSFE_removeFavoriteGame', token: true, response: v.array(text(64)) })
export const recentGames = e({ method: 'GET', path: '/wps/relay/GCS_recentGame', token: true, response: v.object({ list: v.array(gm.GameSchema), totalPages: int(0) }) })
export const hotGames = e({ method: 'GET', path: '/wps/relay/GCSGAME_hotGamesV2', token: false, response: gm.HotGamesSchema })
export const rankList = e({ method: 'GET', path: '/wps/relay/GCSGAME_getRankList', token: false, response: v.array(gm.RankEntrySchema) })
export const roomList = e({ method: 'GET', path: '/wps/relay/GLS2_roomList', token: false, response: v.array(gm.RoomSchema) })
export const betHistory = e({ method: 'GET', path: '/wps/relay/MCSFE_getBetHistory', token: true, response: gm.BetHistorySchema })
