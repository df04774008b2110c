/**
 * The operator back office's contract: operator roles and what each may do, the sign-in with password
 * and a six-digit TOTP code, the withdrawals queue, the maintenance switch and the audit log. One home
 * for each rule: the sandbox enforces {@link mayDo}, the back-office page shows only what it allows.
 * @module
 */
import * as v from 'valibot'
import { ChatText } from './service.ts'
import { IdempotencyKey, int, Minor, PageQuery, PositiveMinor, qint, required, text } from './common.ts'
import { withdrawalStatuses } from './money.ts'
import type { LimitKind, LimitPeriod } from './protect.ts'

/**
 * Operator roles: the owner does everything (operators included), finance pays out, support looks
 * after members, and every role reads the audit.
 */
export const operatorRoles = ['owner', 'finance', 'support', 'content'] as const
/** One of {@link operatorRoles}. */
export type OperatorRole = (typeof operatorRoles)[number]
export const OperatorRoleSchema = v.picklist(operatorRoles)

/** What an operator may do, and the roles allowed to: everyone signed in reads the audit. */
export const operatorPermissions = {
  withdrawals: ['owner', 'finance'],
  rewards: ['owner', 'finance'],
  members: ['owner', 'support'],
  service: ['owner', 'support'],
  maintenance: ['owner'],
  operators: ['owner'],
  settings: ['owner'],
  /** The content editor and Publish on the live site. */
  content: ['owner', 'content'],
  audit: ['owner', 'finance', 'support', 'content'],
  account: ['owner', 'finance', 'support', 'content'],
} as const satisfies Record<string, readonly OperatorRole[]>
/** One area of the back office ({@link operatorPermissions}). */
export type OperatorArea = keyof typeof operatorPermissions

/** Whether `role` may act in `area`. */
export const mayDo = (role: OperatorRole, area: OperatorArea): boolean => (operatorPermissions[area] as readonly OperatorRole[]).includes(role)

/** An operator's username: 3 to 32 letters, digits, dots, dashes or underscores. */
export const OperatorUsername = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9._-]{3,32}$/, 'admin_err_username'))
/** A six-digit TOTP code (RFC 6238) as the authenticator app shows it. */
export const TotpCode = v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'admin_err_code'))
/** Operator passwords: at least 12 characters (checked when the operator is created). */
export const OperatorPassword = v.pipe(v.string(), v.minLength(12, 'admin_err_password_short'), v.maxLength(200))

export const OperatorSignInRequest = v.object({
  username: OperatorUsername,
  password: v.pipe(v.string(), v.minLength(1, 'err_field_required'), v.maxLength(200)),
  code: TotpCode,
})
export type OperatorSignIn = v.InferOutput<typeof OperatorSignInRequest>

/** The operator signed in. */
export const OperatorSchema = v.object({ username: text(32), role: OperatorRoleSchema })
export type Operator = v.InferOutput<typeof OperatorSchema>

/** A withdrawal as the queue shows it. */
export const QueuedWithdrawalSchema = v.object({
  id: text(64),
  member: text(64),
  amount: PositiveMinor,
  status: v.picklist(withdrawalStatuses),
  account: text(120),
  createdAt: text(40),
  /** Why it was rejected (null otherwise). */
  reason: v.nullable(text(500)),
})
export type QueuedWithdrawal = v.InferOutput<typeof QueuedWithdrawalSchema>

/** The queue: requested withdrawals waiting for a decision and approved ones waiting to be paid out. */
export const WithdrawalQueueSchema = v.object({ withdrawals: v.array(QueuedWithdrawalSchema) })
export type WithdrawalQueue = v.InferOutput<typeof WithdrawalQueueSchema>

export const WithdrawalDecisionRequest = v.object({ id: required(64), idempotencyKey: IdempotencyKey })
/** Why an operator locks or unlocks a member, or rejects a withdrawal: 3 to 500 characters. */
export const ActionReason = v.pipe(v.string(), v.trim(), v.minLength(3, 'admin_err_reason'), v.maxLength(500, 'admin_err_reason'))

/** A rejection says why (the member and the audit read it). */
export const WithdrawalRejectRequest = v.object({
  id: required(64),
  reason: ActionReason,
  idempotencyKey: IdempotencyKey,
})

/** What waits for a reward approval: a point-mall redeem or an application to a promotion. */
export const rewardKinds = ['redeem', 'application'] as const
/** Where a reward approval stands. */
export const rewardStatuses = ['pending', 'approved', 'rejected'] as const

/** A reward waiting for (or given) a decision, as the approvals queue shows it. */
export const PendingRewardSchema = v.object({
  kind: v.picklist(rewardKinds),
  /** The redeem's id, or `member/promotion` for an application. */
  id: text(140),
  member: text(64),
  /** The reward's title (a redeem) or the promotion's code (an application). */
  item: text(200),
  /** Points the member spent (0 for an application). */
  points: int(0),
  /** What an approval credits, in minor units (0: nothing to pay). */
  amount: int(0),
  /** The member's comment (an application), else empty. */
  comment: text(500),
  createdAt: text(40),
  status: v.picklist(rewardStatuses),
  /** Why it was rejected (null otherwise). */
  reason: v.nullable(text(500)),
})
export type PendingReward = v.InferOutput<typeof PendingRewardSchema>

/** The reward approvals queue, oldest first. */
export const RewardQueueSchema = v.object({ rewards: v.array(PendingRewardSchema) })
export type RewardQueue = v.InferOutput<typeof RewardQueueSchema>

export const RewardDecisionRequest = v.object({ kind: v.picklist(rewardKinds), id: required(140), idempotencyKey: IdempotencyKey })
/** A rejected reward says why (the member reads it as the remark). */
export const RewardRejectRequest = v.object({ kind: v.picklist(rewardKinds), id: required(140), reason: ActionReason, idempotencyKey: IdempotencyKey })

/** The maintenance switch as the back office shows it. */
/**
 * Publish (the site rebuilt from the edited content and swapped in): idle, running since `startedAt`,
 * done at `finishedAt`, or failed with the build's one-line `reason`; `editor` is the editor's page.
 */
export const PublishStatusSchema = v.object({
  state: v.picklist(['idle', 'running', 'done', 'failed']),
  startedAt: v.optional(v.string()),
  finishedAt: v.optional(v.string()),
  by: v.optional(v.string()),
  reason: v.optional(v.string()),
  /** Whether this press started a build (false: one was already running). */
  started: v.optional(v.boolean()),
  editor: v.string(),
})
export type PublishStatus = v.InferOutput<typeof PublishStatusSchema>
export const PublishRequest = v.object({ idempotencyKey: IdempotencyKey })

export const MaintenanceSchema = v.object({ maintenance: v.boolean() })
export type Maintenance = v.InferOutput<typeof MaintenanceSchema>
export const MaintenanceRequest = v.object({ maintenance: v.boolean(), idempotencyKey: IdempotencyKey })

/** The region switch (players outside the allowed regions are refused) beside the maintenance switch. */
export const RegionSchema = v.object({ regionRestriction: v.boolean() })
export type Region = v.InferOutput<typeof RegionSchema>
export const RegionRequest = v.object({ regionRestriction: v.boolean(), idempotencyKey: IdempotencyKey })

/** What an audit row records: who, what, on what, the state before and after, when and from where. */
export const OperatorAuditEntrySchema = v.object({
  id: text(24),
  at: text(40),
  operator: text(32),
  action: text(64),
  target: text(128),
  before: v.unknown(),
  after: v.unknown(),
  ip: text(64),
})
export type OperatorAuditEntry = v.InferOutput<typeof OperatorAuditEntrySchema>

/** A page of the audit, newest first; `next` continues it (null at its end). */
export const OperatorAuditPageSchema = v.object({ entries: v.array(OperatorAuditEntrySchema), next: v.nullable(text(24)) })
export type OperatorAuditPage = v.InferOutput<typeof OperatorAuditPageSchema>
export const OperatorAuditQuery = v.object({ before: v.optional(v.pipe(v.string(), v.regex(/^\d{1,18}$/))), limit: v.optional(qint(1, 100), 50) })

/** A member's standing: `locked` by an operator (no sign-in, every session ended) or `active`. */
export const memberStatuses = ['active', 'locked'] as const
export const MemberStatusSchema = v.picklist(memberStatuses)

/** The member search: a username's start or digits of a mobile number (empty: every member), by username. */
export const MemberSearchQuery = v.object({ q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64, 'admin_err_search')), ''), ...PageQuery })
export type MemberSearch = v.InferInput<typeof MemberSearchQuery>

/** A member as the search lists it. */
export const MemberListItemSchema = v.object({
  id: text(64),
  username: text(64),
  mobile: text(40),
  status: MemberStatusSchema,
  createdAt: text(40),
})
export type MemberListItem = v.InferOutput<typeof MemberListItemSchema>
/** A page of the search (the contract's page shape, written out: a top-level call would keep it in every bundle). */
export const MemberSearchPageSchema = v.object({ list: v.array(MemberListItemSchema), page: int(1), pageSize: int(1), total: int(0), totalPages: int(0) })
export type MemberSearchPage = v.InferOutput<typeof MemberSearchPageSchema>

/**
 * A limit the player set, as the back office shows it (read only). Its kinds and periods are the
 * player protection's own, checked against them by type: importing that module's schemas here would
 * put them in every page's bundle.
 */
export const MemberLimitSchema = v.object({
  kind: v.picklist(['deposit', 'loss', 'wager'] as const satisfies readonly LimitKind[]),
  period: v.picklist(['day', 'week', 'month'] as const satisfies readonly LimitPeriod[]),
  amount: Minor,
  /** Counted against it in the current period. */
  used: Minor,
})
export type MemberLimit = v.InferOutput<typeof MemberLimitSchema>

/** One move on the member's main wallet, newest first. */
export const MemberLedgerLineSchema = v.object({ at: text(40), kind: text(64), amount: Minor, balanceAfter: Minor })
export type MemberLedgerLine = v.InferOutput<typeof MemberLedgerLineSchema>

/** A note an operator left on a member (never shown to the member). */
export const MemberNoteSchema = v.object({ id: text(24), at: text(40), operator: text(32), text: text(1000) })
export type MemberNote = v.InferOutput<typeof MemberNoteSchema>

/** The lock as the audit records it before and after, and as a lock or unlock answers. */
export const MemberLockSchema = v.object({ id: text(64), username: text(64), status: MemberStatusSchema, reason: v.nullable(text(500)) })
export type MemberLock = v.InferOutput<typeof MemberLockSchema>

/**
 * A member's page in the back office: standing, balance, the latest moves of the main wallet, the
 * limits and break the player set (read only: only the player changes them), and operators' notes.
 */
export const MemberDetailSchema = v.object({
  id: text(64),
  username: text(64),
  nickname: text(64),
  mobile: text(40),
  email: text(120),
  status: MemberStatusSchema,
  lockReason: v.nullable(text(500)),
  createdAt: text(40),
  lastLoginAt: v.nullable(text(40)),
  balance: Minor,
  ledger: v.array(MemberLedgerLineSchema),
  /** The money limits in force (none pending). */
  limits: v.array(MemberLimitSchema),
  sessionMinutes: v.nullable(int(0)),
  /** A time-out or self-exclusion in force, and when it ends (epoch ms). */
  exclusion: v.nullable(v.object({ kind: v.picklist(['timeout', 'self_exclusion']), until: int(0) })),
  notes: v.array(MemberNoteSchema),
})
export type MemberDetail = v.InferOutput<typeof MemberDetailSchema>

export const MemberQuery = v.object({ id: required(64) })
/** Locks (`locked: true`) or unlocks a member, always with a reason. */
export const MemberLockRequest = v.object({ id: required(64), locked: v.boolean(), reason: ActionReason, idempotencyKey: IdempotencyKey })
export const MemberNoteText = v.pipe(v.string(), v.trim(), v.minLength(1, 'admin_err_note'), v.maxLength(1000, 'admin_err_note'))
export const MemberNoteRequest = v.object({ id: required(64), text: MemberNoteText, idempotencyKey: IdempotencyKey })

/** An operator as the owner's list shows it. */
export const OperatorListItemSchema = v.object({ id: text(64), username: text(32), role: OperatorRoleSchema, disabled: v.boolean(), createdAt: text(40) })
export type OperatorListItem = v.InferOutput<typeof OperatorListItemSchema>
export const OperatorListSchema = v.object({ operators: v.array(OperatorListItemSchema) })

/** A new operator: the server chooses the first password and the TOTP secret. */
export const OperatorCreateRequest = v.object({ username: OperatorUsername, role: OperatorRoleSchema, idempotencyKey: IdempotencyKey })
/** The operator created, with its first password and TOTP secret: shown this once, never stored readable. */
export const OperatorCreatedSchema = v.object({
  operator: OperatorListItemSchema,
  password: text(200),
  totpSecret: text(64),
  otpauthUri: text(500),
})
export type OperatorCreated = v.InferOutput<typeof OperatorCreatedSchema>
export const OperatorRoleRequest = v.object({ id: required(64), role: OperatorRoleSchema, idempotencyKey: IdempotencyKey })
/** Disables (`disabled: true`: every session ends, sign-in refused) or enables an operator again. */
export const OperatorDisableRequest = v.object({ id: required(64), disabled: v.boolean(), idempotencyKey: IdempotencyKey })

/** Whether `zone` is an IANA time zone name the runtime knows (`Asia/Manila`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (!zone) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** The customer-service lines an operator sets, by their position on the site. */
export const csPositions = ['LIVECHAT-1', 'WHATSAPP-1', 'TELEGRAM-1', 'TELEGRAM-2', 'VIP-1'] as const
/** A customer-service line: its label and its plain address (`https://…`, or a path on this site such as `/helpmc#chat`). */
export const CustomerServiceLinkSchema = v.object({
  csPosition: v.picklist(csPositions),
  label: v.pipe(v.string(), v.trim(), v.minLength(1, 'admin_err_cs_label'), v.maxLength(64, 'admin_err_cs_label')),
  path: v.pipe(v.string(), v.trim(), v.maxLength(500, 'admin_err_cs_path'), v.regex(/^(https?:\/\/[^\s]+|\/[^\s/][^\s]*)$/, 'admin_err_cs_path')),
})
export type CustomerServiceLink = v.InferOutput<typeof CustomerServiceLinkSchema>

/** The platform settings as stored: brand name, time zone, customer-service lines, registration policy. */
export const PlatformSettingsSchema = v.object({
  brandName: text(64),
  timeZone: text(64),
  customerService: v.array(v.object({ csPosition: v.picklist(csPositions), label: text(64), path: text(2000) })),
  /** The registration policy: the minimum age and whether the terms box starts ticked. */
  minimumAge: int(0, 99),
  termsDefault: v.boolean(),
})
export type PlatformSettings = v.InferOutput<typeof PlatformSettingsSchema>

/** New settings, every field at once, each checked (a time zone the runtime knows, 18 or older, addresses that open). */
export const PlatformSettingsRequest = v.object({
  brandName: v.pipe(v.string(), v.trim(), v.minLength(1, 'admin_err_brand'), v.maxLength(64, 'admin_err_brand')),
  timeZone: v.pipe(v.string(), v.trim(), v.check(isTimeZone, 'admin_err_time_zone')),
  customerService: v.array(CustomerServiceLinkSchema),
  minimumAge: v.pipe(v.number(), v.integer(), v.minValue(18, 'admin_err_minimum_age'), v.maxValue(99, 'admin_err_minimum_age')),
  termsDefault: v.boolean(),
  idempotencyKey: IdempotencyKey,
})

// ── the customer-service console (support and owner) ─────────────────────────────────────────────
/** A conversation as the console lists it: who, the last message, what waits and since when. */
export const ServiceConversationSchema = v.object({
  id: int(1),
  /** The member's username, or the guest's name. */
  name: text(64),
  /** Whether a member (else a guest) is chatting. */
  member: v.boolean(),
  vip: v.boolean(),
  /** Player messages the operators have not seen or answered yet. */
  unread: int(0),
  /** When the oldest of those was sent (epoch ms), or null when nothing waits. */
  waitingSince: v.nullable(int(0)),
  /** The last message: plain text, shown as text. */
  lastMessage: text(2000),
  lastFrom: v.nullable(v.picklist(['player', 'operator'])),
  lastMessageAt: int(0),
})
export type ServiceConversation = v.InferOutput<typeof ServiceConversationSchema>
export const ServiceConversationListSchema = v.object({ conversations: v.array(ServiceConversationSchema) })

/** A chat message as the console shows it: the player's, or an operator's with that operator's name. */
export const ServiceMessageSchema = v.object({
  id: int(1),
  from: v.picklist(['player', 'operator']),
  /** Plain text: always shown as text, never as HTML. */
  body: text(2000),
  createdAt: int(0),
  /** The operator who answered (null for the player's messages, or an answer from before names were kept). */
  operator: v.nullable(text(32)),
})
export type ServiceMessage = v.InferOutput<typeof ServiceMessageSchema>

/** One conversation's messages after `after` (0: its last ones), oldest first. */
export const ServiceThreadQuery = v.object({ id: qint(1, Number.MAX_SAFE_INTEGER), after: v.optional(qint(0, Number.MAX_SAFE_INTEGER), 0) })
export const ServiceThreadSchema = v.object({ conversation: ServiceConversationSchema, messages: v.array(ServiceMessageSchema) })
export type ServiceThread = v.InferOutput<typeof ServiceThreadSchema>

/** An operator's answer: the chat's own text rule (plain text, not blank, at most 500 characters). */
export const ServiceReplyRequest = v.object({ id: int(1), body: ChatText, idempotencyKey: IdempotencyKey })
/** Marks a conversation seen up to the message `upTo` (the last one the operator was shown). */
export const ServiceSeenRequest = v.object({ id: int(1), upTo: int(0) })
export const ServiceSeenSchema = v.object({ unread: int(0) })

// ── my account (every operator) ──────────────────────────────────────────────────────────────────
/** A new password: the current one and the authenticator's code prove who asks; the new one keeps the operator password rule. */
export const OwnPasswordRequest = v.object({
  currentPassword: v.pipe(v.string(), v.minLength(1, 'err_field_required'), v.maxLength(200)),
  newPassword: OperatorPassword,
  code: TotpCode,
  idempotencyKey: IdempotencyKey,
})
/** What a password change answers: how many other sessions of the operator were ended. */
export const OwnPasswordSchema = v.object({ otherSessionsEnded: int(0) })

/** Starts replacing the authenticator: the current password and a code from the current authenticator. */
export const NewAuthenticatorRequest = v.object({
  currentPassword: v.pipe(v.string(), v.minLength(1, 'err_field_required'), v.maxLength(200)),
  code: TotpCode,
  idempotencyKey: IdempotencyKey,
})
/** The new secret, shown this once; it takes effect only when a code from it is confirmed before `expiresAt`. */
export const NewAuthenticatorSchema = v.object({ totpSecret: text(64), otpauthUri: text(500), expiresAt: int(0) })
export type NewAuthenticator = v.InferOutput<typeof NewAuthenticatorSchema>
/** Confirms the new authenticator with a code it shows. */
export const ConfirmAuthenticatorRequest = v.object({ code: TotpCode, idempotencyKey: IdempotencyKey })
export const ConfirmAuthenticatorSchema = v.object({ replaced: v.literal(true) })
