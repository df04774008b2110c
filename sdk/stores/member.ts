import { computed } from 'nanostores'
import type { MemberInfo } from '../contract/index.ts'
import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core/site.ts'
import { ask, createSessionStore, untilAsked, type RemoteValue } from './query.ts'
import { $isAgent, $token, setSession } from './session.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core/site.ts).
const api = roomApi({ memberInfo: core.memberInfo })

/**
 * The logged-in member's info (SPEC §3), asked once per session by whoever shows it (the header's
 * account area) or by {@link loadMember}; empty while signed out. Each reply mirrors its session
 * keys (account, customerId, memberLabel, isAgent), unless the session it was asked for has ended.
 */
export const $member = createSessionStore<MemberInfo>(
  'member',
  async () => {
    const token = $token.get()
    const info = await api('memberInfo', {}, { noCache: true })
    if ($token.get() === token) setSession({ account: info.account, customerId: info.customerId, memberLabel: info.memberLabel, isAgent: info.isAgent })
    return info
  },
  untilAsked,
)

/** Asks for member info again (sign-in, a changed password) and resolves with it. Never rejects; the error lands in `$member`. */
export const loadMember = (): Promise<RemoteValue<MemberInfo>> => ask($member)

/** Trial account: agent type 4 or member type 4 (SPEC §3, §6). Real-account actions are refused. */
export const $isTrial = computed([$isAgent, $member], (isAgent, member) => isAgent === 4 || member.data?.type === 4)
