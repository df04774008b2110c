/**
 * Wire schemas of the agent centre (SPEC §2 agent center, §3 contract and salary agreement, §4
 * contract transitions, §6 agent roles, §9 salary periods): team overview, downlines, contracts,
 * the contract simulator and payouts. Amounts are integers in minor units; rates are basis points
 * (1 bp = 0.01 %), so 150 is 1.50 %.
 * @module
 */
import * as v from 'valibot'
import { IdempotencyKey, Minor, PageQuery, PositiveMinor, int, page, qint, required, text } from './common.ts'
import { Confirmation, NewPassword, Username, confirming } from './account-fields.ts'

/** Contract kinds: dividend, and the three salaries (SPEC §3, §9). */
export const contractKinds = ['dividend', 'daily_salary', 'hourly_salary', 'realtime_salary'] as const
export const ContractKindSchema = v.picklist(contractKinds)
export type ContractKind = (typeof contractKinds)[number]

/** Contract states (SPEC §4): offered by the upline, then accepted (active), rejected or terminated. */
export const contractStatuses = ['offered', 'active', 'rejected', 'terminated'] as const
export type ContractStatus = (typeof contractStatuses)[number]

/** Settlement periods (SPEC §9): dividends daily to monthly; daily and hourly salary; real-time every 5 minutes. */
export const contractPeriods = ['5min', 'hourly', 'daily', 'weekly', 'semimonthly', 'monthly'] as const
export const ContractPeriodSchema = v.picklist(contractPeriods)
export type ContractPeriod = (typeof contractPeriods)[number]

/** Periods each kind may use: one rule for the form and the server. */
export const periodsOf: Record<ContractKind, readonly ContractPeriod[]> = {
  dividend: ['daily', 'weekly', 'semimonthly', 'monthly'],
  daily_salary: ['daily'],
  hourly_salary: ['hourly'],
  realtime_salary: ['5min'],
}

/** Largest rate: 100 %. */
export const maxRateBp = 10_000

/** Report periods of the team overview. */
export const reportPeriods = ['today', 'yesterday', 'week', 'month', 'range'] as const
export const ReportPeriodSchema = v.picklist(reportPeriods)
export type ReportPeriod = (typeof reportPeriods)[number]

/** A date `yyyy-mm-dd`. */
const Day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))

/** Query of the team reports: a named period, or a `range` with `from` and `to` (UTC days, inclusive). */
export const TeamReportQuery = v.object({
  period: v.optional(ReportPeriodSchema, 'today'),
  from: v.optional(Day),
  to: v.optional(Day),
})

/** The days a report answers for: its first and last, `YYYY-MM-DD`. */
const ReportDays = { from: text(10), to: text(10) }

/** The profit and loss statement's query: a period, and the sub-agent whose downlines are listed (the caller when absent). */
export const ProfitLossQuery = v.object({
  ...TeamReportQuery.entries,
  parentId: v.optional(text(32)),
})

/** Figures of a team for a period (SPEC §2 agentTeamOverview). */
export const TeamFiguresSchema = v.object({
  /** Members in the subtree (not the agent). */
  size: int(0),
  /** Joined in the period. */
  newMembers: int(0),
  /** Played at least one round in the period. */
  active: int(0),
  deposits: Minor,
  withdrawals: Minor,
  /** Stakes of all rounds. */
  bets: Minor,
  /** Stakes of settled rounds that won or lost (a stake paid back exactly is not a valid bet). */
  validBets: Minor,
  /** The team's win (+) or loss (−): payouts minus stakes. */
  profitLoss: Minor,
})
export type TeamFigures = v.InferOutput<typeof TeamFiguresSchema>

/** Team overview: the figures of the period and one point per day for the small charts. */
export const TeamOverviewSchema = v.object({
  ...ReportDays,
  figures: TeamFiguresSchema,
  /** One point per day of the period, with every figure of the period. */
  days: v.array(v.object({ date: text(10), ...v.omit(TeamFiguresSchema, ['size']).entries })),
})
export type TeamOverview = v.InferOutput<typeof TeamOverviewSchema>

/** A member of the agent's subtree. */
export const DownlineSchema = v.object({
  id: text(32),
  username: text(64),
  nickname: text(64),
  isAgent: v.boolean(),
  /** Levels below the agent (1 = direct). */
  level: int(1),
  /** In search results, where the member sits: the usernames from the agent down to it, both included. */
  path: v.optional(v.array(text(64))),
  teamSize: int(0),
  balance: Minor,
  lastLoginAt: v.nullable(text(40)),
  createdAt: text(40),
})
export type Downline = v.InferOutput<typeof DownlineSchema>

/** Query of downline management: the children of `parentId` (the agent itself when absent), or a search of the whole subtree. */
export const DownlinesQuery = v.object({
  parentId: v.optional(text(32)),
  search: v.optional(text(32)),
  ...PageQuery,
})

/** A page of downlines with the breadcrumbs from the agent to the parent shown. */
export const DownlinesSchema = v.object({
  ...page(DownlineSchema).entries,
  breadcrumbs: v.array(v.object({ id: text(32), username: text(64) })),
})

/**
 * The fields of a contract's terms, their integers read by `n`: `int` in a JSON body, `qint` in the
 * simulator's query string, so both say the same bounds.
 */
const termsEntries = /* @__NO_SIDE_EFFECTS__ */ <S extends v.GenericSchema<unknown, number>>(n: (min: number, max: number) => S) => ({
  kind: ContractKindSchema,
  period: ContractPeriodSchema,
  rateBp: n(0, maxRateBp),
  winRateBp: v.optional(n(0, maxRateBp), 0),
  lossRateBp: v.optional(n(0, maxRateBp), 0),
  /** Active members the team needs in the period. */
  minActive: v.optional(n(0, 1_000_000), 0),
  /** Valid bet (dividend) or bet amount (salaries) the team needs in the period. */
  minValidBet: v.optional(n(0, 100_000_000_000), 0),
  /** Team loss the period needs before a dividend is due. */
  minLoss: v.optional(n(0, 100_000_000_000), 0),
})

/** Terms of a contract (SPEC §3): rate, thresholds and, for the real-time salary agreement, win and loss rates. */
export const ContractTermsSchema = v.object(termsEntries(int))
export type ContractTerms = v.InferOutput<typeof ContractTermsSchema>

/** One state change of a contract: what, who and when. */
export const ContractEventSchema = v.object({ status: text(16), reason: text(16), actor: text(64), at: text(40) })

/** A contract as either side sees it. */
export const ContractSchema = v.object({
  id: text(64),
  kind: ContractKindSchema,
  period: ContractPeriodSchema,
  status: v.picklist(contractStatuses),
  rateBp: int(0, maxRateBp),
  winRateBp: int(0, maxRateBp),
  lossRateBp: int(0, maxRateBp),
  minActive: int(0),
  minValidBet: Minor,
  minLoss: Minor,
  upline: text(64),
  downline: text(64),
  downlineId: text(32),
  /** Whether the caller is the upline (it offered) or the downline (it answers). */
  side: v.picklist(['upline', 'downline']),
  events: v.array(ContractEventSchema),
  createdAt: text(40),
})
export type Contract = v.InferOutput<typeof ContractSchema>

/** The agent's contracts: those it offered to downlines and those its upline offered it. */
export const ContractsSchema = v.object({ given: v.array(ContractSchema), received: v.array(ContractSchema) })

/** Offer of a contract to a direct downline. `confirmLower` accepts ending the downline's sub-contracts that pay more. */
export const OfferContractRequest = v.object({
  ...ContractTermsSchema.entries,
  downlineId: required(32),
  confirmLower: v.optional(v.boolean(), false),
})

/** A sub-contract the lower rate would end. */
export const AffectedContractSchema = v.object({ id: text(64), downline: text(64), rateBp: int(0, maxRateBp) })

/**
 * Answer to an offer: the contract, or (when the rate is lower than a contract the downline gave its
 * own downlines and `confirmLower` was not set) no contract and the sub-contracts it would end.
 */
export const OfferContractValue = v.object({
  contract: v.nullable(ContractSchema),
  affected: v.array(AffectedContractSchema),
})

/** Accept, reject (the downline) or terminate (either side). */
export const ContractActionRequest = v.object({ contractId: required(64), action: v.picklist(['accept', 'reject', 'terminate']) })

/**
 * Why an offer is refused: a rate above the offering agent's own rate of the kind
 * (`rate_above_own`), above the platform's ceiling for a top-level agent (`rate_above_ceiling`), no
 * contract of the kind of its own to share from (`no_own_contract`), or a period other than its own
 * contract's (`period_not_own`). `field` is the request field at fault, `messageKey` the locale
 * text (with `{rate}` = `limitBp` as a percent).
 */
export const offerRefusalReasons = ['rate_above_own', 'rate_above_ceiling', 'no_own_contract', 'period_not_own'] as const
export const OfferRefusalSchema = v.object({
  reason: v.picklist(offerRefusalReasons),
  field: v.picklist(['kind', 'period', 'rateBp', 'winRateBp', 'lossRateBp']),
  messageKey: text(64),
  limitBp: int(0, maxRateBp),
})
export type OfferRefusal = v.InferOutput<typeof OfferRefusalSchema>

/** The refusal a failed offer carries in its `value` (`{ refusal }`), or null. */
export function refusalOf(value: unknown): OfferRefusal | null {
  const refusal = value && typeof value === 'object' ? (value as { refusal?: unknown }).refusal : undefined
  return v.is(OfferRefusalSchema, refusal) ? refusal : null
}

/**
 * What terms would have paid over their last complete period, on real figures, by the pay run's own
 * rules: `termsAmount` is what the terms give on the team's figures, `amount` that capped by the
 * offering agent's own share of the period (what a pay run would pay the downline's team). A refused
 * offer pays 0 and says why (`refusal`); an accepted one pays from `firstPeriodStart` on.
 */
export const SimulationSchema = v.object({
  periodStart: text(40),
  periodEnd: text(40),
  amount: Minor,
  termsAmount: Minor,
  firstPeriodStart: text(40),
  refusal: v.nullable(OfferRefusalSchema),
  basis: v.object({ active: int(0), bets: Minor, validBets: Minor, profitLoss: Minor }),
})

/** Query of the simulator: the terms and the downline. */
export const SimulateQuery = v.object({ downlineId: required(32), ...termsEntries(qint) })

/** One payout of a pay run: a contract's period, what it paid and why. */
export const PayoutSchema = v.object({
  contractId: text(64),
  kind: ContractKindSchema,
  periodStart: text(40),
  periodEnd: text(40),
  amount: Minor,
  /** The figures it paid on; a real-time salary's won and lost stakes (absent on payouts recorded before migration 022). */
  basis: v.object({ active: int(0), bets: Minor, validBets: Minor, profitLoss: Minor, wonStake: v.optional(Minor), lostStake: v.optional(Minor) }),
  paidAt: text(40),
  /** Who gave the contract (the record's contract filter names it). */
  upline: v.optional(text(64)),
})

/**
 * Query of my income (and the dividend and salary record pages): optionally one kind, periods that
 * start in a range of days (`from`, `to`, inclusive; all when both are absent) and one contract.
 */
export const PayoutsQuery = v.object({ kind: v.optional(ContractKindSchema), from: v.optional(Day), to: v.optional(Day), contractId: v.optional(text(64)), ...PageQuery })
export const PayoutsSchema = v.object({ ...page(PayoutSchema).entries, sum: Minor })

/** A report's filtered range as CSV (the same rows the page shows). */
export const ReportCsvSchema = v.object({ filename: text(100), csv: text(2_000_000), rows: int(0) })

/** Profit and loss statement (SPEC §2 palStatementsAgentCopy): per direct downline, its whole team's play in the period. */
export const ProfitLossSchema = v.object({
  ...ReportDays,
  rows: v.array(v.object({ id: text(32), username: text(64), isAgent: v.boolean(), members: int(0), active: int(0), bets: Minor, validBets: Minor, profitLoss: Minor })),
  totals: v.object({ active: int(0), bets: Minor, validBets: Minor, profitLoss: Minor }),
  /** From the caller down to the agent whose downlines are listed, both included. */
  breadcrumbs: v.array(v.object({ id: text(32), username: text(64) })),
})

// ── registration centre, transfers to downlines, team betting and transactions, announcements ──

/** What registerCenter creates: a member or an agent, directly below the caller. */
export const DownlineKindSchema = v.picklist(['member', 'agent'])

/**
 * A new downline account (SPEC §2 registerCenter). Username and password follow the registration
 * rules (SPEC §5); the body is sealed with the platform key, like registration's.
 */
export const CreateDownlineRequest = confirming(
  v.object({
    kind: DownlineKindSchema,
    username: Username,
    password: NewPassword,
    confirmPassword: Confirmation,
    nickname: v.optional(text(64)),
  }),
  'password',
  'confirmPassword',
)
/** The account created; it changes the password its upline chose at its first login. */
export const CreatedDownlineSchema = v.object({ id: text(32), username: text(64), isAgent: v.boolean() })

/** A QR code as one SVG path on a square of `size` modules (quiet zone included), drawn by the page. */
export const QrSchema = v.object({ size: int(1, 200), path: text(60_000) })

/** An invitation code of the agent, with its registration link and the link's QR code. */
export const InvitationSchema = v.object({
  code: text(64),
  /** The address a new player opens: `/register?affiliateCode=…` on `origin`. */
  link: text(400),
  qr: QrSchema,
  /** The account's own code (always valid) rather than one created here. */
  standing: v.boolean(),
  disabled: v.boolean(),
  /** Accounts registered with this code. */
  registered: int(0),
  createdAt: text(40),
  /** The agent's own name for the code, `''` when none. */
  label: v.optional(text(40), ''),
})
export type Invitation = v.InferOutput<typeof InvitationSchema>
/** The site origin the links start with (`https://…`, no path). */
const Origin = v.pipe(v.string(), v.maxLength(200), v.regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/))
export const InvitationsQuery = v.object({ origin: Origin })
export const InvitationsSchema = v.object({ list: v.array(InvitationSchema) })
export const CreateInvitationRequest = v.object({ origin: Origin })
export const DisableInvitationRequest = v.object({ origin: Origin, code: required(64) })

/** A transfer from the agent's main wallet to a direct downline's, after the payment password (sealed). */
export const DownlineTransferRequest = v.object({
  downlineId: required(32),
  amount: PositiveMinor,
  paymentPassword: text(32),
  idempotencyKey: IdempotencyKey,
  /** The agent confirmed "forfeit bonus and continue" after a `wagering_required` answer. */
  forfeitBonus: v.optional(v.boolean()),
})
/** What moved, to whom, and the agent's balance after it. */
export const DownlineTransferValue = v.object({ transferId: text(64), amount: PositiveMinor, downline: text(64), balance: Minor })

/** Filters of the team reports with rows (team betting, transactions): a period and optionally one member. */
const TeamRowsFilter = {
  ...TeamReportQuery.entries,
  /** Username of one member of the subtree (exact, any case). */
  member: v.optional(text(32)),
  ...PageQuery,
}
/** A page of a team report's rows, the days it covers and the totals of all its rows. */
const rowsReport = /* @__NO_SIDE_EFFECTS__ */ <R extends v.GenericSchema, T extends v.ObjectEntries>(row: R, totals: T) =>
  v.object({ ...page(row).entries, ...ReportDays, totals: v.object(totals) })
/** Game types a round may be filtered by (the lobby's categories). */
export const TeamBetsQuery = v.object({ ...TeamRowsFilter, gameType: v.optional(text(16)) })
/** One round of a member of the subtree (SPEC §2 personalHistoryCopy as team betting). */
export const TeamBetSchema = v.object({
  id: text(64),
  username: text(64),
  game: text(128),
  gameType: text(16),
  stake: Minor,
  payout: Minor,
  /** Payout minus stake once settled, 0 while open. */
  profitLoss: Minor,
  status: text(16),
  at: text(40),
})
export const TeamBetsSchema = rowsReport(TeamBetSchema, { rounds: int(0), bets: Minor, validBets: Minor, profitLoss: Minor })

/** Kinds of money movement the downline transaction details list. */
export const teamTransactionKinds = ['deposit', 'withdrawal', 'transfer'] as const
export const TeamTransactionsQuery = v.object({ ...TeamRowsFilter, kind: v.optional(v.picklist(teamTransactionKinds)) })
/** One deposit, withdrawal or transfer of a member of the subtree (the member's side of it). */
export const TeamTransactionSchema = v.object({
  id: text(64),
  username: text(64),
  kind: v.picklist(teamTransactionKinds),
  /** Into (+) or out of (−) the member's main wallet. */
  amount: Minor,
  memo: text(200),
  at: text(40),
})
export const TeamTransactionsSchema = rowsReport(TeamTransactionSchema, { deposits: Minor, withdrawals: Minor, transfersIn: Minor, transfersOut: Minor })

/** An announcement to agents (SPEC §2 agentAnnouncement). */
export const AgentAnnouncementSchema = v.object({ id: text(64), title: text(200), content: text(4000), at: text(40) })
export const AgentAnnouncementsSchema = v.object({ list: v.array(AgentAnnouncementSchema) })

// ── embed funnel ──────────────────────────────────────────────────
/** A partner's own label for a placement (`sub-id`): letters, digits, `.`, `_` and `-`. */
export const SubId = v.pipe(v.string(), v.maxLength(64), v.regex(/^[\w.-]*$/))

/** What an embedded element reports: an impression or a game click, with its affiliate code and sub-id. */
export const EmbedFunnelBeacon = v.object({
  kind: v.picklist(['impression', 'click']),
  affiliateCode: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{4,64}$/)),
  subId: v.optional(SubId),
  /** The element (`lk-games`), for an impression; the game, for a click. */
  item: v.optional(v.pipe(v.string(), v.maxLength(64), v.regex(/^[\w.:-]*$/))),
})

/** One day of one invitation code and sub-id in the embed funnel. */
export const EmbedFunnelRowSchema = v.object({
  day: Day,
  code: text(64),
  subId: text(64),
  impressions: int(0),
  clicks: int(0),
  registrations: int(0),
  firstDeposits: int(0),
})

/** The embed funnel of a period (agentEmbedFunnel): newest day first, with the period's totals. */
export const EmbedFunnelSchema = v.object({
  ...ReportDays,
  rows: v.array(EmbedFunnelRowSchema),
  totals: v.object({ impressions: int(0), clicks: int(0), registrations: int(0), firstDeposits: int(0) }),
})
export type EmbedFunnel = v.InferOutput<typeof EmbedFunnelSchema>

// ── what this period will pay ──────────────────────────────
/** The figures a contract's pay is computed on: its downline's team in the window. */
export const PayBasisSchema = v.object({ active: int(0), bets: Minor, validBets: Minor, profitLoss: Minor, wonStake: Minor, lostStake: Minor })

/**
 * One contract's pay over one window, settled as the pay run settles it: `termsAmount` is what the
 * terms give on the figures, `share` that capped by the upline's share (what the downline's whole
 * team is paid), `downlinesTake` what the downline's own contracts take of it, `amount` the rest (paid
 * to the downline). For the period running now, `until` is now and `periodEnd` when it will be paid;
 * for the last complete one, `paidOut` is what the pay run recorded (null while unpaid).
 */
export const ContractPeriodPaySchema = v.object({
  periodStart: text(40),
  periodEnd: text(40),
  until: text(40),
  basis: PayBasisSchema,
  termsAmount: Minor,
  share: Minor,
  downlinesTake: Minor,
  amount: Minor,
  paidOut: v.nullable(Minor),
})
export type ContractPeriodPay = v.InferOutput<typeof ContractPeriodPaySchema>

/** A contract's period so far beside its last complete period (null when the contract was not in force over it). */
export const ContractPaySchema = v.object({
  contractId: text(64),
  kind: ContractKindSchema,
  period: ContractPeriodSchema,
  /** `upline`: the caller gave it (a cost); `downline`: the caller holds it (its pay). */
  side: v.picklist(['upline', 'downline']),
  counterpart: text(64),
  rateBp: int(0, maxRateBp),
  winRateBp: int(0, maxRateBp),
  lossRateBp: int(0, maxRateBp),
  current: v.nullable(ContractPeriodPaySchema),
  last: v.nullable(ContractPeriodPaySchema),
})

/** What this period will pay (agentPeriodPay): each contract, and what the contracts the caller gave cost it in each window. */
export const ContractPaysSchema = v.object({
  at: text(40),
  list: v.array(ContractPaySchema),
  cost: v.object({ current: Minor, last: Minor }),
})
export type ContractPays = v.InferOutput<typeof ContractPaysSchema>

// ── what my links bring ────────────────────────────────────
/** A code's label: up to 40 characters, no control characters. */
export const InvitationLabel = v.pipe(v.string(), v.trim(), v.maxLength(40), v.regex(/^[^\p{Cc}]*$/u))
/** Names one of the agent's created codes (the list answers with the links on `origin`). */
export const LabelInvitationRequest = v.object({ origin: Origin, code: required(64), label: InvitationLabel })
export const EnableInvitationRequest = v.object({ origin: Origin, code: required(64) })

/** What invitations brought: link visits, the embed's impressions and clicks, registrations and first deposits. */
const FunnelTotals = v.object({
  visits: int(0),
  impressions: int(0),
  clicks: int(0),
  registrations: int(0),
  firstDeposits: int(0),
  /** The sum of those first deposits. */
  firstDepositAmount: Minor,
})

/** One day of one invitation code: what it brought, and who registered. */
export const InvitationDaySchema = v.object({
  day: Day,
  code: text(64),
  label: text(40),
  ...FunnelTotals.entries,
  /** Usernames of the members who registered that day (at most 50). */
  members: v.array(text(64)),
})

/** What each invitation code brought over a report period (agentInvitationFunnel): a line per day and code, newest first, each code's totals and the period's. */
export const InvitationFunnelSchema = v.object({
  ...ReportDays,
  rows: v.array(InvitationDaySchema),
  codes: v.array(v.object({ code: text(64), label: text(40), disabled: v.boolean(), totals: FunnelTotals })),
  totals: FunnelTotals,
})
export type InvitationFunnel = v.InferOutput<typeof InvitationFunnelSchema>
