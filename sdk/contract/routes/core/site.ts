import * as v from 'valibot'
import { Empty, text, int } from '../../common.ts'
import * as sys from '../../system.ts'
import * as mem from '../../member.ts'
import * as wal from '../../wallet.ts'
import * as gm from '../../games.ts'
import { e } from '../../route.ts'

/*
 * What every page may call: system, session, member, wallet and games. Each route is an export of its
 * own and page code calls through a table of the routes it uses (sdk/runtime `roomApi`), so a page
 * carries only the routes and reply schemas it can receive: a bundler drops the routes nobody names.
 * ./table.ts gathers these and the other core modules (`coreRoutes`) for the types, the sandbox and the tests.
 */
// ── system ──────────────────────────────────────────────────────────────────
export const status = e({ method: 'GET', path: '/wps/system/status', token: false, response: sys.StatusSchema })
export const whitelabel = e({ method: 'GET', path: '/wps/system/whitelabel', token: false, cache: 'validate', response: v.array(sys.WhitelabelNodeSchema) })
export const merchantWallet = e({ method: 'GET', path: '/wps/system/merchantWallet', token: false, cache: 'merchantWallet', response: wal.MerchantWalletSchema })
export const publicKey = e({ method: 'GET', path: '/wps/system/publicKey', token: false, response: sys.PublicKeySchema })

// ── session ─────────────────────────────────────────────────────────────────
export const logout = e({ method: 'DELETE', path: '/wps/session/logout', token: true, response: Empty })

// ── member ──────────────────────────────────────────────────────────────────
export const memberInfo = e({ method: 'GET', path: '/wps/member/info', token: true, response: mem.MemberInfoSchema })
export const unreadCount = e({ method: 'GET', path: '/wps/relay/CSP_unreadCount', token: true, response: int(0) })
export const avatar = e({ method: 'GET', path: '/wps/relay/MCSFE_getPlayerAvatar', token: true, response: v.object({ url: text(2000) }) })

// ── wallet ──────────────────────────────────────────────────────────────────
export const balance = e({ method: 'GET', path: '/wps/v2/wallets/balance', token: true, response: wal.BalanceSchema })

// ── games ───────────────────────────────────────────────────────────────────
export const gameMenus = e({ method: 'GET', path: '/lgw/games/game_menus', token: false, response: v.array(gm.GameMenuSchema) })
export const gameList = e({ method: 'GET', path: '/wps/relay/GCSGAME_gameList', token: 'optional', response: gm.GamePageSchema })
export const vassGameType = e({ method: 'GET', path: '/wps/relay/GCSGAME_getVassGameType', token: false, response: v.array(gm.ClassifySchema) })
export const favouriteIds = e({ method: 'GET', path: '/wps/relay/MCSFE_getFavoriteGames', token: true, response: v.array(text(64)) })
export const favouriteList = e({ method: 'GET', path: '/wps/relay/MCSFE_getFavoriteGamesList', token: true, response: gm.GamePageSchema })
export const favouriteAdd = e({ method: 'POST', path: '/wps/relay/MCSFE_addFavoriteGame', token: true, response: v.array(text(64)) })
export const favouriteRemove = e({ method: 'POST', path: '/wps/relay/MCSFE_removeFavoriteGame', token: true, response: v.array(text(64)) })
export const recentGames = e({ method: 'GET', path: '/wps/relay/GCS_recentGame', token: true, response: v.object({ list: v.array(gm.GameSchema), totalPages: int(0) }) })
export const hotGames = e({ method: 'GET', path: '/wps/relay/GCSGAME_hotGamesV2', token: false, response: gm.HotGamesSchema })
export const betHistory = e({ method: 'GET', path: '/wps/relay/MCSFE_getBetHistory', token: true, response: gm.BetHistorySchema })
