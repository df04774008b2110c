import * as v from 'valibot'
import * as bo from '../backoffice.ts'
import { Empty } from '../common.ts'
import { e, type Route } from '../route.ts'

/**
 * The operator back office's calls, under `/ops/api`. They live in production too, answer during
 * maintenance (an operator switches it off), and ride on the operator's session cookie (httpOnly,
 * SameSite=Strict), never on a member's bearer token: every route here has `token: false`. Actions
 * carry an idempotency key, so a retried approval is answered as the first one.
 */
export const backofficeRoutes = {
  /** Signs an operator in with password and TOTP code; sets the session cookie. */
  opsSignIn: e({ method: 'POST', path: '/ops/api/session/sign-in', token: false, response: bo.OperatorSchema }),
  /** Ends the operator session and clears its cookie. */
  opsSignOut: e({ method: 'POST', path: '/ops/api/session/sign-out', token: false, response: Empty }),
  /** The operator of the session cookie, or null when none is signed in (a page's first question, not a refusal). */
  opsMe: e({ method: 'GET', path: '/ops/api/session/me', token: false, response: v.nullable(bo.OperatorSchema) }),
  /** Withdrawals requested or approved, oldest first. Finance and owner. */
  opsWithdrawals: e({ method: 'GET', path: '/ops/api/withdrawals', token: false, response: bo.WithdrawalQueueSchema }),
  /** Approves a requested withdrawal. */
  opsApproveWithdrawal: e({ method: 'POST', path: '/ops/api/withdrawals/approve', token: false, money: true, response: bo.QueuedWithdrawalSchema }),
  /** Rejects a requested withdrawal with a reason: the held amount goes back to the member. */
  opsRejectWithdrawal: e({ method: 'POST', path: '/ops/api/withdrawals/reject', token: false, money: true, response: bo.QueuedWithdrawalSchema }),
  /** Records an approved withdrawal as paid out: the held amount leaves through the house cash account. */
  opsDisburseWithdrawal: e({ method: 'POST', path: '/ops/api/withdrawals/disburse', token: false, money: true, response: bo.QueuedWithdrawalSchema }),
  /** Point-mall redeems and promotion applications waiting for a decision, oldest first. Finance and owner. */
  opsRewards: e({ method: 'GET', path: '/ops/api/rewards', token: false, response: bo.RewardQueueSchema }),
  /** Approves a reward: a cash reward is credited through the ledger within its promotion's budget. */
  opsApproveReward: e({ method: 'POST', path: '/ops/api/rewards/approve', token: false, money: true, response: bo.PendingRewardSchema }),
  /** Rejects a reward with a reason: a redeem's points and stock go back. */
  opsRejectReward: e({ method: 'POST', path: '/ops/api/rewards/reject', token: false, money: true, response: bo.PendingRewardSchema }),
  /** The maintenance switch. Owner. */
  opsMaintenance: e({ method: 'GET', path: '/ops/api/maintenance', token: false, response: bo.MaintenanceSchema }),
  /** Switches maintenance on or off. Owner. */
  opsSetMaintenance: e({ method: 'POST', path: '/ops/api/maintenance', token: false, money: true, response: bo.MaintenanceSchema }),
  /** The region switch. Owner. */
  opsRegion: e({ method: 'GET', path: '/ops/api/region', token: false, response: bo.RegionSchema }),
  /** Switches the region restriction on or off. Owner. */
  opsSetRegion: e({ method: 'POST', path: '/ops/api/region', token: false, money: true, response: bo.RegionSchema }),
  /** The platform settings. Owner. */
  opsSettings: e({ method: 'GET', path: '/ops/api/settings', token: false, response: bo.PlatformSettingsSchema }),
  /** Changes the platform settings (every field at once). Owner. */
  opsSetSettings: e({ method: 'POST', path: '/ops/api/settings', token: false, money: true, response: bo.PlatformSettingsSchema }),
  /** Members by a username's start or mobile digits, a page at a time. Support and owner. */
  opsMembers: e({ method: 'GET', path: '/ops/api/members', token: false, response: bo.MemberSearchPageSchema }),
  /** One member: standing, balance, latest moves, limits and break (read only), notes. Support and owner. */
  opsMember: e({ method: 'GET', path: '/ops/api/members/one', token: false, response: bo.MemberDetailSchema }),
  /** Locks or unlocks a member with a reason: a lock ends the member's sessions and refuses sign-in. */
  opsSetMemberLock: e({ method: 'POST', path: '/ops/api/members/lock', token: false, money: true, response: bo.MemberLockSchema }),
  /** Adds an operators' note to a member. */
  opsAddMemberNote: e({ method: 'POST', path: '/ops/api/members/notes', token: false, money: true, response: bo.MemberNoteSchema }),
  /** Every operator. Owner. */
  opsOperators: e({ method: 'GET', path: '/ops/api/operators', token: false, response: bo.OperatorListSchema }),
  /** Creates an operator; answers its first password and TOTP secret, once. Owner. */
  opsCreateOperator: e({ method: 'POST', path: '/ops/api/operators', token: false, money: true, response: bo.OperatorCreatedSchema }),
  /** Changes an operator's role (never the last active owner's). Owner. */
  opsSetOperatorRole: e({ method: 'POST', path: '/ops/api/operators/role', token: false, money: true, response: bo.OperatorListItemSchema }),
  /** Disables or enables an operator (never the last active owner). Owner. */
  opsSetOperatorDisabled: e({ method: 'POST', path: '/ops/api/operators/disabled', token: false, money: true, response: bo.OperatorListItemSchema }),
  /** Chat conversations, waiting ones first (members before guests), then by latest message. Support and owner. */
  opsConversations: e({ method: 'GET', path: '/ops/api/service/conversations', token: false, response: bo.ServiceConversationListSchema }),
  /** One conversation and its messages after an id (its last ones from 0), oldest first. Support and owner. */
  opsConversation: e({ method: 'GET', path: '/ops/api/service/conversation', token: false, response: bo.ServiceThreadSchema }),
  /** Answers in a conversation as the operator (the player sees customer service), audited with the message. */
  opsServiceReply: e({ method: 'POST', path: '/ops/api/service/reply', token: false, money: true, response: bo.ServiceMessageSchema }),
  /** Marks a conversation seen up to a message; answers what still waits. */
  opsServiceSeen: e({ method: 'POST', path: '/ops/api/service/seen', token: false, response: bo.ServiceSeenSchema }),
  /**
   * Server-Sent Events: `event: change` with `data: {"conversation": id}` (0: anything may have
   * changed) whenever a chat message arrives, `event: ended` when the session no longer allows it.
   * Not an envelope: read by sdk/backoffice/service.ts.
   */
  opsServiceStream: e({ method: 'GET', path: '/ops/api/service/stream', token: false, response: Empty }),
  /** Changes the operator's own password (current password and code); ends the operator's other sessions. Every operator. */
  opsChangePassword: e({ method: 'POST', path: '/ops/api/account/password', token: false, money: true, response: bo.OwnPasswordSchema }),
  /** Starts replacing the operator's own authenticator: answers the new secret once, not yet in effect. */
  opsNewAuthenticator: e({ method: 'POST', path: '/ops/api/account/authenticator', token: false, money: true, response: bo.NewAuthenticatorSchema }),
  /** Puts the new authenticator in effect with a code from it. */
  opsConfirmAuthenticator: e({ method: 'POST', path: '/ops/api/account/authenticator/confirm', token: false, money: true, response: bo.ConfirmAuthenticatorSchema }),
  /** How Publish stands. Content, owner. */
  opsPublishStatus: e({ method: 'GET', path: '/ops/api/content/publish', token: false, response: bo.PublishStatusSchema }),
  /** Rebuilds the site from the edited content and swaps it in (one build at a time). Content, owner. */
  opsPublish: e({ method: 'POST', path: '/ops/api/content/publish', token: false, response: bo.PublishStatusSchema }),
  /** The audit log, newest first. Every operator. */
  opsAudit: e({ method: 'GET', path: '/ops/api/audit', token: false, response: bo.OperatorAuditPageSchema }),
} as const satisfies Record<string, Route>

/** Key of a back-office call. */
export type BackofficeKey = keyof typeof backofficeRoutes

/** The input schema of each back-office call (the query for GET, the body otherwise), validated by the sandbox. */
export const backofficeRequests = {
  opsSignIn: bo.OperatorSignInRequest,
  opsSignOut: Empty,
  opsMe: Empty,
  opsWithdrawals: Empty,
  opsApproveWithdrawal: bo.WithdrawalDecisionRequest,
  opsRejectWithdrawal: bo.WithdrawalRejectRequest,
  opsDisburseWithdrawal: bo.WithdrawalDecisionRequest,
  opsRewards: Empty,
  opsApproveReward: bo.RewardDecisionRequest,
  opsRejectReward: bo.RewardRejectRequest,
  opsMaintenance: Empty,
  opsSetMaintenance: bo.MaintenanceRequest,
  opsRegion: Empty,
  opsSetRegion: bo.RegionRequest,
  opsSettings: Empty,
  opsSetSettings: bo.PlatformSettingsRequest,
  opsMembers: bo.MemberSearchQuery,
  opsMember: bo.MemberQuery,
  opsSetMemberLock: bo.MemberLockRequest,
  opsAddMemberNote: bo.MemberNoteRequest,
  opsOperators: Empty,
  opsCreateOperator: bo.OperatorCreateRequest,
  opsSetOperatorRole: bo.OperatorRoleRequest,
  opsSetOperatorDisabled: bo.OperatorDisableRequest,
  opsConversations: Empty,
  opsConversation: bo.ServiceThreadQuery,
  opsServiceReply: bo.ServiceReplyRequest,
  opsServiceSeen: bo.ServiceSeenRequest,
  opsServiceStream: Empty,
  opsChangePassword: bo.OwnPasswordRequest,
  opsNewAuthenticator: bo.NewAuthenticatorRequest,
  opsConfirmAuthenticator: bo.ConfirmAuthenticatorRequest,
  opsPublishStatus: Empty,
  opsPublish: bo.PublishRequest,
  opsAudit: bo.OperatorAuditQuery,
} as const satisfies Record<BackofficeKey, v.GenericSchema>

/** The input a back-office call takes. */
export type BackofficeRequest<K extends BackofficeKey> = v.InferInput<(typeof backofficeRequests)[K]>
/** The value a back-office call answers. */
export type BackofficeReply<K extends BackofficeKey> = v.InferOutput<(typeof backofficeRoutes)[K]['response']>
