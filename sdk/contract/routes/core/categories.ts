import * as v from 'valibot'
import * as lob from '../../lobby.ts'
import { e } from '../../route.ts'

/*
 * The calls of the category pages alone: vendor lanes, the winner board, PvP rooms.
 */
export const vendorLanes = e({ method: 'GET', path: '/wps/relay/GCSGAME_newGameVendor', token: false, cache: 'vendorLanes', response: lob.VendorLanesSchema })
export const rankList = e({ method: 'GET', path: '/wps/relay/GCSGAME_getRankList', token: false, response: v.array(lob.RankEntrySchema) })
export const roomList = e({ method: 'GET', path: '/wps/relay/GLS2_roomList', token: false, response: v.array(lob.RoomSchema) })
