import * as v from 'valibot'
import * as lob from '../lobby.ts'
import { e } from '../route.ts'

/*
 * The core routes only the category pages call (vendor lanes, the winner board, PvP rooms): in a module
 * of their own, like ./core-on-demand.ts, so the slot page's first load carries neither them nor their
 * reply schemas. The whole core table is ./core-table.ts.
 */
export const vendorLanes = e({ method: 'GET', path: '/wps/relay/GCSGAME_newGameVendor', token: false, cache: 'vendorLanes', response: lob.VendorLanesSchema })
export const rankList = e({ method: 'GET', path: '/wps/relay/GCSGAME_getRankList', token: false, response: v.array(lob.RankEntrySchema) })
export const roomList = e({ method: 'GET', path: '/wps/relay/GLS2_roomList', token: false, response: v.array(lob.RoomSchema) })
