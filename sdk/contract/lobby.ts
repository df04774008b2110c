import * as v from 'valibot'
import { Minor, int, text } from './common.ts'
import { GameSchema, GameTypeSchema } from './games.ts'

/*
 * What only the category pages show beside their game lists: the vendor lanes, the winner board and
 * the PvP rooms. Apart from ./games.ts, whose schemas every games page needs at once, so a page with
 * none of these does not carry them.
 */

export const VendorLaneSchema = v.object({
  title: text(100),
  gameClassify: text(32),
  cards: v.array(GameSchema),
})
export const VendorLanesSchema = v.object({ data: v.object({ lanes: v.array(VendorLaneSchema) }) })

export const RankEntrySchema = v.object({
  vo: v.object({
    account: text(64),
    gameName: text(200),
    gameType: GameTypeSchema,
    winAmount: Minor,
    time: text(40),
  }),
})

export const RoomSchema = v.object({
  roomId: text(64),
  gameCode: text(64),
  /** The room's game, so joining a room launches it (optional: older platforms omit it). */
  nodeId: v.optional(text(64)),
  name: text(100),
  minBet: v.number(),
  players: int(0),
  capacity: int(0),
})
