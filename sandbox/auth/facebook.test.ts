import { createHash, createHmac, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { flagsOf, type WhitelabelNode } from '../../sdk/contract/all.ts'
import { setFlag as storeFlag } from '../settings.ts'
import { startSandbox } from '../testing.ts'
import { sandboxForFile } from '../testkit.ts'
import { callbackAnswer, CookieJar, follow, listenLocalOidc, type LocalClient, type LocalOidc } from './oidc-testkit.ts'
import { facebookProvider, identityProvidersFromEnv, type IdentityProviders } from './oidc.ts'
import { client, setFlag } from './testkit.ts'

// Facebook Login as Facebook does it (OAuth 2, no OpenID) against a real OAuth server running here
// (oidc-provider with Facebook's dialog and token paths, and a Graph `/me` that takes its access
// tokens with the `appsecret_proof`): real redirects, a real code exchange, a real bearer call.
const person = { sub: '10158000000000001', email: 'fb.player@example.test', name: 'Facebook Player' }
const identity: IdentityProviders = {}
let fb: LocalOidc
const app: LocalClient = { client_id: '1234567890', client_secret: 'facebook-app-secret', redirect_uris: [] }

beforeAll(async () => {
  fb = await listenLocalOidc({ facebook: true })
  identity.facebook = facebookProvider({ appId: app.client_id, appSecret: app.client_secret, graph: new URL(fb.graph), dialog: new URL(fb.dialog) })
})
const logged: string[] = []
const { sb, c } = sandboxForFile({ identity, logger: (line) => logged.push(line) })
/** The refusals logged since `from`, one reason each. */
const refusals = (from: number) =>
  logged
    .slice(from)
    .map((l) => JSON.parse(l) as { level?: string; what?: string; error?: string })
    .filter((l) => l.level === 'error' && l.what === 'facebook sign-in refused')
    .map((l) => l.error ?? '')
beforeAll(async () => {
  app.redirect_uris = [`${sb.url}/sandbox/idp/callback/facebook`]
  fb.start([app], person)
  await setFlag(sb.url, 'FBLOGIN3', true)
})
afterAll(() => fb?.close())

const callbackUrl = () => `${sb.url}/sandbox/idp/callback/facebook`
const authorizeUrl = () => new URL(`/sandbox/idp/authorize?provider=facebook&origin=${encodeURIComponent(sb.url)}&lang=en`, sb.url)
const isDialog = (u: URL) => u.origin + u.pathname === fb.dialog

/** The popup's sign-in up to Facebook's redirect back (not yet followed). */
async function toCallback(rewrite?: (url: URL) => URL): Promise<{ jar: CookieJar; back: URL; sent: URL }> {
  const jar = new CookieJar()
  let sent: URL | undefined
  const end = await follow(
    jar,
    authorizeUrl(),
    (u) => u.href.startsWith(callbackUrl()),
    (u) => {
      if (!isDialog(u)) return u
      sent = rewrite ? rewrite(u) : u
      return sent
    },
  )
  if (!('stoppedAt' in end)) throw new Error(`Facebook did not send the player back: ${end.response.status} ${await end.response.text()}`)
  return { jar, back: end.stoppedAt, sent: sent! }
}

async function popup(rewrite?: (url: URL) => URL) {
  const { jar, back } = await toCallback(rewrite)
  return callbackAnswer(await jar.get(back))
}

const login = (idToken: string, termsAccepted?: true) =>
  c.raw('login', { type: 'thirdparty', provider: 'facebook', idToken, ...(termsAccepted ? { termsAccepted } : {}) }, { ip: '10.63.0.1' })

const linked = () => sb.db.query<{ member_id: string }>("SELECT member_id FROM member_identities WHERE provider = 'facebook' AND sub = $1", [person.sub])

describe("Facebook sign-in through Facebook's own OAuth", () => {
  it('sends the player to the Facebook dialog with the app id, PKCE, state and the Facebook permissions', async () => {
    const { sent, jar } = await toCallback()
    expect(sent.origin + sent.pathname).toBe(fb.dialog)
    expect(sent.searchParams.get('client_id')).toBe(app.client_id)
    expect(sent.searchParams.get('redirect_uri')).toBe(callbackUrl())
    expect(sent.searchParams.get('response_type')).toBe('code')
    expect(sent.searchParams.get('code_challenge_method')).toBe('S256')
    expect(sent.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(sent.searchParams.get('state')).toBeTruthy()
    expect(sent.searchParams.get('scope')).toBe('public_profile email')
    expect(sent.searchParams.has('nonce')).toBe(false)
    expect(jar.header(new URL(sb.url))).toMatch(/^lk_oidc_facebook=[A-Za-z0-9_.-]+$/)
  })

  it('a first sign-in asks for the terms, then creates and links the member by the Graph id; a second finds the same member', async () => {
    const proofsBefore = fb.proofs.length
    const first = await popup()
    expect(first).toMatchObject({ status: 200, origin: sb.url })
    // The Graph was asked with an appsecret_proof, which it checked against the token and the app secret.
    expect(fb.proofs.slice(proofsBefore)).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)])
    expect((await login(first.idToken!)).body.code).toBe('terms_required')
    expect(await linked()).toHaveLength(0)

    const created = await login(first.idToken!, true)
    expect(created.body.code).toBe('ok')
    const value = created.body.value as { userName: string }
    const links = await linked()
    expect(links).toHaveLength(1)
    const member = await sb.db.query<{ nickname: string; email: string }>('SELECT nickname, email FROM members WHERE id = $1', [links[0].member_id])
    expect(member[0]).toEqual({ nickname: person.name, email: person.email })

    const again = await login((await popup()).idToken!)
    expect(again.body.code).toBe('ok')
    expect((again.body.value as { userName: string }).userName).toBe(value.userName)
    expect(await linked()).toHaveLength(1)
  })

  it('refuses an answer whose state is not the one the popup started with', async () => {
    const { jar, back } = await toCallback()
    back.searchParams.set('state', 'not-the-state')
    const from = logged.length
    expect(await callbackAnswer(await jar.get(back))).toMatchObject({ status: 400, error: 'invalid_credentials', idToken: undefined })
    expect(refusals(from)).toEqual([expect.stringContaining('"state"')])
  })

  it('refuses a code issued for another PKCE challenge (the verifier does not match)', async () => {
    const from = logged.length
    const answer = await popup((u) => {
      u.searchParams.set('code_challenge', 'A'.repeat(43))
      return u
    })
    expect(answer).toMatchObject({ status: 400, error: 'invalid_credentials', idToken: undefined })
    expect(refusals(from)).toEqual([expect.stringContaining('invalid_grant')])
  })

  it("a token the Graph refuses ends the sign-in with the Graph's reason logged", async () => {
    fb.refuseNextToken()
    const from = logged.length
    expect(await popup()).toMatchObject({ status: 400, error: 'invalid_credentials', idToken: undefined })
    expect(refusals(from)).toEqual(["Facebook's Graph refused the access token: Error validating access token: The user has not authorized application local. (code 190)"])
  })

  it('the Graph takes the token only with the appsecret_proof made with the app secret', async () => {
    // A real access token for the app, got as the platform gets one (dialog, code, exchange).
    const verifier = randomBytes(32).toString('base64url')
    const dialog = new URL(fb.dialog)
    dialog.search = new URLSearchParams({
      client_id: app.client_id,
      redirect_uri: callbackUrl(),
      response_type: 'code',
      scope: 'public_profile email',
      state: 's',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString()
    const end = await follow(new CookieJar(), dialog, (u) => u.href.startsWith(callbackUrl()))
    const code = 'stoppedAt' in end ? end.stoppedAt.searchParams.get('code') : null
    const exchanged = await fetch(`${fb.graph}/oauth/access_token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code ?? '',
        redirect_uri: callbackUrl(),
        code_verifier: verifier,
        client_id: app.client_id,
        client_secret: app.client_secret,
      }),
    })
    const { access_token: token } = (await exchanged.json()) as { access_token: string }
    const me = (proof?: string) =>
      fetch(`${fb.graph}/me?fields=id,name,email${proof === undefined ? '' : `&appsecret_proof=${proof}`}`, { headers: { authorization: `Bearer ${token}` } })
    const proofWith = (secret: string) => createHmac('sha256', secret).update(token).digest('hex')
    expect(((await (await me(proofWith('not-the-app-secret'))).json()) as { error: { code: number } }).error.code).toBe(100)
    expect((await me()).status).toBe(400)
    expect(await (await me(proofWith(app.client_secret))).json()).toEqual({ id: person.sub, name: person.name, email: person.email })
  })

  it('answers cancelled when the player says no in the dialog', async () => {
    const { jar, back } = await toCallback()
    const denied = new URL(back.origin + back.pathname)
    denied.search = new URLSearchParams({ error: 'access_denied', state: back.searchParams.get('state')! }).toString()
    expect(await callbackAnswer(await jar.get(denied))).toMatchObject({ status: 400, error: 'cancelled' })
  })
})

describe('the Facebook button in production', () => {
  it('shows with Facebook Login configured, its popup going to the Facebook dialog; Google stays hidden', async () => {
    const prod = await startSandbox({ production: true, identity: { facebook: identity.facebook } })
    try {
      await storeFlag(prod.db, 'GOOGLELOGIN3', true)
      await storeFlag(prod.db, 'FBLOGIN3', true)
      const status = await client(prod.url).raw('status', {})
      const flags = flagsOf((status.body.value as { whitelabel: WhitelabelNode[] }).whitelabel)
      expect({ google: flags.GOOGLELOGIN3, facebook: flags.FBLOGIN3 }).toEqual({ google: false, facebook: true })
      const go = await fetch(`${prod.url}/sandbox/idp/authorize?provider=facebook&origin=${encodeURIComponent(prod.url)}`, { redirect: 'manual' })
      expect(go.status).toBe(302)
      expect(go.headers.get('location')).toMatch(new RegExp(`^${fb.dialog}\\?`))
    } finally {
      await prod.close()
    }
  })
})

describe('the Facebook settings', () => {
  const both = { FACEBOOK_APP_ID: '123', FACEBOOK_APP_SECRET: 's' }
  it('takes the app id and secret both or neither, Facebook addresses by default', () => {
    const ok = identityProvidersFromEnv(both)
    expect('providers' in ok && Object.keys(ok.providers)).toEqual(['facebook'])
    const p = 'providers' in ok ? ok.providers.facebook! : null
    expect(p?.graph?.href).toBe('https://graph.facebook.com/v19.0')
    expect(identityProvidersFromEnv({ FACEBOOK_APP_ID: '123' })).toEqual({
      error: 'Facebook sign-in is half configured: set FACEBOOK_APP_SECRET too (or neither of FACEBOOK_APP_ID and FACEBOOK_APP_SECRET).',
    })
    expect(identityProvidersFromEnv({ FACEBOOK_APP_SECRET: 's' })).toEqual({
      error: 'Facebook sign-in is half configured: set FACEBOOK_APP_ID too (or neither of FACEBOOK_APP_ID and FACEBOOK_APP_SECRET).',
    })
    expect(identityProvidersFromEnv({ FACEBOOK_GRAPH_URL: 'https://graph.facebook.com/v20.0' })).toEqual({
      error: 'FACEBOOK_GRAPH_URL and FACEBOOK_DIALOG_URL need FACEBOOK_APP_ID and FACEBOOK_APP_SECRET.',
    })
  })

  it('refuses both Facebook Login and an OpenID broker for Facebook, and a plain-http Facebook address off this machine', () => {
    expect(identityProvidersFromEnv({ ...both, OIDC_FACEBOOK_ISSUER: 'https://broker.example', OIDC_FACEBOOK_CLIENT_ID: 'id', OIDC_FACEBOOK_CLIENT_SECRET: 's' })).toEqual({
      error: 'Facebook sign-in is configured twice: set FACEBOOK_APP_ID and _SECRET (Facebook Login) or the OIDC_FACEBOOK_* settings (a broker), not both.',
    })
    const broker = identityProvidersFromEnv({ OIDC_FACEBOOK_ISSUER: 'https://broker.example', OIDC_FACEBOOK_CLIENT_ID: 'id', OIDC_FACEBOOK_CLIENT_SECRET: 's' })
    expect('providers' in broker && broker.providers.facebook?.graph).toBeUndefined()
    expect(identityProvidersFromEnv({ ...both, FACEBOOK_GRAPH_URL: 'http://graph.example' })).toEqual({
      error: 'FACEBOOK_GRAPH_URL must start with https:// (plain http only for a server on this machine).',
    })
    expect(identityProvidersFromEnv({ ...both, FACEBOOK_DIALOG_URL: 'not an address' })).toEqual({
      error: 'FACEBOOK_DIALOG_URL is not an address: write one like https://www.facebook.com/v19.0/dialog/oauth.',
    })
  })
})
