import type { SessionState } from '../../sdk/stores/index.ts'
import { flattenWhitelabel } from '../../sdk/stores/index.ts'
import type { RuleSet } from '../../sdk/validation/index.ts'

// What the server rendered (no status, no session, nothing loaded): islands show it until hydrated.

/** Every whitelabel switch off. */
export const noFlags = flattenWhitelabel([])
/** Remote data not asked yet (`notAsked` of sdk/stores). */
export const idle = { loading: false } as const
/** No register rules. */
export const noRules: RuleSet = {}
/** No session. */
export const noSession: SessionState = {}
/** No member info. */
export const idleMember = { loading: false } as const
