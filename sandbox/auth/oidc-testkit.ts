import { createHash, createHmac, generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

/**
 * A real OpenID provider (`oidc-provider`) on 127.0.0.1, port 0, for the sign-in tests: in-memory
 * storage, the clients the test registers, one account, and a programmatic interaction that logs
 * that account in and consents at once (no login page). Also a small cookie-keeping driver that
 * follows the redirects of a sign-in as a browser would, without one.
 * @module
 */

/** The one account the provider signs in. */
export interface LocalAccount {
  sub: string
  email: string
  name: string
}

/** A registered client. */
export interface LocalClient {
  client_id: string
  client_secret: string
  redirect_uris: string[]
}

/** A local provider: listening from the start (its issuer known), serving once `start` gave it its clients. */
export interface LocalOidc {
  issuer: string
  /**
   * As "Facebook" (`listenLocalOidc({ facebook: true })`): the login dialog's and the Graph's addresses
   * (the token endpoint at `<graph>/oauth/access_token`, the person at `<graph>/me`).
   */
  dialog: string
  graph: string
  /** The `appsecret_proof` each Graph `/me` call carried (checked against the token and the app's secret). */
  proofs: string[]
  /** Has the Graph refuse the next `/me` as Facebook does a token the person has since revoked. */
  refuseNextToken(): void
  start(clients: LocalClient[], account: LocalAccount): void
  /** Hands the next token response this ID token instead of its own (a provider answering for another client). */
  swapNextIdToken(idToken: string): void
  close(): Promise<void>
}

type Stored = { payload: Record<string, unknown>; expiresAt: number }

/** The provider's storage: in memory, per model, gone with the process. */
class MemoryAdapter {
  private static readonly all = new Map<string, Stored>()
  private readonly name: string
  constructor(name: string) {
    this.name = name
  }
  private key = (id: string) => `${this.name}:${id}`
  private get(key: string): Record<string, unknown> | undefined {
    const hit = MemoryAdapter.all.get(key)
    return hit && hit.expiresAt > Date.now() ? hit.payload : undefined
  }
  async upsert(id: string, payload: Record<string, unknown>, expiresIn: number): Promise<void> {
    MemoryAdapter.all.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 })
  }
  async find(id: string) {
    return this.get(this.key(id))
  }
  async findByUid(uid: string) {
    for (const [k, v] of MemoryAdapter.all) if (k.startsWith(`${this.name}:`) && v.payload.uid === uid) return this.get(k)
    return undefined
  }
  async findByUserCode(userCode: string) {
    for (const [k, v] of MemoryAdapter.all) if (k.startsWith(`${this.name}:`) && v.payload.userCode === userCode) return this.get(k)
    return undefined
  }
  async consume(id: string): Promise<void> {
    const hit = MemoryAdapter.all.get(this.key(id))
    if (hit) hit.payload.consumed = Math.floor(Date.now() / 1000)
  }
  async destroy(id: string): Promise<void> {
    MemoryAdapter.all.delete(this.key(id))
  }
  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [k, v] of MemoryAdapter.all) if (v.payload.grantId === grantId) MemoryAdapter.all.delete(k)
  }
}

/** A Graph API error, in Facebook's shape. */
const graphError = (res: ServerResponse, message: string, code: number, type = 'OAuthException'): void => {
  res.statusCode = 400
  res.setHeader('content-type', 'application/json')
  res.end(JSON.stringify({ error: { message, type, code, fbtrace_id: 'local' } }))
}

/**
 * Starts listening; the provider answers once {@link LocalOidc.start} is called.
 * @param opts.facebook serve as Facebook's OAuth does: the dialog at `/dialog/oauth`, the token endpoint at
 *   `/oauth/access_token`, its permissions (`public_profile`, `email`) and a Graph `/me` taking the
 *   provider's own access tokens with the `appsecret_proof` Facebook asks of a server
 */
export async function listenLocalOidc(opts: { facebook?: boolean } = {}): Promise<LocalOidc> {
  let provider: Provider | null = null
  let account: LocalAccount | null = null
  let secrets = new Map<string, string>()
  let swap: string | null = null
  let refuse = false
  const proofs: string[] = []
  const me = async (req: IncomingMessage, res: ServerResponse, p: Provider, who: LocalAccount): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://local')
    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? url.searchParams.get('access_token') ?? ''
    const found = token ? await p.AccessToken.find(token) : undefined
    if (!found || refuse) {
      refuse = false
      return graphError(res, 'Error validating access token: The user has not authorized application local.', 190)
    }
    const proof = url.searchParams.get('appsecret_proof') ?? ''
    proofs.push(proof)
    const expected = createHmac('sha256', secrets.get(String(found.clientId)) ?? '')
      .update(token)
      .digest('hex')
    if (proof !== expected) return graphError(res, 'Invalid appsecret_proof provided in the API argument', 100, 'GraphMethodException')
    const fields = (url.searchParams.get('fields') ?? 'id,name').split(',')
    const person: Record<string, string> = { id: who.sub, name: who.name, email: who.email }
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify(Object.fromEntries(fields.filter((f) => f in person).map((f) => [f, person[f]]))))
  }
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!provider || !account) {
      res.statusCode = 503
      res.end()
      return
    }
    if (opts.facebook && req.method === 'GET' && req.url?.startsWith('/me?')) {
      void me(req, res, provider, account).catch((err: unknown) => {
        res.statusCode = 500
        res.end(String(err))
      })
      return
    }
    if (req.url?.startsWith('/interaction/')) {
      void interact(provider, account, req, res).catch((err: unknown) => {
        res.statusCode = 500
        res.end(String(err))
      })
      return
    }
    if (swap && req.method === 'POST' && req.url === '/token') {
      const idToken = swap
      swap = null
      const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse
      res.end = ((chunk?: unknown) => {
        const body = JSON.parse(String(chunk)) as Record<string, unknown>
        if (body.id_token) body.id_token = idToken
        const out = JSON.stringify(body)
        res.setHeader('Content-Length', Buffer.byteLength(out))
        return end(out)
      }) as typeof res.end
    }
    provider.callback()(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    issuer,
    dialog: `${issuer}/dialog/oauth`,
    graph: issuer,
    proofs,
    refuseNextToken() {
      refuse = true
    },
    start(clients, who) {
      account = who
      secrets = new Map(clients.map((c) => [c.client_id, c.client_secret]))
      provider = new Provider(issuer, {
        ...(opts.facebook ? { routes: { authorization: '/dialog/oauth', token: '/oauth/access_token' }, scopes: ['public_profile', 'email'] } : {}),
        clients: clients.map((c) => ({ ...c, grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post' })),
        findAccount: (_ctx: unknown, id: string) =>
          id === who.sub ? { accountId: id, claims: () => ({ sub: id, email: who.email, email_verified: true, name: who.name }) } : undefined,
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        cookies: { keys: [randomBytes(16).toString('hex')] },
        adapter: MemoryAdapter,
        jwks: { keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: 'local', alg: 'RS256', use: 'sig' }] },
        ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
        interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
        features: { devInteractions: { enabled: false } },
        pkce: { required: () => true },
      })
    },
    swapNextIdToken(idToken) {
      swap = idToken
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The interaction: the account logs in and consents to what was asked, no page shown. */
async function interact(provider: Provider, account: LocalAccount, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(req, res)
  const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) })
  grant.addOIDCScope(String(details.params.scope))
  const grantId = await grant.save()
  await provider.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false })
}

/** Cookies by origin, as a browser would keep them for these tests (no paths, no expiry beyond deletion). */
export class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>()

  /** The Cookie header for `url`. */
  header(url: URL): string {
    return [...(this.jars.get(url.origin) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  /** Keeps the cookies a response set. */
  keep(url: URL, res: Response): void {
    const jar = this.jars.get(url.origin) ?? new Map<string, string>()
    this.jars.set(url.origin, jar)
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';')
      const i = pair.indexOf('=')
      const name = pair.slice(0, i).trim()
      const value = pair.slice(i + 1).trim()
      const gone = !value || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()))
      if (gone) jar.delete(name)
      else jar.set(name, value)
    }
  }

  /** A GET with this jar's cookies, not following redirects. */
  async get(url: URL): Promise<Response> {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: this.header(url) } })
    this.keep(url, res)
    return res
  }
}

/**
 * Follows redirects from `start` until one leads to an address `stop` accepts (returned unfetched),
 * or a response that is no redirect (returned).
 */
export async function follow(jar: CookieJar, start: URL, stop: (url: URL) => boolean, rewrite?: (url: URL) => URL): Promise<{ stoppedAt: URL } | { response: Response; url: URL }> {
  let url = start
  for (let hops = 0; hops < 20; hops++) {
    if (stop(url)) return { stoppedAt: url }
    const res = await jar.get(url)
    const location = res.headers.get('location')
    if (res.status < 300 || res.status >= 400 || !location) return { response: res, url }
    await res.body?.cancel()
    url = new URL(location, url)
    if (rewrite) url = rewrite(url)
  }
  throw new Error(`more than 20 redirects from ${start.href}`)
}

/**
 * An ID token the provider issues to another client (a real one, signed by the provider), with the
 * nonce given: what a provider answering for another application would hand back.
 */
export async function idTokenForClient(issuer: string, c: LocalClient, nonce: string): Promise<string> {
  const verifier = randomBytes(32).toString('base64url')
  const auth = new URL('/auth', issuer)
  auth.search = new URLSearchParams({
    client_id: c.client_id,
    redirect_uri: c.redirect_uris[0],
    response_type: 'code',
    scope: 'openid',
    state: randomBytes(8).toString('hex'),
    nonce,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString()
  const end = await follow(new CookieJar(), auth, (u) => u.href.startsWith(c.redirect_uris[0]))
  if (!('stoppedAt' in end)) throw new Error(`the provider did not send back a code: ${end.response.status}`)
  const code = end.stoppedAt.searchParams.get('code') ?? ''
  const res = await fetch(new URL('/token', issuer), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: c.redirect_uris[0],
      code_verifier: verifier,
      client_id: c.client_id,
      client_secret: c.client_secret,
    }),
  })
  const body = (await res.json()) as { id_token?: string }
  if (!body.id_token) throw new Error(`no ID token: ${JSON.stringify(body)}`)
  return body.id_token
}

/** What the sign-in popup's callback page hands the app (its JSON configuration), and its status. */
export async function callbackAnswer(res: Response): Promise<{ status: number; idToken?: string; error?: string; origin?: string; html: string }> {
  const html = await res.text()
  const m = /<script type="application\/json" id="cfg">(.*?)<\/script>/s.exec(html)
  const cfg = m ? (JSON.parse(m[1]) as { idToken?: string; error?: string; origin?: string }) : {}
  return { status: res.status, idToken: cfg.idToken, error: cfg.error, origin: cfg.origin, html }
}
