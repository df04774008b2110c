import * as v from 'valibot'
import { IdempotencyKey, LanguageSchema, Minor, PageQuery, int, page, qint, qnum, required, text } from './common.ts'

/** Game categories (SPEC §2, §4). ESPORTS and COCKFIGHT are split out of SPORTS by the client regrouping. */
export const gameTypes = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'ELOTT', 'LOTT'] as const
export type GameType = (typeof gameTypes)[number]
export const GameTypeSchema = v.picklist(gameTypes)

/**
 * Categories whose games stake real money with a bookmaker, dealer or draw: trial accounts may not
 * launch them (SPEC §5, §6). Electronic games (slots, fish, PvP) are free play for trial accounts.
 */
export const realMoneyGameTypes: readonly GameType[] = ['LIVE', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'ELOTT', 'LOTT']

/** Minimum-bet filter options (SPEC §9). */
export const minBetOptions = [0.01, 0.05, 0.1, 0.5, 0.75] as const

/**
 * A game name folded for searching: accents dropped and lower case, so "dragon dorado" finds
 * "Dragón Dorado". The platform's name search and the client's own (favourites, recent and hot
 * lists, filtered on the device) both fold this way, so a term finds the same games in every mode.
 * @example searchKey('Dragón DORADO') // 'dragon dorado'
 */
export const searchKey = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** How a game's wins are spread: many small ones (`low`) … rare large ones (`high`). */
export const volatilities = ['low', 'medium', 'high'] as const
export type Volatility = (typeof volatilities)[number]

/** A game (SPEC §3). */
export const GameSchema = v.object({
  nodeId: text(64),
  gameCode: text(64),
  code: text(64),
  displayName: text(200),
  vassalage: text(32),
  vendor: text(32),
  /** The provider's name as players know it ("PG Soft"), when the platform gives it; cards show `vendor` otherwise. */
  vendorName: v.optional(text(64)),
  gameType: GameTypeSchema,
  gameGroupCode: text(32),
  gameClassify: text(32),
  accountTypeId: int(0),
  accountTypeName: text(64),
  /** 1 = hot. */
  isHot: v.picklist([0, 1]),
  /** `VASSALAGE` means the card opens a popup game list of that vendor instead of a game. */
  isGame: v.picklist(['GAME', 'VASSALAGE']),
  defaultPlayType: text(32),
  /** Smallest stake, in major units (0.01 … 0.75 …). */
  minBet: v.number(),
  /** Thumbnail path, relative to an image CDN. */
  image: text(500),
  /** Return to player in percent (96.5), when the provider publishes it. */
  rtp: v.optional(v.number()),
  /** The game's volatility, when the provider publishes it. */
  volatility: v.optional(v.picklist(volatilities)),
})
export type Game = v.InferOutput<typeof GameSchema>

export const VendorSchema = v.object({
  vassalage: text(32),
  name: text(64),
  gameType: GameTypeSchema,
  isHot: v.picklist([0, 1]),
  isGame: v.picklist(['GAME', 'VASSALAGE']),
  logo: text(500),
  gameCount: int(0),
})
export type Vendor = v.InferOutput<typeof VendorSchema>

/** Category nav item (SPEC §3) with its vendors. */
export const GameMenuSchema = v.object({
  gameType: GameTypeSchema,
  page: text(32),
  name: text(64),
  vendors: v.array(VendorSchema),
})
export type GameMenu = v.InferOutput<typeof GameMenuSchema>

export const GameListQuery = v.object({
  clientType: v.optional(v.literal('3'), '3'),
  platform: v.optional(v.picklist(['flash', 'html5-desktop']), 'html5-desktop'),
  gameType: GameTypeSchema,
  vassalage: v.optional(text(32)),
  gameClassify: v.optional(text(32)),
  gameName: v.optional(text(100)),
  minBet: v.optional(qnum(0, 1000)),
  language: v.optional(LanguageSchema),
  ...PageQuery,
})
export const GamePageSchema = page(GameSchema)

export const HotGamesQuery = v.object({
  merchantCode: v.optional(text(32)),
  isPlatform: v.optional(v.literal('2'), '2'),
  platform: v.optional(text(32)),
  language: v.optional(LanguageSchema),
  gameType: v.optional(GameTypeSchema),
})
export const HotGamesSchema = v.object({ list: v.array(GameSchema), footer: v.array(VendorSchema) })

export const FavouriteRequest = v.object({ nodeId: required(64) })

/** One page of the member's favourites, of one type when `gameType` is given. */
export const FavouriteListQuery = v.object({ gameType: v.optional(GameTypeSchema), ...PageQuery })

/** The winner board: `ALL` or one game type (any case), at most 50 entries. */
export const RankListQuery = v.object({
  gameCategory: v.optional(v.pipe(text(16), v.toUpperCase(), v.picklist(['ALL', ...gameTypes])), 'ALL'),
  limitNum: v.optional(qint(1, 50), 50),
})

/** Query of the one-game call: the game's id, and the language of its name. */
export const GameInfoQuery = v.object({
  nodeId: required(64),
  language: v.optional(LanguageSchema),
})

export const LaunchRequest = v.object({
  nodeId: required(64),
  language: v.optional(LanguageSchema),
})
/**
 * `content` is the launch address, relative to a launch CDN (`play/…`): the client puts it on one of
 * the status's `launchGameCDNs`, picked at random (SPEC §9). An absolute URL must be on one of those
 * CDNs too, or the game page refuses to frame it.
 */
export const LaunchValue = v.object({ content: text(4000) })

export const ClassifySchema = v.object({ gameClassify: text(32), name: text(64), count: int(0) })

/** One settled round of a game, as it appears in betting records. */
export const RoundSchema = v.object({
  roundId: text(64),
  nodeId: text(64),
  gameName: text(200),
  gameType: GameTypeSchema,
  stake: Minor,
  payout: Minor,
  time: text(40),
})

export const BetHistoryQuery = v.object({ ...PageQuery })
export const BetHistorySchema = page(RoundSchema)

/** Kept for money calls made by demo games. */
export const RoundRequest = v.object({ stake: Minor, idempotencyKey: IdempotencyKey })
