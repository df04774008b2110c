/**
 * Registers contract endpoints on a Hono app: method and path from the contract's endpoint table,
 * input checked by its request schema ({@link inputOf}), the request's context resolved
 * ({@link contextOf}), and the reply enveloped and, outside production, checked by its reply schema.
 * Hostile input always ends in a 4xx envelope; only a bug in a handler can produce a 500.
 * @module
 */
import type { Hono } from 'hono'
import * as v from 'valibot'
import { endpoints, type EndpointKey, type ParsedRequestOf, type ResponseOf } from '../../sdk/contract/all.ts'
import { getStatusCached } from '../settings.ts'
import { ReplyCache, type ReplyKey } from '../reply-cache.ts'
import { contextOf, type Ctx, type Deps } from './context.ts'
import { Fail, failResponse } from './fail.ts'
import { inputOf } from './input.ts'
import { reportError } from './report.ts'
import { sharedTag } from './compress.ts'

/** An endpoint implementation: typed by the contract's request and reply schemas. */
export type Handler<K extends EndpointKey> = (input: ParsedRequestOf<K>, ctx: Ctx) => Promise<ResponseOf<K>>

/** A module of routes: mounts the endpoints of one resource on the app. */
export type RouteModule = (app: Hono, deps: Deps) => void

/** API prefixes answered with envelopes, never HTML (`/ops`: the operator back office's API). */
export const apiPrefixes = ['/wps', '/lgw', '/lotto', '/ops'] as const

// Routes registered per app, so a known path called with the wrong method answers 405, not 404.
const registered = new WeakMap<Hono, Map<string, Set<string>>>()

/** Methods registered for `path` on `app` (empty when none). */
export function methodsOf(app: Hono, path: string): string[] {
  return [...(registered.get(app)?.get(path) ?? [])]
}

/** Options of {@link handle}. */
export interface HandleOptions<K extends EndpointKey> {
  /**
   * Shares the serialized reply between callers: where the reply to this input is kept, or null when
   * it is the caller's own (a member's favourites). The reply must depend on nothing but what the
   * scope and key stand for. The switches, input and session are still checked on every request.
   */
  share?: (input: ParsedRequestOf<K>, ctx: Ctx) => ReplyKey | null | Promise<ReplyKey | null>
}

/** Shared replies kept per endpoint: every tab and filter of a busy lobby, in at most 16 MB. */
const sharedLimits = { maxEntries: 2000, maxBytes: 16 * 1024 * 1024 }

/**
 * Registers the contract endpoint `key` on `app`: method and path from the endpoint table, input
 * read and validated, token resolved, maintenance and region switches applied, reply enveloped.
 * @example handle(app, deps, 'balance', async (_input, ctx) => ({ sumBalance: 0, currency: 'PHP', currencySymbol: '₱' }))
 */
export function handle<K extends EndpointKey>(app: Hono, deps: Deps, key: K, fn: Handler<K>, opts: HandleOptions<K> = {}): void {
  const ep = endpoints[key]
  const shared = opts.share ? new ReplyCache(sharedLimits) : null
  let paths = registered.get(app)
  if (!paths) registered.set(app, (paths = new Map()))
  const methods = paths.get(ep.path) ?? new Set<string>()
  methods.add(ep.method)
  paths.set(ep.path, methods)

  app.on(ep.method, ep.path, async (c) => {
    try {
      if (key !== 'status') await assertOpen(deps)
      // A file upload is read only for a caller the session admits.
      const early = 'binary' in ep ? await contextOf(c, deps, ep.token, key) : undefined
      const input = await inputOf(c, key, deps)
      const ctx = early ?? (await contextOf(c, deps, ep.token, key))
      const at = shared && opts.share ? await opts.share(input, ctx) : null
      const hit = at && shared?.get(at)
      // Tagged by its bytes, so the host compresses a shared reply once per encoding (http/compress.ts).
      if (hit) return c.body(hit, 200, { 'Content-Type': 'application/json', ETag: sharedTag(hit) })
      const value = await fn(input, ctx)
      if (!deps.production) {
        // A reply the client would reject as bad_reply is a sandbox bug: surface it here. A shared
        // reply is checked here once, before it is stored, and served as these same bytes afterwards.
        const check = v.safeParse(ep.response, value)
        if (!check.success) throw new Error(`reply of ${key} breaks the contract: ${describe(check.issues)}`)
      }
      const envelope = { success: true, code: 'ok', message: '', value: value ?? null }
      if (!at || !shared) return c.json(envelope)
      const bytes = utf8.encode(JSON.stringify(envelope))
      shared.set(at, bytes)
      return c.body(bytes, 200, { 'Content-Type': 'application/json', ETag: sharedTag(bytes) })
    } catch (err) {
      if (err instanceof Fail) {
        // An expected answer with a cause the operator must see (a message provider that failed): logged, not shown.
        if (err.cause !== undefined) reportError(c, `${ep.method} ${ep.path}`, err.cause)
        return failResponse(c, err)
      }
      reportError(c, `${ep.method} ${ep.path}`, err)
      return failResponse(c, new Fail('server_error'))
    }
  })
}

const utf8 = new TextEncoder()

/** Throws `maintenance` / `region_blocked` while those switches are on. */
async function assertOpen(deps: Deps): Promise<void> {
  const status = await getStatusCached(deps.db)
  if (status.maintenance.enabled) throw new Fail('maintenance', status.maintenance.info)
  if (status.regionRestriction.enabled) throw new Fail('region_blocked', status.regionRestriction.message)
}

function describe(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 5)
    .map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`)
    .join('; ')
}
