import * as v from 'valibot'
import { int, required, text } from './common.ts'

/** Member info (SPEC §3). `type` 4 is a trial account. */
export const MemberInfoSchema = v.object({
  id: text(64),
  account: text(64),
  nickname: text(64),
  type: int(0, 99),
  isAgent: int(0, 99),
  customerId: text(64),
  toUpline: v.boolean(),
  clubLabel: v.object({ labelName: text(64), rankLevel: int(0, 99) }),
  memberLabel: v.array(text(64)),
  mobileNum: text(32),
  email: text(255),
  /** False for accounts created by third-party sign-in that never set a password. */
  hasPassword: v.boolean(),
})
export type MemberInfo = v.InferOutput<typeof MemberInfoSchema>

/** Member public state shown in the header (SPEC §3 "public state"). */
export const InfoIconSchema = v.object({
  unreadMessage: int(0),
  availablePromoCount: int(0),
  hasVip: v.boolean(),
  vipRankLevel: int(0, 99),
  availablePromo: v.object({ REFERRAL: v.object({ enabled: v.boolean() }) }),
})

// The account forms' request bodies are in ./account-requests.ts (not re-exported here: the chunk
// every page loads first takes this module and what it imports).

/**
 * Reply of a reset by phone: the account name of the number, so the client can log in with the new
 * password at once (SPEC §4). Optional: a platform that does not say is logged into by the number.
 */
export const PhoneResetValue = v.object({ userName: v.optional(text(64)) })

/** Affiliate (invitation) code check. */
export const AffiliateQuery = v.object({ code: required(64), domain: v.optional(text(255)) })
/** Whether an invitation code is valid; `agent` stays empty (the check never names the agent). */
export const AffiliateValue = v.object({ valid: v.boolean(), agent: text(64) })

/** Consolidated config (SPEC §3) plus the member's fund summary. */
export const ConsolidatedSchema = v.object({
  dailysalreqtype: int(0, 9),
  divtypereq: int(0, 9),
  contracthoursalreqtype: int(0, 9),
  contracthoursalreq: int(0, 9),
  realtimesalreqtype: int(0, 9),
  contractmrdailysalinfotype: int(0, 9),
  contracthoursalinfo: int(0, 9),
  dailysalinfotype: int(0, 9),
  realtimesalinfotype: int(0, 9),
  divtypeinfo: int(0, 9),
})

/** The consolidated config with every salary and dividend kind off: what a platform without the setting answers. */
export const consolidatedOff: v.InferOutput<typeof ConsolidatedSchema> = {
  dailysalreqtype: 0,
  divtypereq: 0,
  contracthoursalreqtype: 0,
  contracthoursalreq: 0,
  realtimesalreqtype: 0,
  contractmrdailysalinfotype: 0,
  contracthoursalinfo: 0,
  dailysalinfotype: 0,
  realtimesalinfotype: 0,
  divtypeinfo: 0,
}

export const RaffleClaimRequest = v.object({ promotionId: required(64) })
