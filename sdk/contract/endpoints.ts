import * as v from 'valibot'
import { Empty, page, text, int } from './common.ts'
import * as sys from './system.ts'
import * as ses from './session.ts'
import * as mem from './member.ts'
import * as wal from './wallet.ts'
import * as gm from './games.ts'
import * as lot from './lottery.ts'
import * as mon from './money.ts'
import * as lotPlay from './play-types.ts'
import * as agt from './agent.ts'

/** Names of the replies the client keeps in sessionStorage (SPEC §3 "cached responses in session"). */
export type CacheName = 'notice' | 'consolidated' | 'routers' | 'validate' | 'settings' | 'merchantWallet' | 'vendorLanes'

/** How an endpoint is called and what it answers: all the client needs to call it. */
export interface Route {
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
  /** Schema of the envelope's `value`. */
  response: v.GenericSchema
}

/** One platform endpoint: its route and its input schema. */
export interface Endpoint extends Route {
  /** Input schema: the query for GET, the body otherwise. */
  request: v.GenericSchema
}

const e = <const T extends Route>(x: T) => x

/**
 * Every endpoint of SPEC §7 and those features add: method, path, flags and reply schema. The client
 * needs only this table: it validates every reply, while what it sends is typed and checked by the
 * server, so the request schemas (below) stay out of the pages' scripts.
 */
export const routes = {
  // ── system ──────────────────────────────────────────────────────────────────
  status: e({ method: 'GET', path: '/wps/system/status', token: false, response: sys.StatusSchema }),
  whitelabel: e({ method: 'GET', path: '/wps/system/whitelabel', token: false, cache: 'validate', response: v.array(sys.WhitelabelNodeSchema) }),
  registerSettings: e({ method: 'GET', path: '/wps/system/setting/register', token: false, cache: 'settings', response: v.array(sys.RegisterRuleSchema) }),
  countries: e({ method: 'GET', path: '/wps/system/countries', token: false, response: v.array(sys.CountrySchema) }),
  domainRoute: e({ method: 'GET', path: '/wps/system/domainRoute', token: false, cache: 'routers', response: v.array(sys.DomainRouteSchema) }),
  helpCenter: e({ method: 'GET', path: '/wps/system/helpCenter', token: false, response: v.array(sys.HelpEntrySchema) }),
  merchantWallet: e({ method: 'GET', path: '/wps/system/merchantWallet', token: false, cache: 'merchantWallet', response: wal.MerchantWalletSchema }),
  publicKey: e({ method: 'GET', path: '/wps/system/publicKey', token: false, response: sys.PublicKeySchema }),
  captcha: e({ method: 'GET', path: '/wps/captcha', token: false, response: sys.CaptchaSchema }),
  slider: e({ method: 'GET', path: '/wps/verification/slider', token: false, response: sys.SliderChallengeSchema }),
  feedback: e({ method: 'PUT', path: '/wps/feedback', token: 'optional', response: Empty }),

  // ── session ─────────────────────────────────────────────────────────────────
  login: e({ method: 'POST', path: '/wps/session/login', token: false, encrypt: true, response: ses.LoginValue }),
  loginFreeplay: e({ method: 'POST', path: '/wps/session/login/freeplay', token: false, encrypt: true, response: ses.LoginValue }),
  logout: e({ method: 'DELETE', path: '/wps/session/logout', token: true, response: Empty }),
  smsLogin: e({ method: 'POST', path: '/wps/verification/sms/noLogin', token: false, response: ses.SmsSendValue }),
  smsRegister: e({ method: 'POST', path: '/wps/verification/sms/register', token: false, response: ses.SmsSendValue }),

  // ── member ──────────────────────────────────────────────────────────────────
  memberInfo: e({ method: 'GET', path: '/wps/member/info', token: true, response: mem.MemberInfoSchema }),
  infoIcon: e({ method: 'GET', path: '/wps/member/info/icon', token: true, response: mem.InfoIconSchema }),
  avatar: e({ method: 'GET', path: '/wps/relay/MCSFE_getPlayerAvatar', token: true, response: v.object({ url: text(2000) }) }),
  register: e({ method: 'PUT', path: '/wps/member/register', token: false, encrypt: true, response: ses.LoginValue }),
  registerMobile: e({ method: 'PUT', path: '/wps/member/register/mobile', token: false, encrypt: true, response: ses.LoginValue }),
  changePassword: e({ method: 'POST', path: '/wps/member/password', token: true, encrypt: true, response: Empty }),
  forgotEmail: e({ method: 'POST', path: '/wps/member/password/email', token: false, form: true, response: Empty }),
  /** Sets a new password with the single-use token of an emailed reset link (SPEC names no path; platform style). */
  resetByLink: e({ method: 'POST', path: '/wps/member/password/email/reset', token: false, encrypt: true, response: Empty }),
  resetByPhone: e({ method: 'POST', path: '/wps/member/password/verification', token: false, encrypt: true, response: mem.PhoneResetValue }),
  affiliate: e({ method: 'GET', path: '/wps/agent/affiliate', token: false, response: mem.AffiliateValue }),
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

  // ── lottery ─────────────────────────────────────────────────────────────────
  lotteryMenu: e({ method: 'GET', path: '/lgw/vn/games/game_menu', token: false, response: v.array(lot.LotteryMenuSchema) }),
  lotteryRecent: e({ method: 'GET', path: '/lgw/vn/games/game_menu/recent', token: 'optional', response: v.array(lot.LotteryGameMenuSchema) }),
  lotteryPopular: e({ method: 'GET', path: '/lgw/games/popular', token: false, response: v.array(lot.LotteryGameMenuSchema) }),
  lotteryOpenedVN: e({ method: 'GET', path: '/lgw/vn/numeros/opened/game', token: false, response: v.array(lot.OpenedNumeroSchema) }),
  lotteryOpened: e({ method: 'GET', path: '/lotto/lgw/games/opened/numero', token: false, response: v.array(lot.OpenedNumeroSchema) }),
  lotteryLaunch: e({ method: 'GET', path: '/lgw/games/launch', token: true, response: gm.LaunchValue }),
  /** A game's draws with their commitments and revealed seeds (SPEC names no path; platform style). */
  lotteryDraws: e({ method: 'GET', path: '/lgw/games/draws', token: false, response: v.array(lotPlay.LotteryDrawSchema) }),
  missionSummary: e({ method: 'GET', path: '/wps/relay/MCSFE_getMissionSummaryDetails', token: true, response: lot.MissionSummarySchema }),
  // ── embed (not in SPEC; paths in the platform's /wps style) ──────────────────
  /** A single-use code (valid 60 s, bound to the member) that signs the member in on the brand site. */
  embedHandoff: e({ method: 'POST', path: '/wps/embed/handoff', token: true, response: v.object({ code: text(64), expiresIn: int(1) }) }),
  /** Trades a handoff code for a new session of its member; a used or expired code fails. */
  embedHandoffRedeem: e({ method: 'POST', path: '/wps/embed/handoff/redeem', token: false, response: ses.LoginValue }),
  missionLeaderboard: e({ method: 'GET', path: '/wps/relay/MCSFE_getMissionLeaderboard', token: false, response: lot.MissionLeaderboardSchema }),
  // ── money (SPEC §2 member centre, §4, §5). SPEC names none of these paths: they follow the platform's
  // /wps/member and /wps/relay/MCSFE_ style. Money-moving calls carry an idempotency key. ──────────
  /** Real name, payment password state, payout accounts, last login. Path not in SPEC. */
  moneyProfile: e({ method: 'GET', path: '/wps/member/money/profile', token: true, response: mon.MoneyProfileSchema }),
  /** Sets the real name once (capitalised). Path not in SPEC. */
  setRealName: e({ method: 'POST', path: '/wps/member/realName', token: true, response: mon.MoneyProfileSchema }),
  /** Sets or changes the payment password; sealed like the login password. Path not in SPEC. */
  setPaymentPassword: e({ method: 'POST', path: '/wps/member/paymentPassword', token: true, encrypt: true, response: mon.MoneyProfileSchema }),
  /** Sends a code to a mobile number or email the member wants to bind (dev inbox). Path not in SPEC. */
  sendContactCode: e({ method: 'POST', path: '/wps/member/contact/code', token: true, response: mon.CodeSentValue }),
  /** Binds and verifies that mobile number or email with its code. Path not in SPEC. */
  bindContact: e({ method: 'POST', path: '/wps/member/contact', token: true, response: mon.MoneyProfileSchema }),
  /** Sends a payment-password reset code to the verified mobile. Path not in SPEC. */
  sendPaymentResetCode: e({ method: 'POST', path: '/wps/member/paymentPassword/reset/code', token: true, response: mon.CodeSentValue }),
  /** Sets a new payment password with that code (forgotten password); sealed. Path not in SPEC. */
  resetPaymentPassword: e({ method: 'POST', path: '/wps/member/paymentPassword/reset', token: true, encrypt: true, response: mon.MoneyProfileSchema }),
  /** Adds a bank account or e-wallet in the real name. Path not in SPEC. */
  addPayoutAccount: e({ method: 'POST', path: '/wps/member/payoutAccounts', token: true, response: mon.MoneyProfileSchema }),
  /** Removes a payout account. Path not in SPEC. */
  removePayoutAccount: e({ method: 'POST', path: '/wps/member/payoutAccounts/remove', token: true, response: mon.MoneyProfileSchema }),
  /** Makes a payout account the default. Path not in SPEC. */
  defaultPayoutAccount: e({ method: 'POST', path: '/wps/member/payoutAccounts/default', token: true, response: mon.MoneyProfileSchema }),
  /** Balance of each wallet (main and vendor wallets). Path not in SPEC. */
  walletBalances: e({ method: 'GET', path: '/wps/relay/GCS_getWalletBalances', token: true, response: mon.WalletsSchema }),
  /** Moves every vendor wallet's balance back to the main wallet. Path not in SPEC. */
  walletRecallAll: e({ method: 'POST', path: '/wps/relay/GCS_recallAllWallets', token: true, money: true, response: mon.RecallAllValue }),
  /** Whether and to whom the member may transfer to the upline agent (SPEC §2 transferUpline). Path not in SPEC. */
  uplineTransferInfo: e({ method: 'GET', path: '/wps/relay/MCSFE_getUplineTransferInfo', token: true, response: mon.UplineTransferInfoSchema }),
  /** Transfers to the upline agent with the payment password (sealed), through the ledger. Path not in SPEC. */
  transferUpline: e({ method: 'POST', path: '/wps/relay/MCSFE_transferToUpline', token: true, money: true, encrypt: true, response: mon.UplineTransferValue }),
  /** Deposit channels with limits and presets. Path not in SPEC. */
  depositChannels: e({ method: 'GET', path: '/wps/relay/MCSFE_getDepositChannels', token: true, response: mon.DepositChannelsSchema }),
  /** Creates a deposit order (same key → same order). Path not in SPEC. */
  createDeposit: e({ method: 'POST', path: '/wps/relay/MCSFE_createDepositOrder', token: true, money: true, response: mon.DepositOrderSchema }),
  /** One deposit order's state (the deposit page polls it). Path not in SPEC. */
  depositOrder: e({ method: 'GET', path: '/wps/relay/MCSFE_getDepositOrder', token: true, response: mon.DepositOrderSchema }),
  /** Withdrawable amount, limits and the member's withdrawals. Path not in SPEC. */
  withdrawInfo: e({ method: 'GET', path: '/wps/relay/MCSFE_getWithdrawInfo', token: true, response: mon.WithdrawInfoSchema }),
  /** Requests a withdrawal: the amount is held at once; the payment password is sealed. Path not in SPEC. */
  requestWithdrawal: e({ method: 'POST', path: '/wps/relay/MCSFE_requestWithdrawal', token: true, money: true, encrypt: true, response: mon.WithdrawalSchema }),
  /** Withdrawal confirmation (SPEC §4): received, not received or fully paid. Path not in SPEC. */
  confirmWithdrawal: e({ method: 'POST', path: '/wps/relay/MCSFE_confirmWithdrawal', token: true, money: true, response: mon.WithdrawalSchema }),
  /**
   * Proof image of a withdrawal not received (SPEC §5: png or jpg, at most 5 MB). The body is the raw
   * image with its type as Content-Type, not JSON; the withdrawal id is in the query (`?id=`), so the
   * client sends it with `uploadProof` (sdk/money), not `api`. Path not in SPEC.
   */
  withdrawalProof: e({ method: 'POST', path: '/wps/relay/MCSFE_uploadWithdrawalProof', token: true, response: mon.WithdrawalSchema }),
  /** Account record: every balance change with the balance after it. Path not in SPEC. */
  accountRecord: e({ method: 'GET', path: '/wps/relay/MCSFE_getAccountRecord', token: true, response: mon.AccountRecordSchema }),
  /** The account record's filtered range as CSV. Path not in SPEC. */
  accountRecordCsv: e({ method: 'GET', path: '/wps/relay/MCSFE_exportAccountRecord', token: true, response: mon.AccountRecordCsvSchema }),
  /** Betting record with filters and totals. Path not in SPEC. */
  bettingRecord: e({ method: 'GET', path: '/wps/relay/MCSFE_getBettingRecord', token: true, response: mon.BettingRecordSchema }),
  /** Profit and loss per day and per category for a period. Path not in SPEC. */
  profitReport: e({ method: 'GET', path: '/wps/relay/MCSFE_getProfitReport', token: true, response: mon.ProfitSchema }),
  /** One round of the betting record. Path not in SPEC. */
  roundDetail: e({ method: 'GET', path: '/wps/relay/MCSFE_getRoundDetail', token: true, response: mon.RoundDetailSchema }),
  // ── agent centre (SPEC §2 agent center, §3, §4, §6, §9). SPEC names none of these paths (salary
  // calls go "via MCS2 and MCSFE relays, paths not shown"): they follow the platform's /wps/agent style
  // of /wps/agent/affiliate. Each answers only about the caller's own subtree. ──────────────────────
  /** Team figures of a period with a point per day. Path not in SPEC. */
  agentTeamOverview: e({ method: 'GET', path: '/wps/agent/team/overview', token: true, response: agt.TeamOverviewSchema }),
  /** The team overview's days of the period as CSV. Path not in SPEC. */
  agentTeamCsv: e({ method: 'GET', path: '/wps/agent/team/overview/csv', token: true, response: agt.ReportCsvSchema }),
  /** Profit and loss per direct downline (its whole team) for a period. Path not in SPEC. */
  agentProfitLoss: e({ method: 'GET', path: '/wps/agent/team/profitLoss', token: true, response: agt.ProfitLossSchema }),
  /** Downlines of a member of the subtree, or a search of it, with breadcrumbs. Path not in SPEC. */
  agentDownlines: e({ method: 'GET', path: '/wps/agent/downlines', token: true, response: agt.DownlinesSchema }),
  /** Contracts the agent offered and received, with their events. Path not in SPEC. */
  agentContracts: e({ method: 'GET', path: '/wps/agent/contracts', token: true, response: agt.ContractsSchema }),
  /** Offers a contract to a direct downline agent (lower-rate rule: confirm first). Path not in SPEC. */
  agentOfferContract: e({ method: 'POST', path: '/wps/agent/contracts/offer', token: true, response: agt.OfferContractValue }),
  /** Accepts, rejects or terminates a contract. Path not in SPEC. */
  agentContractAction: e({ method: 'POST', path: '/wps/agent/contracts/action', token: true, response: agt.ContractSchema }),
  /** What terms would have paid a downline over the last complete period. Path not in SPEC. */
  agentSimulate: e({ method: 'GET', path: '/wps/agent/contracts/simulate', token: true, response: agt.SimulationSchema }),
  /** Dividend and salary payouts the agent received (my income). Path not in SPEC. */
  agentPayouts: e({ method: 'GET', path: '/wps/agent/payouts', token: true, response: agt.PayoutsSchema }),
  // ── agent centre, issue 15 leftovers (one block; paths not in SPEC, in the /wps/agent style) ──
  /** Creates a member or agent directly below the caller (registerCenter); sealed like registration. Path not in SPEC. */
  agentCreateDownline: e({ method: 'POST', path: '/wps/agent/downlines/create', token: true, encrypt: true, response: agt.CreatedDownlineSchema }),
  /** The agent's invitation codes with their registration links and QR codes. Path not in SPEC. */
  agentInvitations: e({ method: 'GET', path: '/wps/agent/invitations', token: true, response: agt.InvitationsSchema }),
  /** Creates an invitation code; answers the list. Path not in SPEC. */
  agentCreateInvitation: e({ method: 'POST', path: '/wps/agent/invitations/create', token: true, response: agt.InvitationsSchema }),
  /** Disables an invitation code (registration with it is refused from then on); answers the list. Path not in SPEC. */
  agentDisableInvitation: e({ method: 'POST', path: '/wps/agent/invitations/disable', token: true, response: agt.InvitationsSchema }),
  /** Transfers to a direct downline with the payment password (sealed), through the ledger. Path not in SPEC. */
  agentTransfer: e({ method: 'POST', path: '/wps/agent/downlines/transfer', token: true, money: true, encrypt: true, response: agt.DownlineTransferValue }),
  /** Rounds of the subtree for a period, by member and game type, with totals (team betting). Path not in SPEC. */
  agentTeamBets: e({ method: 'GET', path: '/wps/agent/team/bets', token: true, response: agt.TeamBetsSchema }),
  /** Team betting's filtered range as CSV. Path not in SPEC. */
  agentTeamBetsCsv: e({ method: 'GET', path: '/wps/agent/team/bets/csv', token: true, response: agt.ReportCsvSchema }),
  /** Deposits, withdrawals and transfers of the subtree for a period, by member and kind, with totals. Path not in SPEC. */
  agentTransactions: e({ method: 'GET', path: '/wps/agent/team/transactions', token: true, response: agt.TeamTransactionsSchema }),
  /** Downline transactions' filtered range as CSV. Path not in SPEC. */
  agentTransactionsCsv: e({ method: 'GET', path: '/wps/agent/team/transactions/csv', token: true, response: agt.ReportCsvSchema }),
  /** The profit and loss statement of a period as CSV. Path not in SPEC. */
  agentProfitLossCsv: e({ method: 'GET', path: '/wps/agent/team/profitLoss/csv', token: true, response: agt.ReportCsvSchema }),
  /** My income (or one kind's record) as CSV. Path not in SPEC. */
  agentPayoutsCsv: e({ method: 'GET', path: '/wps/agent/payouts/csv', token: true, response: agt.ReportCsvSchema }),
  /** Announcements to agents (SPEC §2 agentAnnouncement). Path not in SPEC. */
  agentAnnouncements: e({ method: 'GET', path: '/wps/agent/announcements', token: true, response: agt.AgentAnnouncementsSchema }),
} as const satisfies Record<string, Route>

/** Key of an endpoint in the table. */
export type EndpointKey = keyof typeof routes

/** The input schema of each endpoint (the query for GET, the body otherwise), validated by the server. */
export const requests = {
  // ── system ──────────────────────────────────────────────────────────────────
  status: v.object({ url: v.optional(text(2000)) }),
  whitelabel: Empty,
  registerSettings: Empty,
  countries: Empty,
  domainRoute: v.object({ device: v.optional(v.picklist(['0', '3']), '0') }),
  helpCenter: Empty,
  merchantWallet: Empty,
  publicKey: Empty,
  captcha: Empty,
  slider: Empty,
  feedback: mem.FeedbackRequest,

  // ── session ─────────────────────────────────────────────────────────────────
  login: ses.LoginRequest,
  loginFreeplay: ses.FreeplayRequest,
  logout: Empty,
  smsLogin: ses.SmsSendRequest,
  smsRegister: ses.SmsSendRequest,

  // ── member ──────────────────────────────────────────────────────────────────
  memberInfo: Empty,
  infoIcon: Empty,
  avatar: Empty,
  register: mem.RegisterRequest,
  registerMobile: mem.RegisterRequest,
  changePassword: mem.ChangePasswordRequest,
  forgotEmail: mem.EmailResetRequest,
  resetByLink: mem.LinkResetRequest,
  resetByPhone: mem.PhoneResetRequest,
  affiliate: mem.AffiliateQuery,
  consolidated: Empty,
  unreadCount: Empty,
  raffleClaim: mem.RaffleClaimRequest,

  // ── wallet ──────────────────────────────────────────────────────────────────
  balance: Empty,
  walletTransfer: wal.WalletTransferRequest,

  // ── games ───────────────────────────────────────────────────────────────────
  gameMenus: v.object({ language: v.optional(text(2)) }),
  gameList: gm.GameListQuery,
  announcements: gm.AnnouncementsQuery,
  vassGameType: v.object({ gameType: gm.GameTypeSchema, vassalage: v.optional(text(32)) }),
  vendorLanes: v.object({ gameType: gm.GameTypeSchema, language: v.optional(text(2)) }),
  favouriteIds: v.object({ clientType: v.optional(v.literal('3'), '3'), gameType: v.optional(gm.GameTypeSchema) }),
  favouriteList: v.object({ gameType: v.optional(gm.GameTypeSchema), page: v.optional(text(6)), pageSize: v.optional(text(3)) }),
  favouriteAdd: gm.FavouriteRequest,
  favouriteRemove: gm.FavouriteRequest,
  recentGames: v.object({ clientType: v.optional(v.literal('3'), '3'), gameType: v.optional(gm.GameTypeSchema) }),
  hotGames: gm.HotGamesQuery,
  /** One game by its id. */
  gameInfo: gm.GameInfoQuery,
  rankList: v.object({ gameCategory: v.optional(text(16), 'ALL'), limitNum: v.optional(text(3), '50') }),
  launchGame: gm.LaunchRequest,
  launchFB: v.object({ language: v.optional(text(2)) }),
  roomList: v.object({ gameCode: v.optional(text(64)) }),
  betHistory: gm.BetHistoryQuery,

  // ── lottery ─────────────────────────────────────────────────────────────────
  lotteryMenu: lot.LotteryMenuQuery,
  lotteryRecent: lot.LotteryMenuQuery,
  lotteryPopular: lot.PopularQuery,
  lotteryOpenedVN: lot.OpenedQuery,
  lotteryOpened: lot.OpenedQuery,
  lotteryLaunch: lot.LotteryLaunchQuery,
  lotteryDraws: lotPlay.LotteryDrawsQuery,
  missionSummary: Empty,
  missionLeaderboard: Empty,
  embedHandoff: Empty,
  embedHandoffRedeem: v.object({ code: text(64) }),
  // ── money ───────────────────────────────────────────────────────────────────
  moneyProfile: Empty,
  setRealName: mon.SetRealNameRequest,
  setPaymentPassword: mon.SetPaymentPasswordRequest,
  sendContactCode: mon.ContactCodeRequest,
  bindContact: mon.BindContactRequest,
  sendPaymentResetCode: Empty,
  resetPaymentPassword: mon.ResetPaymentPasswordRequest,
  addPayoutAccount: mon.AddPayoutAccountRequest,
  removePayoutAccount: mon.PayoutAccountIdRequest,
  defaultPayoutAccount: mon.PayoutAccountIdRequest,
  walletBalances: Empty,
  walletRecallAll: mon.RecallAllRequest,
  uplineTransferInfo: Empty,
  transferUpline: mon.UplineTransferRequest,
  depositChannels: Empty,
  createDeposit: mon.CreateDepositRequest,
  depositOrder: mon.DepositOrderQuery,
  withdrawInfo: Empty,
  requestWithdrawal: mon.WithdrawRequest,
  confirmWithdrawal: mon.ConfirmWithdrawalRequest,
  withdrawalProof: mon.PayoutAccountIdRequest,
  accountRecord: mon.AccountRecordQuery,
  accountRecordCsv: mon.AccountRecordQuery,
  bettingRecord: mon.BettingRecordQuery,
  roundDetail: mon.RoundDetailQuery,
  profitReport: mon.ProfitQuery,
  // ── agent centre ────────────────────────────────────────────────────────────
  agentTeamOverview: agt.TeamReportQuery,
  agentTeamCsv: agt.TeamReportQuery,
  agentProfitLoss: agt.TeamReportQuery,
  agentDownlines: agt.DownlinesQuery,
  agentContracts: Empty,
  agentOfferContract: agt.OfferContractRequest,
  agentContractAction: agt.ContractActionRequest,
  agentSimulate: agt.SimulateQuery,
  agentPayouts: agt.PayoutsQuery,
  // ── agent centre, issue 15 leftovers ──
  agentCreateDownline: agt.CreateDownlineRequest,
  agentInvitations: agt.InvitationsQuery,
  agentCreateInvitation: agt.CreateInvitationRequest,
  agentDisableInvitation: agt.DisableInvitationRequest,
  agentTransfer: agt.DownlineTransferRequest,
  agentTeamBets: agt.TeamBetsQuery,
  agentTeamBetsCsv: agt.TeamBetsQuery,
  agentTransactions: agt.TeamTransactionsQuery,
  agentTransactionsCsv: agt.TeamTransactionsQuery,
  agentProfitLossCsv: agt.TeamReportQuery,
  agentPayoutsCsv: agt.PayoutsQuery,
  agentAnnouncements: Empty,
} as const satisfies Record<EndpointKey, v.GenericSchema>

type Joined = { [K in EndpointKey]: (typeof routes)[K] & { request: (typeof requests)[K] } }
/** The type of {@link endpoints}: each route with its request schema. */
// An interface rather than the mapped type itself, so that `Endpoints[K]` stays assignable to `Endpoints[EndpointKey]`.
export interface Endpoints extends Joined {}

function join(): Endpoints {
  const table: Record<string, Endpoint> = {}
  for (const key of Object.keys(routes) as EndpointKey[]) table[key] = { ...routes[key], request: requests[key] }
  return table as Endpoints
}

/** The platform contract: each endpoint's route with its request schema (what the sandbox serves). */
// Pure: a bundle that reads only `routes` (the client's) drops this table and the request schemas.
export const endpoints = /* @__PURE__ */ join()

/** What a caller passes for an endpoint (before defaults). */
export type RequestOf<K extends EndpointKey> = v.InferInput<Endpoints[K]['request']>
/** What the server sees after validation (defaults applied). */
export type ParsedRequestOf<K extends EndpointKey> = v.InferOutput<Endpoints[K]['request']>
/** The typed `value` of an endpoint's reply. */
export type ResponseOf<K extends EndpointKey> = v.InferOutput<Endpoints[K]['response']>

export { page }
