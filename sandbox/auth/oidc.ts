import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import * as client from 'openid-client'
import type { WhitelabelFlag, WhitelabelNode } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { loadFlags } from '../settings.ts'

/**
 * Real third-party sign-in: OpenID Connect (authorization code with PKCE, state and nonce, through
 * `openid-client`) for Google, and for Facebook either Facebook Login as Facebook does it (OAuth 2
 * authorization code with PKCE and state, the person read from the Graph API's `/me`: see
 * {@link facebookProvider}) or OpenID through a broker, each configured by issuer, client id and
 * client secret (Facebook Login: app id and secret).
 * The sandbox's sign-in popup (`/sandbox/idp/authorize`) sends the player to the provider; the
 * provider sends them back to `/sandbox/idp/callback/<provider>`, where the code is exchanged and the
 * provider's ID token checked (Facebook Login: the Graph asked who the token belongs to); the popup then hands the app the platform's own short-lived proof of
 * that identity, which the login call takes as it takes the dev provider's.
 *
 * The flow's state, nonce and PKCE verifier travel in an encrypted, HttpOnly cookie scoped to the
 * callback path, and the proofs are signed, both with keys derived from the client secret: every
 * process configured alike reads them, with nothing kept in memory.
 * @module
 */

/** The third-party sign-ins that are OpenID Connect. */
export type SocialProvider = 'google' | 'facebook'

export const socialProviders: readonly SocialProvider[] = ['google', 'facebook']

/** One provider's settings (from the environment). */
export interface OidcSettings {
  issuer: URL
  clientId: string
  clientSecret: string
}

/**
 * Facebook Login as Facebook does it (OAuth 2, not OpenID): its app id and secret, its login dialog
 * and its Graph API (the token endpoint is `<graph>/oauth/access_token`, the person `<graph>/me`).
 */
export interface FacebookSettings {
  appId: string
  appSecret: string
  /** Like `https://graph.facebook.com/v19.0` (no trailing slash). */
  graph: URL
  /** Like `https://www.facebook.com/v19.0/dialog/oauth`. */
  dialog: URL
}

/** Facebook's addresses when FACEBOOK_GRAPH_URL / FACEBOOK_DIALOG_URL are not set (the Graph API version pinned). */
export const FACEBOOK_GRAPH_URL = 'https://graph.facebook.com/v19.0'
export const FACEBOOK_DIALOG_URL = 'https://www.facebook.com/v19.0/dialog/oauth'

/** A configured provider: its settings, its keys, and its discovered configuration (fetched on first use). */
export interface OidcProvider {
  provider: SocialProvider
  settings: OidcSettings
  /** Set for Facebook's own OAuth (no OpenID): the Graph API the person is read from. */
  graph?: URL
  /** Signs the platform's proofs of this provider's identities (see `signIdToken`). */
  proofKey: Buffer
  /** Encrypts the flow's cookie. */
  cookieKey: Buffer
  /** The provider's discovered configuration; a failed discovery is retried on the next call. */
  configuration(): Promise<client.Configuration>
}

/** The configured OpenID providers, by name (none configured: an empty object). */
export type IdentityProviders = Partial<Record<SocialProvider, OidcProvider>>

/** The whitelabel switch that shows each third-party sign-in. */
export const providerFlags = { google: 'GOOGLELOGIN3', facebook: 'FBLOGIN3', phone: 'THIRDPARTYSMS3' } as const satisfies Record<SocialProvider | 'phone', WhitelabelFlag>

const envPrefix = (p: SocialProvider): string => `OIDC_${p.toUpperCase()}`

const loopback = (host: string): boolean => host === '127.0.0.1' || host === 'localhost' || host === '[::1]'

/** Builds a provider from its settings (no network until its first sign-in). */
export function oidcProvider(provider: SocialProvider, settings: OidcSettings): OidcProvider {
  const derive = (use: string): Buffer =>
    Buffer.from(hkdfSync('sha256', settings.clientSecret, `${settings.issuer.href}|${settings.clientId}`, `lobbykit oidc ${provider} ${use}`, 32))
  let pending: Promise<client.Configuration> | null = null
  return {
    provider,
    settings,
    proofKey: derive('proof'),
    cookieKey: derive('cookie'),
    configuration() {
      pending ??= client
        .discovery(settings.issuer, settings.clientId, { client_secret: settings.clientSecret }, client.ClientSecretPost(settings.clientSecret), {
          // Plain http only for a provider on this machine (the tests' local provider).
          execute: settings.issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
        })
        .catch((err: unknown) => {
          pending = null
          throw err
        })
      return pending
    },
  }
}

/**
 * Facebook through its own OAuth: the dialog for the consent, the Graph token endpoint for the code
 * (client id and secret in the body, as Facebook takes them) and the Graph `/me` for the person. No
 * discovery: Facebook publishes no OAuth metadata. The "issuer" is the dialog's origin (what an
 * authorization response's `iss`, when there is one, must name).
 */
export function facebookProvider(settings: FacebookSettings): OidcProvider {
  const base = oidcProvider('facebook', { issuer: new URL(settings.dialog.origin), clientId: settings.appId, clientSecret: settings.appSecret })
  const graph = settings.graph.href.replace(/\/+$/, '')
  const config = new client.Configuration(
    { issuer: settings.dialog.origin, authorization_endpoint: settings.dialog.href, token_endpoint: `${graph}/oauth/access_token` },
    settings.appId,
    { client_secret: settings.appSecret },
    client.ClientSecretPost(settings.appSecret),
  )
  // Plain http only for a server on this machine (the tests' local one).
  if (settings.graph.protocol === 'http:' || settings.dialog.protocol === 'http:') client.allowInsecureRequests(config)
  return { ...base, graph: new URL(graph), configuration: () => Promise.resolve(config) }
}

/** Reads an address setting: https, or plain http on this machine only. */
function addressSetting(name: string, value: string, example: string): URL | string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return `${name} is not an address: write one like ${example}.`
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback(url.hostname))) return `${name} must start with https:// (plain http only for a server on this machine).`
  return url
}

/**
 * Facebook through its own OAuth from `FACEBOOK_APP_ID` and `FACEBOOK_APP_SECRET` (both or none), with
 * `FACEBOOK_GRAPH_URL` and `FACEBOOK_DIALOG_URL` optional.
 * @returns the provider, `null` when not configured, or `error`: one line
 */
function facebookFromEnv(env: Record<string, string | undefined>): OidcProvider | null | { error: string } {
  const appId = env.FACEBOOK_APP_ID?.trim() ?? ''
  const appSecret = env.FACEBOOK_APP_SECRET?.trim() ?? ''
  const graphUrl = env.FACEBOOK_GRAPH_URL?.trim() ?? ''
  const dialogUrl = env.FACEBOOK_DIALOG_URL?.trim() ?? ''
  if (!appId && !appSecret) return graphUrl || dialogUrl ? { error: 'FACEBOOK_GRAPH_URL and FACEBOOK_DIALOG_URL need FACEBOOK_APP_ID and FACEBOOK_APP_SECRET.' } : null
  if (!appId || !appSecret)
    return { error: `Facebook sign-in is half configured: set ${appId ? 'FACEBOOK_APP_SECRET' : 'FACEBOOK_APP_ID'} too (or neither of FACEBOOK_APP_ID and FACEBOOK_APP_SECRET).` }
  const graph = addressSetting('FACEBOOK_GRAPH_URL', graphUrl || FACEBOOK_GRAPH_URL, FACEBOOK_GRAPH_URL)
  if (typeof graph === 'string') return { error: graph }
  const dialog = addressSetting('FACEBOOK_DIALOG_URL', dialogUrl || FACEBOOK_DIALOG_URL, FACEBOOK_DIALOG_URL)
  if (typeof dialog === 'string') return { error: dialog }
  return facebookProvider({ appId, appSecret, graph, dialog })
}

/**
 * The providers the environment configures: for each of GOOGLE and FACEBOOK, `OIDC_<NAME>_ISSUER`,
 * `OIDC_<NAME>_CLIENT_ID` and `OIDC_<NAME>_CLIENT_SECRET`, all three or none; for Facebook instead
 * (not as well) `FACEBOOK_APP_ID` and `FACEBOOK_APP_SECRET` (Facebook's own OAuth).
 * @returns the providers, or `error`: one line naming the setting that cannot be used
 * @example identityProvidersFromEnv({ OIDC_GOOGLE_ISSUER: 'https://accounts.google.com', OIDC_GOOGLE_CLIENT_ID: 'id', OIDC_GOOGLE_CLIENT_SECRET: 's' })
 */
export function identityProvidersFromEnv(env: Record<string, string | undefined>): { providers: IdentityProviders } | { error: string } {
  const providers: IdentityProviders = {}
  for (const p of socialProviders) {
    const pre = envPrefix(p)
    const issuer = env[`${pre}_ISSUER`]?.trim() ?? ''
    const clientId = env[`${pre}_CLIENT_ID`]?.trim() ?? ''
    const clientSecret = env[`${pre}_CLIENT_SECRET`]?.trim() ?? ''
    if (!issuer && !clientId && !clientSecret) continue
    const missing = [!issuer && `${pre}_ISSUER`, !clientId && `${pre}_CLIENT_ID`, !clientSecret && `${pre}_CLIENT_SECRET`].filter(Boolean)
    if (missing.length)
      return { error: `${p === 'google' ? 'Google' : 'Facebook'} sign-in is half configured: set ${missing.join(' and ')} too (or none of the ${pre}_* settings).` }
    let url: URL
    try {
      url = new URL(issuer)
    } catch {
      return { error: `${pre}_ISSUER is not an address: write the provider's issuer, like https://accounts.google.com.` }
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback(url.hostname))) {
      return { error: `${pre}_ISSUER must start with https:// (plain http only for a provider on this machine).` }
    }
    providers[p] = oidcProvider(p, { issuer: url, clientId, clientSecret })
  }
  const facebook = facebookFromEnv(env)
  if (facebook && 'error' in facebook) return facebook
  if (facebook && providers.facebook)
    return { error: 'Facebook sign-in is configured twice: set FACEBOOK_APP_ID and _SECRET (Facebook Login) or the OIDC_FACEBOOK_* settings (a broker), not both.' }
  if (facebook) providers.facebook = facebook
  return { providers }
}

/**
 * Which third-party sign-ins can work here: one with a configured provider, and outside production
 * every one (the dev identity provider stands in). A switch left on without one shows no button.
 */
export function signInAvailable(identity: IdentityProviders | undefined, production: boolean): Record<SocialProvider | 'phone', boolean> {
  return { google: !production || Boolean(identity?.google), facebook: !production || Boolean(identity?.facebook), phone: !production }
}

/** The switches to show off because their sign-in cannot work here. */
export function unavailableFlags(identity: IdentityProviders | undefined, production: boolean): WhitelabelFlag[] {
  const ok = signInAvailable(identity, production)
  return (Object.keys(ok) as (SocialProvider | 'phone')[]).filter((p) => !ok[p]).map((p) => providerFlags[p])
}

/** The flags with the third-party sign-ins that cannot work here switched off. */
export function maskFlags<T extends Record<WhitelabelFlag, boolean>>(flags: T, identity: IdentityProviders | undefined, production: boolean): T {
  const off = unavailableFlags(identity, production)
  if (!off.length) return flags
  const out = { ...flags }
  for (const f of off) out[f] = false as T[WhitelabelFlag]
  return out
}

/** The whitelabel tree as the client is sent it: the third-party sign-ins that cannot work here off. */
export function maskTree(tree: WhitelabelNode[], identity: IdentityProviders | undefined, production: boolean): WhitelabelNode[] {
  const off = new Set<string>(unavailableFlags(identity, production))
  if (!off.size) return tree
  const walk = (nodes: WhitelabelNode[]): WhitelabelNode[] =>
    nodes.map((n) => ({ ...n, enabled: off.has(n.modId) ? false : n.enabled, childrenNodes: walk(n.childrenNodes ?? []) }))
  return walk(tree)
}

/** What the flow's cookie carries from the popup's start to the provider's answer. */
export interface FlowState {
  state: string
  nonce: string
  verifier: string
  /** The app's origin the popup answers, and the callback address registered at the provider. */
  origin: string
  redirectUri: string
  /** The popup's language (its pages' strings). */
  lang: string
  /** Epoch seconds after which the flow is void. */
  exp: number
}

/** Encrypts the flow's state for its cookie (AES-256-GCM: unreadable and unalterable in the browser). */
export function sealFlow(p: OidcProvider, flow: FlowState): string {
  const iv = randomBytes(12)
  const c = createCipheriv('aes-256-gcm', p.cookieKey, iv)
  const body = Buffer.concat([c.update(JSON.stringify(flow), 'utf8'), c.final()])
  return [iv, body, c.getAuthTag()].map((b) => b.toString('base64url')).join('.')
}

/** Opens a sealed flow, or `null` when it is missing, altered, another provider's or expired. */
export function openFlow(p: OidcProvider, sealed: string | undefined, nowMs: number): FlowState | null {
  const m = sealed ? /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{1,4000})\.([A-Za-z0-9_-]{22})$/.exec(sealed) : null
  if (!m) return null
  try {
    const d = createDecipheriv('aes-256-gcm', p.cookieKey, Buffer.from(m[1], 'base64url'))
    d.setAuthTag(Buffer.from(m[3], 'base64url'))
    const flow = JSON.parse(Buffer.concat([d.update(Buffer.from(m[2], 'base64url')), d.final()]).toString('utf8')) as FlowState
    return typeof flow.exp === 'number' && flow.exp * 1000 > nowMs ? flow : null
  } catch {
    return null
  }
}

/** The flow cookie's name for a provider. */
export const flowCookie = (p: SocialProvider): string => `lk_oidc_${p}`

/** The callback path registered at the provider (after the platform's origin). */
export const callbackPath = (p: SocialProvider): string => `/sandbox/idp/callback/${p}`

/** How long a started sign-in may take at the provider. */
export const FLOW_TTL_S = 10 * 60

/** Starts a sign-in: the provider's authorization address and the sealed cookie to set. */
export async function beginSignIn(p: OidcProvider, origin: string, lang: string, nowMs: number): Promise<{ url: URL; cookie: string }> {
  const config = await p.configuration()
  const verifier = client.randomPKCECodeVerifier()
  const flow: FlowState = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier,
    origin,
    redirectUri: `${origin}${callbackPath(p.provider)}`,
    lang,
    exp: Math.floor(nowMs / 1000) + FLOW_TTL_S,
  }
  const challenge = await client.calculatePKCECodeChallenge(verifier)
  if (p.graph) {
    // Facebook Login: its permissions, no nonce (no ID token); the dialog speaks the person's Facebook language.
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: flow.redirectUri,
      scope: 'public_profile email',
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: flow.state,
    })
    return { url, cookie: sealFlow(p, flow) }
  }
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: flow.redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
    ui_locales: ({ en: 'en', es: 'es', cn: 'zh-CN', vi: 'vi' } as Record<string, string>)[lang] ?? 'en',
  })
  return { url, cookie: sealFlow(p, flow) }
}

/** The identity a finished sign-in proved. */
export interface ProvedIdentity {
  sub: string
  name: string
  email?: string
}

/** Why a sign-in at the provider did not finish: the player said no, or the answer could not be trusted. */
export class SignInRefused extends Error {
  override name = 'SignInRefused'
  readonly reason: 'cancelled' | 'invalid_credentials'
  constructor(reason: 'cancelled' | 'invalid_credentials', message: string) {
    super(message)
    this.reason = reason
  }
}

/**
 * Finishes a sign-in from the provider's answer at the callback: checks the state, exchanges the
 * code with the PKCE verifier, checks the ID token (signature, issuer, audience, expiry, nonce) and
 * reads the name and email (from the userinfo endpoint when the ID token leaves them out).
 * @param search the callback request's query string (`?code=…&state=…`)
 * @throws {SignInRefused}
 */
export async function finishSignIn(p: OidcProvider, flow: FlowState, search: string): Promise<ProvedIdentity> {
  const params = new URLSearchParams(search)
  if (params.get('error') === 'access_denied') throw new SignInRefused('cancelled', 'The sign-in was cancelled at the provider')
  const config = await p.configuration()
  const current = new URL(flow.redirectUri)
  current.search = search
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>
  try {
    tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      ...(p.graph ? {} : { expectedNonce: flow.nonce, idTokenExpected: true }),
    })
  } catch (err) {
    // What an operator needs to tell a forged answer from a misconfiguration: the provider's error
    // code (`invalid_client`: a wrong secret) or the check that failed (the innermost cause).
    let e = err as Error & { error?: string }
    while (e.cause instanceof Error) e = e.cause as Error & { error?: string }
    const code = (err as { error?: string }).error
    const detail = code ? ` (${code})` : ''
    throw new SignInRefused('invalid_credentials', `The provider's answer could not be verified: ${e.message}${detail}`)
  }
  if (p.graph) return graphPerson(p, p.graph, config, tokens.access_token)
  const claims = tokens.claims()
  if (!claims?.sub) throw new SignInRefused('invalid_credentials', 'The provider gave no identity')
  let info: Record<string, unknown> = { ...claims }
  if ((typeof claims.name !== 'string' || typeof claims.email !== 'string') && config.serverMetadata().userinfo_endpoint) {
    try {
      info = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims }
    } catch {
      // The ID token alone identifies the player: the name falls back below.
    }
  }
  // An address the provider says it has not verified is not taken as the player's.
  const email = typeof info.email === 'string' && info.email_verified !== false ? info.email.slice(0, 255) : undefined
  const name = typeof info.name === 'string' && info.name.trim() ? info.name.trim() : (email ?? claims.sub)
  return { sub: claims.sub, name: name.slice(0, 64), ...(email ? { email } : {}) }
}

/**
 * Reads the person from Facebook's Graph `/me` with the access token and, as Facebook advises for a
 * server, the `appsecret_proof` (HMAC-SHA256 of the token keyed with the app secret), so a leaked
 * token is of no use without the secret.
 * @throws {SignInRefused} with the Graph's own message when it refuses the token
 */
async function graphPerson(p: OidcProvider, graph: URL, config: client.Configuration, accessToken: string): Promise<ProvedIdentity> {
  const me = new URL(`${graph.href.replace(/\/+$/, '')}/me`)
  me.search = new URLSearchParams({ fields: 'id,name,email', appsecret_proof: createHmac('sha256', p.settings.clientSecret).update(accessToken).digest('hex') }).toString()
  let res: Response
  try {
    res = await client.fetchProtectedResource(config, accessToken, me, 'GET')
  } catch (err) {
    throw new SignInRefused('invalid_credentials', `Facebook's Graph refused the access token: ${(err as Error).message}`)
  }
  const body = (await res.json().catch(() => ({}))) as { id?: unknown; name?: unknown; email?: unknown; error?: { message?: string; code?: number } }
  if (!res.ok || body.error) {
    const why = body.error?.message ? `${body.error.message}${body.error.code ? ` (code ${body.error.code})` : ''}` : `status ${res.status}`
    throw new SignInRefused('invalid_credentials', `Facebook's Graph refused the access token: ${why}`)
  }
  if (typeof body.id !== 'string' || !body.id) throw new SignInRefused('invalid_credentials', "Facebook's Graph gave no id for the person")
  // Facebook returns only an email it has confirmed (and none when the person withheld it).
  const email = typeof body.email === 'string' && body.email ? body.email.slice(0, 255) : undefined
  const name = typeof body.name === 'string' && body.name.trim() ? body.name.trim() : (email ?? body.id)
  return { sub: body.id, name: name.slice(0, 64), ...(email ? { email } : {}) }
}

/**
 * The line a production start says when a third-party sign-in is switched on without a provider (its
 * button is hidden rather than dead), or `null` when there is none.
 */
export async function hiddenSignIns(q: Queryable, identity: IdentityProviders): Promise<string | null> {
  const flags = await loadFlags(q)
  const hidden = socialProviders.filter((p) => flags[providerFlags[p]] && !identity[p])
  if (!hidden.length) return null
  const names = hidden.map((p) =>
    p === 'google'
      ? `Google (${providerFlags[p]}; set ${envPrefix(p)}_ISSUER, _CLIENT_ID, _CLIENT_SECRET)`
      : `Facebook (${providerFlags[p]}; set FACEBOOK_APP_ID and FACEBOOK_APP_SECRET, or OIDC_FACEBOOK_*)`,
  )
  return `Sign-in switched on with no provider, its button hidden: ${names.join(', ')}.`
}
