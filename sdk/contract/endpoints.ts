import * as v from 'valibot'
import { Empty, page, text } from './common.ts'
import * as mem from './member.ts'
import * as acct from './account-requests.ts'
import * as gm from './games.ts'
import * as ntc from './notices.ts'
import * as lot from './lottery.ts'
import * as mon from './money.ts'
import * as lotPlay from './play-types.ts'
import * as agt from './agent.ts'
import * as ses from './session.ts'
import * as req from './requests.ts'
import { HandoffChallenge, HandoffVerifier } from './handoff.ts'
import * as rw from './rewards.ts'
import * as svc from './service.ts'
import type { Route } from './route.ts'
import { coreRoutes } from './routes/core/table.ts'
import { authRoutes } from './routes/auth.ts'
import { lotteryRoutes } from './routes/lottery.ts'
import { moneyRoutes } from './routes/money.ts'
import { agentRoutes } from './routes/agent.ts'
import { protectRoutes } from './routes/protect.ts'
import * as prt from './protect.ts'
import { rewardRoutes } from './routes/rewards.ts'
import { serviceRequests, serviceRoutes } from './routes/service.ts'

export type { CacheName, Route } from './route.ts'
export { coreRoutes, authRoutes, lotteryRoutes, moneyRoutes, agentRoutes, protectRoutes, rewardRoutes, serviceRoutes }

/** One platform endpoint: its route and its input schema. */
export interface Endpoint extends Route {
  /** Input schema: the query for GET, the body otherwise. */
  request: v.GenericSchema
}

type AllRoutes = typeof coreRoutes &
  typeof authRoutes &
  typeof lotteryRoutes &
  typeof moneyRoutes &
  typeof agentRoutes &
  typeof protectRoutes &
  typeof rewardRoutes &
  typeof serviceRoutes

const merge = (...tables: Record<string, Route>[]): AllRoutes => Object.assign({}, ...tables) as AllRoutes

/**
 * Every endpoint of SPEC §7 and those features add: method, path, flags and reply schema, gathered from
 * the rooms' tables (`routes/*.ts`). The client never imports this whole table: each room's code calls
 * through its own table (sdk/runtime `roomApi`), so a page carries only the reply schemas it can receive.
 * The sandbox and the contract tests read it whole. The request schemas (below) stay out of the pages' scripts.
 */
export const routes: AllRoutes = /* @__PURE__ */ merge(coreRoutes, authRoutes, lotteryRoutes, moneyRoutes, agentRoutes, protectRoutes, rewardRoutes, serviceRoutes)

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
  feedback: svc.FeedbackRequest,

  // ── session ─────────────────────────────────────────────────────────────────
  login: req.LoginRequest,
  loginFreeplay: ses.FreeplayRequest,
  logout: Empty,
  smsLogin: acct.SmsSendRequest,
  smsRegister: acct.SmsSendRequest,

  // ── member ──────────────────────────────────────────────────────────────────
  memberInfo: Empty,
  infoIcon: Empty,
  avatar: Empty,
  register: req.RegisterRequest,
  registerMobile: req.RegisterRequest,
  changePassword: acct.ChangePasswordRequest,
  forgotEmail: acct.EmailResetRequest,
  resetByLink: acct.LinkResetRequest,
  resetByPhone: acct.PhoneResetRequest,
  affiliate: mem.AffiliateQuery,
  registerPolicy: Empty,
  consolidated: Empty,
  unreadCount: Empty,
  raffleClaim: mem.RaffleClaimRequest,

  // ── wallet ──────────────────────────────────────────────────────────────────
  balance: Empty,
  walletTransfer: mon.WalletTransferRequest,

  // ── games ───────────────────────────────────────────────────────────────────
  gameMenus: v.object({ language: v.optional(text(2)) }),
  gameList: gm.GameListQuery,
  announcements: ntc.AnnouncementsQuery,
  vassGameType: v.object({ gameType: gm.GameTypeSchema, vassalage: v.optional(text(32)) }),
  vendorLanes: v.object({ gameType: gm.GameTypeSchema, language: v.optional(text(2)) }),
  favouriteIds: v.object({ clientType: v.optional(v.literal('3'), '3'), gameType: v.optional(gm.GameTypeSchema) }),
  favouriteList: gm.FavouriteListQuery,
  favouriteAdd: gm.FavouriteRequest,
  favouriteRemove: gm.FavouriteRequest,
  recentGames: v.object({ clientType: v.optional(v.literal('3'), '3'), gameType: v.optional(gm.GameTypeSchema) }),
  hotGames: gm.HotGamesQuery,
  /** One game by its id. */
  gameInfo: gm.GameInfoQuery,
  rankList: gm.RankListQuery,
  launchGame: gm.LaunchRequest,
  /** `nodeId`: the FB product the player picked (In-Play Soccer, Basketball Live…); the sportsbook without it. */
  launchFB: v.object({ language: v.optional(text(2)), nodeId: v.optional(text(64)) }),
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
  // The handoff is bound to the frame that asked (PKCE-like): it sends SHA-256(verifier), base64url,
  // and only the verifier it keeps redeems the code (sdk/contract/handoff.ts).
  embedHandoff: v.object({ challenge: HandoffChallenge }),
  embedHandoffRedeem: v.object({ code: text(64), verifier: HandoffVerifier }),
  embedFunnel: agt.EmbedFunnelBeacon,
  // ── money ───────────────────────────────────────────────────────────────────
  moneyProfile: Empty,
  setRealName: mon.SetRealNameRequest,
  setPaymentPassword: mon.SetPaymentPasswordRequest,
  sendContactCode: req.ContactCodeRequest,
  bindContact: req.BindContactRequest,
  sendPaymentResetCode: Empty,
  resetPaymentPassword: mon.ResetPaymentPasswordRequest,
  addPayoutAccount: req.AddPayoutAccountRequest,
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
  withdrawalProof: req.WithdrawalProofRequest,
  accountRecord: mon.AccountRecordQuery,
  accountRecordCsv: mon.AccountRecordQuery,
  bettingRecord: mon.BettingRecordQuery,
  roundDetail: mon.RoundDetailQuery,
  profitReport: mon.ProfitQuery,
  // ── agent centre ────────────────────────────────────────────────────────────
  agentTeamOverview: agt.TeamReportQuery,
  agentTeamCsv: agt.TeamReportQuery,
  agentProfitLoss: agt.ProfitLossQuery,
  agentDownlines: agt.DownlinesQuery,
  agentContracts: Empty,
  agentOfferContract: agt.OfferContractRequest,
  agentContractAction: agt.ContractActionRequest,
  agentSimulate: agt.SimulateQuery,
  agentPayouts: agt.PayoutsQuery,
  // ── agent centre: downlines, invitations, transfers, team records ──
  agentCreateDownline: agt.CreateDownlineRequest,
  agentInvitations: agt.InvitationsQuery,
  agentCreateInvitation: agt.CreateInvitationRequest,
  agentDisableInvitation: agt.DisableInvitationRequest,
  agentTransfer: agt.DownlineTransferRequest,
  agentTeamBets: agt.TeamBetsQuery,
  agentTeamBetsCsv: agt.TeamBetsQuery,
  agentTransactions: agt.TeamTransactionsQuery,
  agentTransactionsCsv: agt.TeamTransactionsQuery,
  agentProfitLossCsv: agt.ProfitLossQuery,
  agentPayoutsCsv: agt.PayoutsQuery,
  agentAnnouncements: Empty,
  // ── player protection ────────────────────────────────────────────────────
  protectState: Empty,
  protectSetLimit: prt.SetLimitRequest,
  protectSetSessionLimit: prt.SetSessionLimitRequest,
  protectConfirmLimit: prt.ConfirmLimitRequest,
  protectReality: prt.RealityIntervalRequest,
  protectRealityAnswer: prt.RealityAnswerRequest,
  protectPrompt: prt.PromptAnswerRequest,
  protectBreak: prt.TakeBreakRequest,
  protectClock: Empty,
  protectHistory: prt.HistoryQuery,
  protectHistoryCsv: prt.HistoryQuery,
  // ── rewards and loyalty ──
  rewardSummary: Empty,
  rewardAwards: Empty,
  claimAward: rw.ClaimAwardRequest,
  bonusDetails: Empty,
  rewardMissions: Empty,
  claimMission: rw.ClaimMissionRequest,
  rewardBoard: Empty,
  vipInfo: Empty,
  vipLadder: Empty,
  mallCatalogue: Empty,
  mallInfo: Empty,
  mallRedeem: rw.RedeemRequest,
  mallRedeems: Empty,
  pointsDetails: Empty,
  pointsConvert: rw.ConvertRequest,
  referralInfo: rw.ReferralQuery,
  rebateInfo: Empty,
  claimRebate: rw.ClaimRebateRequest,
  activities: Empty,
  joinActivity: rw.ActivityIdRequest,
  applyActivity: rw.ApplyRequest,
  activityImage: rw.ActivityIdRequest,
  removeActivityImage: rw.ImageIdRequest,
  agentEmbedFunnel: agt.TeamReportQuery,
  agentEmbedFunnelCsv: agt.TeamReportQuery,
  // ── agent centre: this period's pay, invitation links ──
  agentPeriodPay: Empty,
  agentLabelInvitation: agt.LabelInvitationRequest,
  agentEnableInvitation: agt.EnableInvitationRequest,
  agentInvitationFunnel: agt.TeamReportQuery,
  agentInvitationFunnelCsv: agt.TeamReportQuery,
  // ── customer service ──
  ...serviceRequests,
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
