/**
 * The sandbox's HTTP layer: registers contract endpoints on a Hono app, reads and validates input
 * with the contract's own schemas, resolves the session, and answers with the reply envelope.
 * Hostile input always ends in a 4xx envelope; only a bug in a handler can produce a 500.
 * @module
 */
import type { BlockList } from 'node:net'
import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import {
  EncryptedBodySchema,
  encryptedHeader,
  endpoints,
  headerNames,
  languages,
  type EndpointKey,
  type Language,
  type ParsedRequestOf,
  type ResponseOf,
  type WhitelabelFlag,
} from '../sdk/contract/all.ts'
import type { Db } from './db/index.ts'
import type { Inbox } from './inbox.ts'
import { getStatusCached } from './settings.ts'
import { decryptBody } from './auth/rsa.ts'
import { resolveSession, type SessionInfo } from './auth/sessions.ts'
import { ReplyCache, type ReplyKey } from './reply-cache.ts'
import { Fail, failResponse, invalid } from './http/fail.ts'
import { parseJson, queryObject, readBody } from './http/body.ts'
import { clientIp } from './http/address.ts'
import type { Hasher } from './auth/password.ts'

// The pieces this layer is made of, for the routes that import them from here.
export { Fail, failResponse, invalid, statusFor } from './http/fail.ts'
export { parseJson, readBody, readBytes } from './http/body.ts'
export { bodyLimit } from './http/limits.ts'
export { clientIp, parseTrustedProxies } from './http/address.ts'

/** The logged-in member a session token resolves to. */
export interface Member {
  id: string
  username: string
  type: number
  isAgent: number
  nickname: string
  mobileNum: string
  countryDialingCode: string
  email: string
  rankLevel: number
  uplineId: string | null
}

/** What every route needs: the database, the clock, the mode, the dev inbox and the whitelabel flags. */
export interface Deps {
  db: Db
  /** Milliseconds since the epoch (injectable for tests). */
  now: () => number
  /** Production mode: no dev routes. */
  production: boolean
  inbox: Inbox
  flags: () => Promise<Record<WhitelabelFlag, boolean>>
  /** Password hashing: a bounded pool at the configured scrypt cost. */
  hasher: Hasher
  /** Proxies whose `X-Forwarded-For` is believed (TRUSTED_PROXIES; none by default). */
  trustedProxies: BlockList
}

/** Per-request context handed to a handler. */
export interface Ctx extends Deps {
  /** Caller address: the socket peer, or the right-most untrusted `X-Forwarded-For` hop behind trusted proxies. */
  ip: string
  language: Language
  merchant: string
  /** The bearer token sent, when the endpoint takes one. */
  token: string | null
  /** The member of a live session, when the endpoint takes a token and one was sent. */
  member: Member | null
  /** The live session behind `token` (null with it). */
  session: SessionInfo | null
  headers: Headers
}

/** An endpoint implementation: typed by the contract's request and reply schemas. */
export type Handler<K extends EndpointKey> = (input: ParsedRequestOf<K>, ctx: Ctx) => Promise<ResponseOf<K>>

/** API prefixes answered with envelopes, never HTML. */
export const apiPrefixes = ['/wps', '/lgw', '/lotto'] as const

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
 * @example handle(app, deps, 'balance', async (_input, ctx) => ({ sumBalance: 0, currency: 'PHP', currencySymbol: 'P' }))
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
      const raw = await readInput(c, ep)
      const parsed = v.safeParse(ep.request, raw)
      if (!parsed.success) throw invalid(parsed.issues)
      const nul = fieldWithNul(parsed.output)
      if (nul !== null) throw new Fail('validation_failed', 'Text may not contain NUL characters', { fields: { [nul || 'body']: 'err_field_invalid' } })
      const input = parsed.output as ParsedRequestOf<K>
      const ctx = await contextOf(c, deps, ep.token, key)
      const at = shared && opts.share ? await opts.share(input, ctx) : null
      const hit = at && shared?.get(at)
      if (hit) return c.body(hit, 200, { 'Content-Type': 'application/json' })
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
      return c.body(bytes, 200, { 'Content-Type': 'application/json' })
    } catch (err) {
      if (err instanceof Fail) return failResponse(c, err)
      console.error(`[sandbox] ${ep.method} ${ep.path} failed:`, err)
      return failResponse(c, new Fail('server_error'))
    }
  })
}

const utf8 = new TextEncoder()

/**
 * Name of the first field holding a NUL character ('' for the root), or null. PostgreSQL text cannot
 * store NUL, so such input is refused up front as invalid rather than failing in the database.
 */
function fieldWithNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null
  if (value && typeof value === 'object') {
    for (const [k, inner] of Object.entries(value)) {
      const hit = fieldWithNul(inner, path ? `${path}.${k}` : k)
      if (hit !== null) return hit
    }
  }
  return null
}

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

type EndpointDef = (typeof endpoints)[EndpointKey]

async function readInput(c: Context, ep: EndpointDef): Promise<unknown> {
  if (ep.method === 'GET') return queryObject(new URL(c.req.url).searchParams)
  const text = await readBody(c.req.raw)
  const type = c.req.header('content-type') ?? ''
  if ('encrypt' in ep && ep.encrypt) {
    if (c.req.header(encryptedHeader) !== '1') throw new Fail('validation_failed', `This call must be encrypted (header ${encryptedHeader}: 1).`)
    const sealed = v.safeParse(EncryptedBodySchema, parseJson(text))
    if (!sealed.success) throw invalid(sealed.issues)
    try {
      return await decryptBody(sealed.output)
    } catch (err) {
      if (err instanceof Fail) throw err
      throw new Fail('validation_failed', 'The encrypted body could not be opened.')
    }
  }
  if ('form' in ep && ep.form && !type.includes('json')) return queryObject(new URLSearchParams(text))
  return text.trim() === '' ? {} : parseJson(text)
}

/** What a session that must change its password may still call. */
const allowedWhileChangeRequired: ReadonlySet<EndpointKey> = new Set<EndpointKey>(['changePassword', 'logout'])

async function contextOf(c: Context, deps: Deps, tokenMode: boolean | 'optional', key: EndpointKey): Promise<Ctx> {
  const headers = c.req.raw.headers
  const lang = (headers.get(headerNames.language) ?? '').toLowerCase()
  const language = (languages as readonly string[]).includes(lang) ? (lang as Language) : 'en'
  const merchantHeader = headers.get(headerNames.merchant) ?? ''
  const merchant = /^[A-Za-z0-9_-]{1,32}$/.test(merchantHeader) ? merchantHeader : 'LOBBYKIT'
  let token: string | null = null
  let session: SessionInfo | null = null
  if (tokenMode) {
    const auth = headers.get(headerNames.authorization) ?? ''
    const m = /^Bearer ([A-Za-z0-9._~+/=-]{1,256})$/.exec(auth)
    token = m ? m[1] : null
    if (token) session = await resolveSession(deps.db, token, deps.now())
    if (tokenMode === true && !session) throw new Fail('session_expired')
    // A weak or expired password in force: only changing it (and logging out) is allowed. Calls that
    // merely take an optional token are answered as for a guest.
    if (session?.mustChangePassword && !allowedWhileChangeRequired.has(key)) {
      if (tokenMode === true) throw new Fail('password_change_required', 'Change your password before you continue')
      session = null
    }
    if (!session) token = null
  }
  return { ...deps, ip: clientIp(c, deps.trustedProxies), language, merchant, token, member: session?.member ?? null, session, headers }
}

