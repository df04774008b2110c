import { computed } from 'nanostores'
import type { Status } from '../contract/index.ts'
import { $storage } from '../runtime/index.ts'
import { $flags, $status, $token, loadStatus, type Loadable } from '../stores/index.ts'
import { isPublicRoute, statusCacheKey } from './access.ts'

/** Whether the login-only rule is on (whitelabel flag LOGINONLY3). */
export const $loginOnly = computed($flags, (flags) => flags.LOGINONLY3)

/** What the status gate decides for a route. */
export type GateDecision = 'app' | 'maintenance' | 'blocked' | 'login'

/** The decision for `route` given a status reply and whether a session token exists. */
export function decide(status: Loadable<Status>, route: string, hasToken: boolean, loginOnly: boolean): GateDecision {
  const data = status.data
  if (data?.maintenance.enabled || status.error?.code === 'maintenance') return 'maintenance'
  if (data?.regionRestriction.enabled || status.error?.code === 'region_blocked') return 'blocked'
  if (loginOnly && !hasToken && !isPublicRoute(route)) return 'login'
  return 'app'
}

/**
 * Start-up check (SPEC §4): loads the status, caches the login-only summary for the head script of
 * the next page, and resolves the decision for `route`.
 */
export async function runGate(route: string): Promise<GateDecision> {
  const status = await loadStatus()
  const loginOnly = $loginOnly.get()
  if (status.data) $storage.get().local.set(statusCacheKey, { loginOnly, systemStatus: status.data.systemStatus })
  return decide(status, route, Boolean($token.get()), loginOnly)
}

export { $status }
