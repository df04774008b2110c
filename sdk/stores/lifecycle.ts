import type { LoginValue } from '../contract/index.ts'
import { roomApi, invalidateSessionCache, onPasswordChangeRequired, onSessionExpired } from '../runtime/index.ts'
import * as core from '../contract/routes/core/site.ts'
import { refreshBalance } from './balance.ts'
import { loadMember } from './member.ts'
import { $loginPrompt, $passwordChangeRequired, closeLoginPrompt } from './prompt.ts'
import { clearSession, setSession } from './session.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core/site.ts).
const api = roomApi({ logout: core.logout })

/**
 * Starts a session from a login (or registration, free play) reply: stores the token, account and
 * agent type, drops cached replies, then loads member info and balance. Resolves when both settled.
 * @example const value = await api('login', request); await signIn(value)
 */
export async function signIn(value: LoginValue): Promise<void> {
  setSession({ token: value.token, account: value.userName, isAgent: value.isAgent })
  invalidateSessionCache()
  closeLoginPrompt()
  $passwordChangeRequired.set(false)
  await Promise.all([loadMember(), refreshBalance()])
}

/**
 * Ends the session (SPEC §4): logout call (its failure is ignored: the local session ends anyway),
 * then the session keys are cleared while other session entries (merchant config) stay and caches are
 * dropped; member and balance show nothing from then on (they are keyed by the session). The caller
 * asks for confirmation and navigates.
 */
export async function signOut(): Promise<void> {
  try {
    await api('logout')
  } catch {
    // The server may already consider the session over; nothing for the user to do.
  }
  endSession()
}

function endSession(): void {
  clearSession()
  invalidateSessionCache()
  $passwordChangeRequired.set(false)
}

/** Marks the session's password as changed: member calls answer again (the change-password flow calls it). */
export function passwordChanged(): void {
  $passwordChangeRequired.set(false)
}

onPasswordChangeRequired(() => $passwordChangeRequired.set(true))

onSessionExpired(() => {
  endSession()
  $loginPrompt.set('expired')
})
