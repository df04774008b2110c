import * as v from 'valibot'
import { text } from './common.ts'

/*
 * Replies of the sign-in room's calls (routes/auth.ts) that only its forms read. A module of their own,
 * apart from ./member.ts: the chunk every page loads first takes that one.
 */

/**
 * Reply of a reset by phone: the account name of the number, so the client can log in with the new
 * password at once (SPEC §4). Optional: a platform that does not say is logged into by the number.
 */
export const PhoneResetValue = v.object({ userName: v.optional(text(64)) })

/** Whether an invitation code is valid; `agent` stays empty (the check never names the agent). */
export const AffiliateValue = v.object({ valid: v.boolean(), agent: text(64) })
