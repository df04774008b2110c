import * as v from 'valibot'
import { Empty, page, text, int } from './common.ts'
import * as sys from './system.ts'
import * as ses from './session.ts'
import * as mem from './member.ts'
import * as wal from './wallet.ts'
import * as gm from './games.ts'
import * as lot from './lottery.ts'

/** Names of the replies the client keeps in sessionStorage (SPEC §3 "cached responses in session"). */
export type CacheName = 'notice' | 'consolidated' | 'routers' | 'validate' | 'settings' | 'merchantWallet' | 'vendorLanes'

/** One platform endpoint. */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** The only place a path is written. */
  path: string
  /** `true`: needs the session token; `'optional'`: sends it when present; `false`: never. */
  token: boolean | 'optional'
  /** Body encrypted with the platform public key (AES-GCM key wrapped with RSA-OAEP). */
  encrypt?: boolean
  /** Body sent form-encoded instead of JSON. */
  form?: boolean
  /** Reply cached for the browser session under this name. */
  cache?: CacheName
  /** Moves money: never retried without the same idempotency key. */
  money?: boolean
  /** Input schema: the query for GET, the body otherwise. */
  request: v.GenericSchema
  /** Schema of the envelope's `value`. */
  response: v.GenericSchema
}

const e = <const T extends Endpoint>(x: T) => x

/** The platform contract: every endpoint of SPEC §7 and those features add. */
export const endpoints = {
  // ── system ──────────────────────────────────────────────────────────────────
  status: e({ method: 'GET', path: '/wps/system/status', token: false, request: v.object({ url: v.optional(text(2000)) }), response: sys.StatusSchema }),
  whitelabel: e({ method: 'GET', path: '/wps/system/whitelabel', token: false, cache: 'validate', request: Empty, response: v.array(sys.WhitelabelNodeSchema) }),
  registerSettings: e({ method: 'GET', path: '/wps/system/setting/register', token: false, cache: 'settings', request: Empty, response: v.array(sys.RegisterRuleSchema) }),
  countries: e({ method: 'GET', path: '/wps/system/countries', token: false, request: Empty, response: v.array(sys.CountrySchema) }),
  domainRoute: e({ method: 'GET', path: '/wps/system/domainRoute', token: false, cache: 'routers', request: v.object({ device: v.optional(v.picklist(['0', '3']), '0') }), response: v.array(sys.DomainRouteSchema) }),
  helpCenter: e({ method: 'GET', path: '/wps/system/helpCenter', token: false, request: Empty, response: v.array(sys.HelpEntrySchema) }),
  merchantWallet: e({ method: 'GET', path: '/wps/system/merchantWallet', token: false, cache: 'merchantWallet', request: Empty, response: wal.MerchantWalletSchema }),
  publicKey: e({ method: 'GET', path: '/wps/system/publicKey', token: false, request: Empty, response: sys.PublicKeySchema }),
  captcha: e({ method: 'GET', path: '/wps/captcha', token: false, request: Empty, response: sys.CaptchaSchema }),
  slider: e({ method: 'GET', path: '/wps/verification/slider', token: false, request: Empty, response: sys.SliderChallengeSchema }),
  feedback: e({ method: 'PUT', path: '/wps/feedback', token: 'optional', request: mem.FeedbackRequest, response: Empty }),

  // ── session ─────────────────────────────────────────────────────────────────
  login: e({ method: 'POST', path: '/wps/session/login', token: false, encrypt: true, request: ses.LoginRequest, response: ses.LoginValue }),
  loginFreeplay: e({ method: 'POST', path: '/wps/session/login/freeplay', token: false, encrypt: true, request: ses.FreeplayRequest, response: ses.LoginValue }),
  logout: e({ method: 'DELETE', path: '/wps/session/logout', token: true, request: Empty, response: Empty }),
  smsLogin: e({ method: 'POST', path: '/wps/verification/sms/noLogin', token: false, request: ses.SmsSendRequest, response: ses.SmsSendValue }),
  smsRegister: e({ method: 'POST', path: '/wps/verification/sms/register', token: false, request: ses.SmsSendRequest, response: ses.SmsSendValue }),

  // ── member ──────────────────────────────────────────────────────────────────
  memberInfo: e({ method: 'GET', path: '/wps/member/info', token: true, request: Empty, response: mem.MemberInfoSchema }),
  infoIcon: e({ method: 'GET', path: '/wps/member/info/icon', token: true, request: Empty, response: mem.InfoIconSchema }),
  avatar: e({ method: 'GET', path: '/wps/relay/MCSFE_getPlayerAvatar', token: true, request: Empty, response: v.object({ url: text(2000) }) }),
  register: e({ method: 'PUT', path: '/wps/member/register', token: false, encrypt: true, request: mem.RegisterRequest, response: ses.LoginValue }),
  registerMobile: e({ method: 'PUT', path: '/wps/member/register/mobile', token: false, encrypt: true, request: mem.RegisterRequest, response: ses.LoginValue }),
  changePassword: e({ method: 'POST', path: '/wps/member/password', token: true, encrypt: true, request: mem.ChangePasswordRequest, response: Empty }),
  forgotEmail: e({ method: 'POST', path: '/wps/member/password/email', token: false, form: true, request: mem.EmailResetRequest, response: Empty }),
  resetByPhone: e({ method: 'POST', path: '/wps/member/password/verification', token: false, encrypt: true, request: mem.PhoneResetRequest, response: mem.PhoneResetValue }),
  affiliate: e({ method: 'GET', path: '/wps/agent/affiliate', token: false, request: mem.AffiliateQuery, response: mem.AffiliateValue }),
  consolidated: e({ method: 'GET', path: '/wps/member/info/funds/consolidated', token: true, cache: 'consolidated', request: Empty, response: mem.ConsolidatedSchema }),
  unreadCount: e({ method: 'GET', path: '/wps/relay/CSP_unreadCount', token: true, request: Empty, response: int(0) }),
  raffleClaim: e({ method: 'POST', path: '/wps/relay/MCS2_claimRafflePromotion', token: true, request: mem.RaffleClaimRequest, response: Empty }),

  // ── wallet ──────────────────────────────────────────────────────────────────
  balance: e({ method: 'GET', path: '/wps/v2/wallets/balance', token: true, request: Empty, response: wal.BalanceSchema }),
  walletTransfer: e({ method: 'POST', path: '/wps/relay/GCS_walletTransfer', token: true, money: true, request: wal.WalletTransferRequest, response: wal.WalletTransferValue }),

  // ── games ───────────────────────────────────────────────────────────────────
  gameMenus: e({ method: 'GET', path: '/lgw/games/game_menus', token: false, request: v.object({ language: v.optional(text(2)) }), response: v.array(gm.GameMenuSchema) }),
  gameList: e({ method: 'GET', path: '/wps/relay/GCSGAME_gameList', token: 'optional', request: gm.GameListQuery, response: gm.GamePageSchema }),
  announcements: e({ method: 'GET', path: '/wps/relay/MCSFE_getListAnnouncements', token: 'optional', cache: 'notice', request: gm.AnnouncementsQuery, response: gm.AnnouncementsSchema }),
  vassGameType: e({ method: 'GET', path: '/wps/relay/GCSGAME_getVassGameType', token: false, request: v.object({ gameType: gm.GameTypeSchema, vassalage: v.optional(text(32)) }), response: v.array(gm.ClassifySchema) }),
  vendorLanes: e({ method: 'GET', path: '/wps/relay/GCSGAME_newGameVendor', token: false, cache: 'vendorLanes', request: v.object({ gameType: gm.GameTypeSchema, language: v.optional(text(2)) }), response: gm.VendorLanesSchema }),
  favouriteIds: e({ method: 'GET', path: '/wps/relay/MCSFE_getFavoriteGames', token: true, request: v.object({ clientType: v.optional(v.literal('3'), '3'), gameType: v.optional(gm.GameTypeSchema) }), response: v.array(text(64)) }),
  favouriteList: e({ method: 'GET', path: '/wps/relay/MCSFE_getFavoriteGamesList', token: true, request: v.object({ gameType: v.optional(gm.GameTypeSchema), page: v.optional(text(6)), pageSize: v.optional(text(3)) }), response: gm.GamePageSchema }),
  favouriteAdd: e({ method: 'POST', path: '/wps/relay/MCSFE_addFavoriteGame', token: true, request: gm.FavouriteRequest, response: v.array(text(64)) }),
  favouriteRemove: e({ method: 'POST', path: '/wps/relay/MCSFE_removeFavoriteGame', token: true, request: gm.FavouriteRequest, response: v.array(text(64)) }),
  recentGames: e({ method: 'GET', path: '/wps/relay/GCS_recentGame', token: true, request: v.object({ clientType: v.optional(v.literal('3'), '3'), gameType: v.optional(gm.GameTypeSchema) }), response: v.object({ list: v.array(gm.GameSchema), totalPages: int(0) }) }),
  hotGames: e({ method: 'GET', path: '/wps/relay/GCSGAME_hotGamesV2', token: false, request: gm.HotGamesQuery, response: gm.HotGamesSchema }),
  rankList: e({ method: 'GET', path: '/wps/relay/GCSGAME_getRankList', token: false, request: v.object({ gameCategory: v.optional(text(16), 'ALL'), limitNum: v.optional(text(3), '50') }), response: v.array(gm.RankEntrySchema) }),
  /** One game by its id (a GAME banner names only the id; the launch rules need its type and vendor). */
  gameInfo: e({ method: 'GET', path: '/wps/relay/GCSGAME_gameInfo', token: false, request: gm.GameInfoQuery, response: gm.GameSchema }),
  launchGame: e({ method: 'GET', path: '/wps/game/launchGame', token: true, request: gm.LaunchRequest, response: gm.LaunchValue }),
  launchFB: e({ method: 'GET', path: '/wps/relay/GCS_gameLaunchFB', token: true, request: v.object({ language: v.optional(text(2)) }), response: gm.LaunchValue }),
  roomList: e({ method: 'GET', path: '/wps/relay/GLS2_roomList', token: false, request: v.object({ gameCode: v.optional(text(64)) }), response: v.array(gm.RoomSchema) }),
  betHistory: e({ method: 'GET', path: '/wps/relay/MCSFE_getBetHistory', token: true, request: gm.BetHistoryQuery, response: gm.BetHistorySchema }),

  // ── lottery ─────────────────────────────────────────────────────────────────
  lotteryMenu: e({ method: 'GET', path: '/lgw/vn/games/game_menu', token: false, request: lot.LotteryMenuQuery, response: v.array(lot.LotteryMenuSchema) }),
  lotteryRecent: e({ method: 'GET', path: '/lgw/vn/games/game_menu/recent', token: 'optional', request: lot.LotteryMenuQuery, response: v.array(lot.LotteryGameMenuSchema) }),
  lotteryPopular: e({ method: 'GET', path: '/lgw/games/popular', token: false, request: lot.PopularQuery, response: v.array(lot.LotteryGameMenuSchema) }),
  lotteryOpenedVN: e({ method: 'GET', path: '/lgw/vn/numeros/opened/game', token: false, request: lot.OpenedQuery, response: v.array(lot.OpenedNumeroSchema) }),
  lotteryOpened: e({ method: 'GET', path: '/lotto/lgw/games/opened/numero', token: false, request: lot.OpenedQuery, response: v.array(lot.OpenedNumeroSchema) }),
  lotteryLaunch: e({ method: 'GET', path: '/lgw/games/launch', token: true, request: lot.LotteryLaunchQuery, response: gm.LaunchValue }),
  missionSummary: e({ method: 'GET', path: '/wps/relay/MCSFE_getMissionSummaryDetails', token: true, request: Empty, response: lot.MissionSummarySchema }),
  missionLeaderboard: e({ method: 'GET', path: '/wps/relay/MCSFE_getMissionLeaderboard', token: false, request: Empty, response: lot.MissionLeaderboardSchema }),
} as const satisfies Record<string, Endpoint>

/** Key of an endpoint in the table. */
export type EndpointKey = keyof typeof endpoints
/** What a caller passes for an endpoint (before defaults). */
export type RequestOf<K extends EndpointKey> = v.InferInput<(typeof endpoints)[K]['request']>
/** What the server sees after validation (defaults applied). */
export type ParsedRequestOf<K extends EndpointKey> = v.InferOutput<(typeof endpoints)[K]['request']>
/** The typed `value` of an endpoint's reply. */
export type ResponseOf<K extends EndpointKey> = v.InferOutput<(typeof endpoints)[K]['response']>

export { page }
