import { computed } from 'nanostores'
import type { Status } from '../contract/index.ts'
import * as core from '../contract/routes/core/site.ts'
import { ApiError, defaultTimeoutMs, isApiError } from '../client/index.ts'
import { readReply } from '../client/reply.ts'
import type { RawReply } from '../client/transport.ts'
import { $storage } from '../runtime/index.ts'
import { $flags, $status, $token, loadStatus, type RemoteValue } from '../stores/index.ts'
import { accessOf, isPublicRoute, leavingKey, statusCacheKey, type Access, type CachedStatus } from './access.ts'
import { pages } from '../pages/index.ts'

/** Whether the login-only rule is on (whitelabel flag LOGINONLY3). */
export const $loginOnly = computed($flags, (flags) => flags.LOGINONLY3)

/**
 * What the status gate decides for a route. `error`: the status could not be read, none is cached and
 * the route is closed to guests under a possible login-only rule, so the page stays hidden.
 */
export type GateDecision = Access

export type { CachedStatus }

/**
 * The decision for `route` given a status reply and whether a session token exists. When the status
 * could not be read, `cached` (the last status seen) stands in for it.
 */
export function decide(status: RemoteValue<Status>, route: string, hasToken: boolean, loginOnly: boolean, cached: CachedStatus | null = null): GateDecision {
  const data = status.data
  const guarded = !hasToken && !isPublicRoute(route)
  if (data?.maintenance.enabled || status.error?.code === 'maintenance') return 'maintenance'
  if (data?.regionRestriction.enabled || status.error?.code === 'region_blocked') return 'blocked'
  // The last status seen stands in for one that could not be read.
  if (!data && status.error) return accessOf(guarded, cached)
  return accessOf(guarded, { loginOnly, systemStatus: 0 })
}

/**
 * The head script's status call (`window.lkStatus`), taken once: a retry must ask again. Absent when
 * the head script did not need the status before first paint.
 */
function takeEarlyStatus(): Promise<RawReply> | undefined {
  const w = globalThis as { lkStatus?: Promise<RawReply> }
  const early = w.lkStatus
  delete w.lkStatus
  // The status store reads it when it fetches, which may be a task later: a failure is read there, not
  // reported meanwhile as a rejection nobody handles.
  early?.catch(() => {})
  return early
}

/** Reads the head script's raw reply as the client would read its own, within the client's own time limit. */
function adopt(early: Promise<RawReply>): Promise<Status> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiError('timeout', { message: 'status call timed out' })), defaultTimeoutMs)
  })
  return Promise.race([early, late])
    .then(
      (raw) => readReply(raw, core.status.response),
      (error: unknown) => {
        throw isApiError(error) ? error : new ApiError('network_error', { cause: error })
      },
    )
    .finally(() => clearTimeout(timer))
}

function readCache(): CachedStatus | null {
  const value = $storage.get().local.get(statusCacheKey) as Partial<CachedStatus> | null | undefined
  return value && typeof value === 'object' && typeof value.systemStatus === 'number' ? { loginOnly: value.loginOnly === true, systemStatus: value.systemStatus } : null
}

/**
 * Start-up check (SPEC §4): loads the status (reusing the head script's call when it made one),
 * caches the login-only summary for the head script of the next page, and resolves the decision for
 * `route`. `fresh` asks the platform again (a retry after an error).
 */
export async function runGate(route: string, options: { fresh?: boolean } = {}): Promise<GateDecision> {
  const early = takeEarlyStatus()
  const status = await loadStatus(early && !options.fresh ? () => adopt(early) : undefined)
  const loginOnly = $loginOnly.get()
  if (status.data) $storage.get().local.set(statusCacheKey, { loginOnly, systemStatus: status.data.systemStatus })
  return decide(status, route, Boolean($token.get()), loginOnly, status.data ? null : readCache())
}

/** Sends a guest to the login page once: not again when the head script already has (see {@link leavingKey}). */
export function leaveForLogin(): void {
  const w = window as unknown as Record<string, boolean>
  if (w[leavingKey]) return
  w[leavingKey] = true
  location.replace(pages.login)
}

export { $status }
