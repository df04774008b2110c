/**
 * Player protection: deposit, loss and wager limits, the session time limit, the reality
 * check, time-out and self-exclusion, the audit of every change and the 12-month account history.
 * The platform enforces every rule; the pages only show and ask. Amounts are integers in minor units,
 * times epoch milliseconds.
 * @module
 */
import * as v from 'valibot'
import { Minor, PositiveMinor, int, text } from './common.ts'
import { breakDurations } from './breaks.ts'

/** What a money limit counts: money paid in, money lost (stakes minus returns) or money staked. */
export const limitKinds = ['deposit', 'loss', 'wager'] as const
export type LimitKind = (typeof limitKinds)[number]
/** The periods a money limit runs over: the calendar day, week (from Monday) and month of the platform's time zone. */
export const limitPeriods = ['day', 'week', 'month'] as const
export type LimitPeriod = (typeof limitPeriods)[number]
/** Reality-check intervals a player may choose, in minutes (default 60). */
export const realityIntervals = [15, 30, 60] as const
export const DEFAULT_REALITY_MINUTES = 60
/** A raised or removed limit applies this long after the request, and only once the player confirms it again. */
export const LIMIT_COOLING_MS = 24 * 60 * 60_000
/** The player is asked to review the limits this long after the last review. */
export const LIMIT_REVIEW_MS = 182 * 24 * 60 * 60_000
/** Longest session time limit, in minutes (24 hours). */
export const MAX_SESSION_MINUTES = 24 * 60

export { breakDurations, breakEnd, type BreakDuration, type BreakKind } from './breaks.ts'

/**
 * What a withdrawal-only session (opened during a time-out or self-exclusion, "withdrawals stay
 * possible throughout") may call: the member's info and balance, the withdrawal page's calls and logout.
 * Every other token-marked call is refused with `account_excluded`; one taking an optional token answers
 * as for a guest. Nothing here stakes, deposits, transfers to anyone else or shows promotions.
 */
export const withdrawOnlyEndpoints = [
  'logout',
  'changePassword',
  'memberInfo',
  'balance',
  'moneyProfile',
  'walletBalances',
  'walletRecallAll',
  'withdrawInfo',
  'requestWithdrawal',
  'confirmWithdrawal',
  'withdrawalProof',
  'setRealName',
  'setPaymentPassword',
  'sendPaymentResetCode',
  'resetPaymentPassword',
  'addPayoutAccount',
  'removePayoutAccount',
  'defaultPayoutAccount',
] as const

/** A limit kind the page asks about: a money limit over a period, or the session time limit. */
export const LimitKindSchema = v.picklist(limitKinds)
export const LimitPeriodSchema = v.picklist(limitPeriods)

/** Sets, lowers, raises or removes (`amount: null`) one money limit. */
export const SetLimitRequest = v.object({
  kind: LimitKindSchema,
  period: LimitPeriodSchema,
  amount: v.nullable(PositiveMinor),
})
/** Sets or removes (`minutes: null`) the session time limit. */
export const SetSessionLimitRequest = v.object({ minutes: v.nullable(int(5, MAX_SESSION_MINUTES)) })
/** Confirms a raised or removed limit once its 24 hours have passed (`kind: 'session'` for the session limit). */
export const ConfirmLimitRequest = v.object({
  kind: v.picklist([...limitKinds, 'session']),
  period: v.optional(LimitPeriodSchema),
  /** `false` withdraws the pending change (the current limit stays). */
  apply: v.optional(v.boolean(), true),
})
/** The player's reality-check interval. */
export const RealityIntervalRequest = v.object({ minutes: v.picklist(realityIntervals) })
/** What the player answered the reality check. */
export const RealityAnswerRequest = v.object({ answer: v.picklist(['continue', 'history', 'logout']) })
/** Answer to the deposit-limit question (registration, first deposit) and the 6-month review. */
export const PromptAnswerRequest = v.object({ answer: v.picklist(['skip', 'reviewed']) })
/** Takes a time-out or a self-exclusion; `confirm` must be true (the page's second step). */
export const TakeBreakRequest = v.variant('kind', [
  v.object({ kind: v.literal('timeout'), duration: v.picklist(breakDurations.timeout), confirm: v.literal(true) }),
  v.object({ kind: v.literal('self_exclusion'), duration: v.picklist(breakDurations.self_exclusion), confirm: v.literal(true) }),
])
/** History months to read (1..12, default 12). */
export const HistoryQuery = v.object({ months: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(12)), 12) })

const Pending = v.object({
  /** The limit asked for; `null` asks for its removal. */
  amount: v.nullable(Minor),
  /** From when it can be confirmed. */
  effectiveAt: int(0),
  /** 24 hours have passed: the player may confirm it now. */
  confirmable: v.boolean(),
})

/** One money limit as it stands. */
export const LimitSchema = v.object({
  kind: LimitKindSchema,
  period: LimitPeriodSchema,
  /** Limit in force; `null` when none is set (only a pending one). */
  amount: v.nullable(Minor),
  /** Counted against it in the current period. */
  used: Minor,
  /** When the current period ends and the count starts again. */
  resetsAt: int(0),
  pending: v.nullable(Pending),
})
export type Limit = v.InferOutput<typeof LimitSchema>

/**
 * What an audited action changed, for the page to word in the player's language: the limit (a money
 * limit's kind and period, or the session limit), its value before and after (minor units, or minutes
 * for the session limit; `null` is none), the reality check's interval or the minutes played and the
 * net result at an answer, a break's duration and end.
 */
export const AuditFactsSchema = v.object({
  limit: v.optional(v.object({ kind: v.picklist([...limitKinds, 'session']), period: v.optional(LimitPeriodSchema) })),
  from: v.optional(v.nullable(int(0))),
  to: v.optional(v.nullable(int(0))),
  minutes: v.optional(int(0)),
  net: v.optional(Minor),
  answer: v.optional(v.picklist(['continue', 'history', 'logout'])),
  duration: v.optional(v.picklist([...breakDurations.timeout, ...breakDurations.self_exclusion])),
  until: v.optional(int(0)),
})
export type AuditFacts = v.InferOutput<typeof AuditFactsSchema>

/** One audited action: `detail` is the operators' text, `facts` what the page shows (older entries have none). */
export const AuditEntrySchema = v.object({
  at: int(0),
  action: text(40),
  detail: text(200),
  facts: v.optional(AuditFactsSchema),
  ip: text(64),
})
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>

/** Everything the responsible gaming page shows. */
export const ProtectStateSchema = v.object({
  limits: v.array(LimitSchema),
  session: v.object({ minutes: v.nullable(int(0)), pending: v.nullable(Pending) }),
  realityMinutes: int(1),
  /** The deposit-limit question is due (never answered), or the 6-month review is. */
  prompt: v.nullable(v.picklist(['deposit_limit', 'review'])),
  /** A time-out or exclusion in force (seen only by withdrawals' pages; login is refused meanwhile). */
  exclusion: v.nullable(v.object({ kind: v.picklist(['timeout', 'self_exclusion']), until: int(0) })),
  audit: v.array(AuditEntrySchema),
})
export type ProtectState = v.InferOutput<typeof ProtectStateSchema>

/** The current session as the reality check and the game page show it. */
export const SessionClockSchema = v.object({
  loginAt: int(0),
  now: int(0),
  /** Returns minus stakes since login (negative: the player is down). */
  net: Minor,
  realityMinutes: int(1),
  /** When the next reality check is due: one interval after login or after the last answer. */
  nextCheckAt: int(0),
  /** When the session time limit ends the session, if one is set. */
  endsAt: v.nullable(int(0)),
  /** The tightest stake limit left now, for the game page and the lottery (null: no stake limit). */
  stakeRoom: v.nullable(v.object({ kind: LimitKindSchema, period: LimitPeriodSchema, left: Minor, resetsAt: int(0) })),
})
export type SessionClock = v.InferOutput<typeof SessionClockSchema>

/** One month of the account history. */
export const HistoryMonthSchema = v.object({
  /** `yyyy-mm` in the platform's time zone. */
  month: text(7),
  deposits: Minor,
  withdrawals: Minor,
  stakes: Minor,
  returns: Minor,
  /** Returns minus stakes. */
  net: Minor,
})
export const HistorySchema = v.object({ months: v.array(HistoryMonthSchema) })
export const CsvSchema = v.object({ filename: text(80), csv: v.string() })

/**
 * What a refused deposit or stake carries in its `value`: which limit, what is left and when it resets.
 * The code is `limit_reached`; a time-out or exclusion answers `account_excluded` with `{ kind, until }`.
 */
export const LimitReachedValue = v.object({ kind: LimitKindSchema, period: LimitPeriodSchema, limit: Minor, left: Minor, resetsAt: int(0) })
export type LimitReached = v.InferOutput<typeof LimitReachedValue>
export const ExcludedValue = v.object({ kind: v.picklist(['timeout', 'self_exclusion']), until: int(0) })
