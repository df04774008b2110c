/**
 * The sandbox's HTTP layer: registers contract endpoints on a Hono app, reads and validates input
 * with the contract's own schemas, resolves the session, and answers with the reply envelope.
 * Hostile input always ends in a 4xx envelope; only a bug in a handler can produce a 500.
 * @module
 */
import { BlockList, isIP } from 'node:net'
import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import {
  EncryptedBodySchema,
  encryptedHeader,
  endpoints,
  headerNames,
  languages,
  statusOf,
  type ApiCode,
  type EndpointKey,
  type Language,
  type ParsedRequestOf,
  type ResponseOf,
  type WhitelabelFlag,
} from '../sdk/contract/index.ts'
import type { Db } from './db/index.ts'
import type { Inbox } from './inbox.ts'
import { getStatusCached } from './settings.ts'
import { decryptBody } from './auth/rsa.ts'
import { resolveSession, type SessionInfo } from './auth/sessions.ts'
import { ReplyCache, type ReplyKey } from './reply-cache.ts'
import type { Hasher } from './auth/password.ts'

/** An expected failure: becomes `{ success: false, code, message, value?, fields? }` with `statusOf[code]`. */
export class Fail extends Error {
  readonly code: ApiCode
  readonly fields?: Record<string, string>
  readonly value?: unknown
  constructor(code: ApiCode, message?: string, extra?: { fields?: Record<string, string>; value?: unknown }) {
    super(message ?? defaultMessages[code] ?? code)
    this.name = 'Fail'
    this.code = code
    if (extra?.fields) this.fields = extra.fields
    if (extra && 'value' in extra) this.value = extra.value
  }
}

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

/** Largest request body accepted. */
export const bodyLimit = 256 * 1024

/** API prefixes answered with envelopes, never HTML. */
export const apiPrefixes = ['/wps', '/lgw', '/lotto'] as const

/** Plain-English default message of each code (the client translates `err_<code>` itself). */
const defaultMessages: Partial<Record<ApiCode, string>> = {
  validation_failed: 'Some fields are invalid.',
  not_found: 'Not found.',
  server_error: 'Something went wrong on our side.',
  rate_limited: 'Too many requests. Please try again later.',
  maintenance: 'The system is under maintenance.',
  region_blocked: 'Access from your location or IP address is restricted.',
  not_enabled: 'This feature is not enabled.',
  conflict: 'The request conflicts with an earlier one.',
  session_expired: 'Please log in again.',
  unauthorized: 'Not logged in.',
  forbidden: 'Not allowed.',
  invalid_credentials: 'Wrong username or password.',
  insufficient_funds: 'Insufficient balance.',
  trial_account: 'Please use a real account.',
}

// Routes registered per app, so a known path called with the wrong method answers 405, not 404.
const registered = new WeakMap<Hono, Map<string, Set<string>>>()

/** Methods registered for `path` on `app` (empty when none). */
export function methodsOf(app: Hono, path: string): string[] {
  return [...(registered.get(app)?.get(path) ?? [])]
}

/** Replies with an error envelope. */
export function failResponse(c: Context, fail: Fail, status?: number): Response {
  const body: Record<string, unknown> = { success: false, code: fail.code, message: fail.message }
  if (fail.value !== undefined) body.value = fail.value
  if (fail.fields) body.fields = fail.fields
  return c.json(body, (status ?? statusFor(fail)) as 400)
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

/** Turns schema issues into a `validation_failed` with one message key per offending field. */
export function invalid(issues: readonly v.BaseIssue<unknown>[]): Fail {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const path = v.getDotPath(issue)
    if (path && !(path in fields)) fields[path] = 'err_field_invalid'
  }
  const names = Object.keys(fields)
  const message = names.length ? `Invalid value for: ${names.slice(0, 10).join(', ')}.` : 'The request is malformed.'
  return new Fail('validation_failed', message, { fields })
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

/** First value of each query parameter, in an object with no prototype tricks. */
function queryObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, val] of params) {
    if (isDangerousKey(k) || Object.prototype.hasOwnProperty.call(out, k)) continue
    out[k] = val
  }
  return out
}

const isDangerousKey = (k: string) => k === '__proto__' || k === 'constructor' || k === 'prototype'

/** JSON.parse that drops `__proto__`/`constructor`/`prototype` keys; malformed JSON → validation_failed. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text, (k, val: unknown) => (isDangerousKey(k) ? undefined : val))
  } catch {
    throw new Fail('validation_failed', 'The request body is not valid JSON.')
  }
}

/** Reads a request body as text, refusing more than {@link bodyLimit} bytes (413). */
export async function readBody(req: Request): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? '0')
  if (declared > bodyLimit) throw new BodyTooLarge()
  const bytes = await readBytes(req, bodyLimit)
  if (!bytes) throw new BodyTooLarge()
  return new TextDecoder().decode(bytes)
}

/** A request body's bytes, or null as soon as they pass `max` (a chunked upload is not buffered whole). */
export async function readBytes(req: Request, max: number): Promise<Uint8Array | null> {
  if (!req.body) return new Uint8Array()
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
  }
  return new Uint8Array(Buffer.concat(chunks))
}

/** Request body over the limit: answered 413 with `validation_failed`. */
class BodyTooLarge extends Fail {
  constructor() {
    super('validation_failed', `The request body exceeds ${bodyLimit / 1024} KB.`)
  }
}

/** HTTP status for a Fail (413 for an oversized body). */
export const statusFor = (fail: Fail): number => (fail instanceof BodyTooLarge ? 413 : statusOf[fail.code] || 500)

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

/**
 * Parses TRUSTED_PROXIES: addresses and CIDR ranges separated by commas or spaces
 * (`127.0.0.1, ::1, 10.0.0.0/8`). Empty means no proxy is trusted: forwarded headers are ignored.
 * @throws Error naming the entry that is not an address or range
 */
export function parseTrustedProxies(text: string | string[] | undefined): BlockList {
  const list = new BlockList()
  const entries = (Array.isArray(text) ? text : (text ?? '').split(/[\s,]+/)).map((x) => x.trim()).filter(Boolean)
  for (const entry of entries) {
    const [addr, bits] = entry.split('/')
    const family = isIP(addr)
    const prefix = bits === undefined ? null : Number(bits)
    if (!family || (prefix !== null && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= (family === 4 ? 32 : 128)))) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`)
    }
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (prefix === null) list.addAddress(addr, type)
    else list.addSubnet(addr, prefix, type)
  }
  return list
}

const isTrusted = (trusted: BlockList, ip: string): boolean => {
  const family = isIP(ip)
  return family !== 0 && trusted.check(ip, family === 4 ? 'ipv4' : 'ipv6')
}

/**
 * The caller's address. Forwarded headers count only when the socket peer is a trusted proxy; then
 * the `X-Forwarded-For` hops are read right to left and the first one that is not a trusted proxy is
 * the caller (a client can prepend anything it likes, but not what its proxies append).
 */
export function clientIp(c: Context, trusted: BlockList): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  let ip = normaliseIp(env?.incoming?.socket?.remoteAddress ?? '127.0.0.1')
  if (!isTrusted(trusted, ip)) return ip
  const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((h) => h.trim()).filter(Boolean)
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normaliseIp(hops[i])
    if (!isIP(hop)) return ip // garbage: the last address a trusted proxy vouched for
    ip = hop
    if (!isTrusted(trusted, hop)) return hop
  }
  return ip
}

const normaliseIp = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip)
