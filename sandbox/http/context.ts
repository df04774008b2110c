/**
 * What a handler is given: the sandbox's dependencies ({@link Deps}) and, per request, the caller,
 * language, merchant and session ({@link Ctx}).
 * @module
 */
import type { SecretKey } from '../backoffice/secret-box.ts'
import type { BlockList } from 'node:net'
import type { Context, Hono } from 'hono'
import { headerNames, languages, wireQuery, withdrawOnlyEndpoints, type EndpointKey, type Language, type WhitelabelFlag } from '../../sdk/contract/all.ts'
import type { Db } from '../db/index.ts'
import type { Inbox } from '../inbox.ts'
import type { Delivery } from '../delivery/index.ts'
import type { Hasher } from '../auth/password.ts'
import { TRIAL, type Member } from '../auth/members.ts'
import { resolveSession, type SessionInfo } from '../auth/sessions.ts'
import { clientIp } from './address.ts'
import { Fail } from './fail.ts'
import type { StreamRegistry } from '../service/streams.ts'
import type { PlatformKeys } from '../auth/rsa.ts'
import type { IdentityProviders } from '../auth/oidc.ts'
import type { LiveContent } from '../content/live.ts'

/** What every route needs: the database, the clock, the mode, the dev inbox, message delivery and the whitelabel flags. */
export interface Deps {
  db: Db
  /** Milliseconds since the epoch (injectable for tests). */
  now: () => number
  /** Production mode: no dev routes. */
  production: boolean
  /** Where the dev routes read captcha answers and slider targets (and, outside production, unconfigured messages). */
  inbox: Inbox
  /** The email and SMS providers every message goes through (sandbox/delivery/). */
  delivery: Delivery
  flags: () => Promise<Record<WhitelabelFlag, boolean>>
  /** Password hashing: a bounded pool at the configured scrypt cost. */
  hasher: Hasher
  /** Payment-password hashing: its own smaller pool, at the same cost. */
  payHasher: Hasher
  /** Proxies whose `X-Forwarded-For` is believed (TRUSTED_PROXIES; none by default). */
  trustedProxies: BlockList
  /** The payment provider deposits go through (PAYMENT_PROVIDER), or null: deposits answer `not_enabled`. */
  payments: PaymentProvider | null
  /** The chat's open live streams in this process, capped per caller. */
  streams: StreamRegistry
  /** The platform keys sealed bodies are opened with, shared through the database by every process. */
  keys: PlatformKeys
  /** The configured OpenID providers of Google and Facebook sign-in (none: the dev provider outside production, no button in it). */
  identity?: IdentityProviders
  /** The key operators' TOTP secrets are sealed with (OPERATOR_SECRET_KEY; a public one in development). */
  operatorKey: SecretKey
  /** The content editor and Publish on the live site (sandbox/content/live.ts), when configured. */
  liveContent?: LiveContent
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

/** What a session that must change its password may still call. */
const allowedWhileChangeRequired: ReadonlySet<EndpointKey> = new Set<EndpointKey>(['changePassword', 'logout'])

/** What a withdrawal-only session (a player on a time-out or self-exclusion) may call. */
const allowedWhileWithdrawOnly: ReadonlySet<EndpointKey> = new Set<EndpointKey>(withdrawOnlyEndpoints)

/**
 * The context of one request to endpoint `key`: language and merchant from their headers (English and
 * `LOBBYKIT` when missing or malformed), and the session behind the bearer token when the endpoint
 * takes one.
 * @param tokenMode `true`: a live session is required (`session_expired` without); `'optional'`: a
 *   guest is answered too; `false`: the token is not read
 * @throws Fail('session_expired' | 'password_change_required' | 'account_excluded')
 */
export async function contextOf(c: Context, deps: Deps, tokenMode: boolean | 'optional', key: EndpointKey): Promise<Ctx> {
  const headers = c.req.raw.headers
  // A public read from another origin carries them in its query (a CORS simple request).
  const query = c.req.method === 'GET' ? new URL(c.req.url).searchParams : undefined
  const lang = (headers.get(headerNames.language) ?? query?.get(wireQuery.language) ?? '').toLowerCase()
  const language = (languages as readonly string[]).includes(lang) ? (lang as Language) : 'en'
  const merchantHeader = headers.get(headerNames.merchant) ?? query?.get(wireQuery.merchant) ?? ''
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
    // A session opened during a break may only withdraw: nothing that stakes, deposits, transfers or
    // shows promotions. A call taking an optional token is answered as for a guest.
    if (session?.withdrawOnly && !allowedWhileWithdrawOnly.has(key)) {
      if (tokenMode === true) throw new Fail('account_excluded', 'While your break runs this session may only withdraw your balance')
      session = null
    }
    if (!session) token = null
  }
  return { ...deps, ip: clientIp(c, deps.trustedProxies), language, merchant, token, member: session?.member ?? null, session, headers }
}

/**
 * The member calling an endpoint that takes a token: `session_expired` when there is none (an
 * endpoint with `token: true` never gets this far without one).
 */
export function memberOf(ctx: Ctx): Member {
  if (!ctx.member) throw new Fail('session_expired', 'Please log in')
  return ctx.member
}

/**
 * The member calling an endpoint that needs a real account: `session_expired` without one, and
 * `trial_account` for a free-play account (SPEC §5 in_need_true_account).
 */
export function realMemberOf(ctx: Ctx): Member {
  const member = memberOf(ctx)
  if (member.type === TRIAL || member.isAgent === TRIAL) throw new Fail('trial_account')
  return member
}

/** An order's state as the provider knows it. */
export type ProviderOrderState = 'pending' | 'paid' | 'failed' | 'unknown'

/** What the platform asks a provider to collect. */
export interface ProviderOrder {
  orderId: string
  /** Minor units. */
  amount: number
  /** The platform's channel code (`BANK`, `GCASH`, `CARD`, `USDT`). */
  channel: string
  /** The reference the payer quotes. */
  reference: string
}

/** A payment provider (sandbox/money/providers.ts): what a real one implements to take the simulator's place. */
export interface PaymentProvider {
  /** Its name, as `PAYMENT_PROVIDER` gives it. */
  readonly name: string
  /** False for the simulator: its deposits are fake. */
  readonly real: boolean
  /**
   * Registers the provider's own routes on the platform: its callback endpoint (and, for the
   * simulator, its pay page). Called once when the app is built.
   */
  mount(app: Hono, deps: Deps): void
  /** Opens the order at the provider; answers where, on the platform origin, the payer goes to pay. */
  createOrder(order: ProviderOrder): Promise<{ payPath: string }>
  /**
   * Checks a callback's body: the order and outcome it carries when the provider signed it, else null.
   * Only a verified callback may settle an order (`settleDeposit`).
   */
  verifyCallback(body: unknown): { orderId: string; status: 'paid' | 'failed' } | null
  /** Asks the provider how an order stands (to reconcile a callback that never came). */
  queryOrder(orderId: string, deps: Deps): Promise<ProviderOrderState>
}
