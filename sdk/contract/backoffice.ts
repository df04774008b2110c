/**
 * The operator back office's contract: operator roles and what each may do, the sign-in with password
 * and a six-digit TOTP code, the withdrawals queue, the maintenance switch and the audit log. One home
 * for each rule: the sandbox enforces {@link mayDo}, the back-office page shows only what it allows.
 * @module
 */
import * as v from 'valibot'
import { IdempotencyKey, PositiveMinor, qint, required, text } from './common.ts'
import { withdrawalStatuses } from './money.ts'

/** Operator roles: the owner does everything, finance pays out, support and content read the audit. */
export const operatorRoles = ['owner', 'finance', 'support', 'content'] as const
/** One of {@link operatorRoles}. */
export type OperatorRole = (typeof operatorRoles)[number]
export const OperatorRoleSchema = v.picklist(operatorRoles)

/** What an operator may do, and the roles allowed to: everyone signed in reads the audit. */
export const operatorPermissions = {
  withdrawals: ['owner', 'finance'],
  maintenance: ['owner'],
  audit: ['owner', 'finance', 'support', 'content'],
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
/** A rejection says why (the member and the audit read it). */
export const WithdrawalRejectRequest = v.object({
  id: required(64),
  reason: v.pipe(v.string(), v.trim(), v.minLength(3, 'admin_err_reason'), v.maxLength(500, 'admin_err_reason')),
  idempotencyKey: IdempotencyKey,
})

/** The maintenance switch as the back office shows it. */
export const MaintenanceSchema = v.object({ maintenance: v.boolean() })
export type Maintenance = v.InferOutput<typeof MaintenanceSchema>
export const MaintenanceRequest = v.object({ maintenance: v.boolean(), idempotencyKey: IdempotencyKey })

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
