import { atom, computed, onMount } from 'nanostores'
import type { MemberInfo } from '../contract/index.ts'
import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core.ts'
import { loadInto, resetLoadable, type Loadable } from './loadable.ts'
import { $isAgent, $token, setSession } from './session.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core.ts).
const api = roomApi({ memberInfo: core.memberInfo })

/** The logged-in member's info (SPEC §3). Load it with {@link loadMember}. */
export const $member = atom<Loadable<MemberInfo>>({ loading: false })

/**
 * Loads member info and mirrors its session keys (account, customerId, memberLabel, isAgent).
 * Never rejects; the error lands in `$member`.
 */
export async function loadMember(): Promise<Loadable<MemberInfo>> {
  return loadInto($member, async () => {
    const info = await api('memberInfo', {}, { noCache: true })
    setSession({ account: info.account, customerId: info.customerId, memberLabel: info.memberLabel, isAgent: info.isAgent })
    return info
  })
}

/** Forgets the member (sign-out, expiry). */
export const resetMember = (): void => resetLoadable($member)

/** Trial account: agent type 4 or member type 4 (SPEC §3, §6). Real-account actions are refused. */
export const $isTrial = computed([$isAgent, $member], (isAgent, member) => isAgent === 4 || member.data?.type === 4)

// Whoever shows the member (the header's account area) gets it loaded once per session (STYLE: effects in onMount).
onMount($member, () =>
  $token.subscribe((token) => {
    // `.value`, not `.get()`: inside onMount the store is already mounted; a sign-in loads it itself.
    if (token && !$member.value?.data && !$member.value?.loading) void loadMember()
  }),
)
