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

// The account forms' request bodies are in ./account-requests.ts (not re-exported here: the chunk
// every page loads first takes this module and what it imports).

/** Affiliate (invitation) code check. */
export const AffiliateQuery = v.object({ code: required(64), domain: v.optional(text(255)) })

export const RaffleClaimRequest = v.object({ promotionId: required(64) })
