import * as v from 'valibot'
import { Empty, text, int } from '../common.ts'
import * as sys from '../system.ts'
import * as ses from '../session.ts'
import * as mem from '../member.ts'
import * as wal from '../wallet.ts'
import * as gm from '../games.ts'
import { e, type Route } from '../route.ts'

/**
 * What every page may call: system, session, member, wallet, games and the embed handoff.
 * A room's table loads with the code that calls it, so a page carries only the reply schemas it can receive.
 */
export const coreRoutes = {
  // ── system ──────────────────────────────────────────────────────────────────
  status: e({ method: 'GET', path: '/wps/system/status', token: false, response: sys.StatusSchema }),
  whitelabel: e({ method: 'GET', path: '/wps/system/whitelabel', token: false, cache: 'validate', response: v.array(sys.WhitelabelNodeSchema) }),
  domainRoute: e({ method: 'GET', path: '/wps/system/domainRoute', token: false, cache: 'routers', response: v.array(sys.DomainRouteSchema) }),
  helpCenter: e({ method: 'GET', path: '/wps/system/helpCenter', token: false, response: v.array(sys.HelpEntrySchema) }),
  merchantWallet: e({ method: 'GET', path: '/wps/system/merchantWallet', token: false, cache: 'merchantWallet', response: wal.MerchantWalletSchema }),
  publicKey: e({ method: 'GET', path: '/wps/system/publicKey', token: false, response: sys.PublicKeySchema }),
  feedback: e({ method: 'PUT', path: '/wps/feedback', token: 'optional', response: Empty }),

  // ── session ─────────────────────────────────────────────────────────────────
  login: e({ method: 'POST', path: '/wps/session/login', token: false, encrypt: true, response: ses.LoginValue }),
  logout: e({ method: 'DELETE', path: '/wps/session/logout', token: true, response: Empty }),

  // ── member ──────────────────────────────────────────────────────────────────
  memberInfo: e({ method: 'GET', path: '/wps/member/info', token: true, response: mem.MemberInfoSchema }),
  infoIcon: e({ method: 'GET', path: '/wps/member/info/icon', token: true, response: mem.InfoIconSchema }),
  avatar: e({ method: 'GET', path: '/wps/relay/MCSFE_getPlayerAvatar', token: true, response: v.object({ url: text(2000) }) }),
  consolidated: e({ method: 'GET', path: '/wps/member/info/funds/consolidated', token: true, cache: 'consolidated', response: mem.ConsolidatedSchema }),
  unreadCount: e({ method: 'GET', path: '/wps/relay/CSP_unreadCount', token: true, response: int(0) }),
  raffleClaim: e({ method: 'POST', path: '/wps/relay/MCS2_claimRafflePromotion', token: true, response: Empty }),

  // ── wallet ──────────────────────────────────────────────────────────────────
  balance: e({ method: 'GET', path: '/wps/v2/wallets/balance', token: true, response: wal.BalanceSchema }),
  walletTransfer: e({ method: 'POST', path: '/wps/relay/GCS_walletTransfer', token: true, money: true, response: wal.WalletTransferValue }),

  // ── games ───────────────────────────────────────────────────────────────────
  gameMenus: e({ method: 'GET', path: '/lgw/games/game_menus', token: false, response: v.array(gm.GameMenuSchema) }),
  gameList: e({ method: 'GET', path: '/wps/relay/GCSGAME_gameList', token: 'optional', response: gm.GamePageSchema }),
  announcements: e({ method: 'GET', path: '/wps/relay/MCSFE_getListAnnouncements', token: 'optional', cache: 'notice', response: gm.AnnouncementsSchema }),
  vassGameType: e({ method: 'GET', path: '/wps/relay/GCSGAME_getVassGameType', token: false, response: v.array(gm.ClassifySchema) }),
  vendorLanes: e({ method: 'GET', path: '/wps/relay/GCSGAME_newGameVendor', token: false, cache: 'vendorLanes', response: gm.VendorLanesSchema }),
  favouriteIds: e({ method: 'GET', path: '/wps/relay/MCSFE_getFavoriteGames', token: true, response: v.array(text(64)) }),
  favouriteList: e({ method: 'GET', path: '/wps/relay/MCSFE_getFavoriteGamesList', token: true, response: gm.GamePageSchema }),
  favouriteAdd: e({ method: 'POST', path: '/wps/relay/MCSFE_addFavoriteGame', token: true, response: v.array(text(64)) }),
  favouriteRemove: e({ method: 'POST', path: '/wps/relay/MCSFE_removeFavoriteGame', token: true, response: v.array(text(64)) }),
  recentGames: e({ method: 'GET', path: '/wps/relay/GCS_recentGame', token: true, response: v.object({ list: v.array(gm.GameSchema), totalPages: int(0) }) }),
  hotGames: e({ method: 'GET', path: '/wps/relay/GCSGAME_hotGamesV2', token: false, response: gm.HotGamesSchema }),
  /** One game by its id (a GAME banner names only the id; the launch rules need its type and vendor). */
  gameInfo: e({ method: 'GET', path: '/wps/relay/GCSGAME_gameInfo', token: false, response: gm.GameSchema }),
  rankList: e({ method: 'GET', path: '/wps/relay/GCSGAME_getRankList', token: false, response: v.array(gm.RankEntrySchema) }),
  launchGame: e({ method: 'GET', path: '/wps/game/launchGame', token: true, response: gm.LaunchValue }),
  launchFB: e({ method: 'GET', path: '/wps/relay/GCS_gameLaunchFB', token: true, response: gm.LaunchValue }),
  roomList: e({ method: 'GET', path: '/wps/relay/GLS2_roomList', token: false, response: v.array(gm.RoomSchema) }),
  betHistory: e({ method: 'GET', path: '/wps/relay/MCSFE_getBetHistory', token: true, response: gm.BetHistorySchema }),

  // ── embed (not in SPEC; paths in the platform's /wps style) ──────────────────
  /** A single-use code (valid 60 s, bound to the member) that signs the member in on the brand site. */
  embedHandoff: e({ method: 'POST', path: '/wps/embed/handoff', token: true, response: v.object({ code: text(64), expiresIn: int(1) }) }),
  /** Trades a handoff code for a new session of its member; a used or expired code fails. */
  embedHandoffRedeem: e({ method: 'POST', path: '/wps/embed/handoff/redeem', token: false, response: ses.LoginValue }),
} as const satisfies Record<string, Route>
