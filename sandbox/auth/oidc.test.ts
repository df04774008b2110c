import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { flagsOf, type WhitelabelNode } from '../../sdk/contract/all.ts'
import { sandboxForFile } from '../testkit.ts'
import { startSandbox } from '../testing.ts'
import { setFlag as storeFlag } from '../settings.ts'
import { signIdToken } from './idp.ts'
import { callbackAnswer, CookieJar, follow, idTokenForClient, listenLocalOidc, type LocalClient, type LocalOidc } from './oidc-testkit.ts'
import { identityProvidersFromEnv, oidcProvider, type IdentityProviders } from './oidc.ts'
import { client, setFlag } from './testkit.ts'

// Google sign-in against a real OpenID provider running here (oidc-provider): the popup sends the
// player to the provider, the provider back to the platform's callback, and the proof the callback
// hands the app signs the player in, creating the member the first time and finding it after.
const account = { sub: 'local-player-1', email: 'local.player@example.test', name: 'Local Player' }
const identity: IdentityProviders = {}
let idp: LocalOidc
const app: LocalClient = { client_id: 'lobbykit', client_secret: 'lobbykit-secret', redirect_uris: [] }
const other: LocalClient = { client_id: 'other-app', client_secret: 'other-secret', redirect_uris: [] }

beforeAll(async () => {
  idp = await listenLocalOidc()
  identity.google = oidcProvider('google', { issuer: new URL(idp.issuer), clientId: app.client_id, clientSecret: app.client_secret })
})
// Refusals are logged with the request (what an operator reads to tell a forgery from a misconfiguration).
const logged: string[] = []
const { sb, c } = sandboxForFile({ identity, logger: (line) => logged.push(line) })
/** The refusals logged since `from`, one reason each. */
const refusals = (from: number) =>
  logged
    .slice(from)
    .map((l) => JSON.parse(l) as { level?: string; what?: string; error?: string })
    .filter((l) => l.level === 'error' && l.what === 'google sign-in refused')
    .map((l) => l.error ?? '')
beforeAll(async () => {
  const callback = `${sb.url}/sandbox/idp/callback/google`
  app.redirect_uris = [callback]
  other.redirect_uris = [callback]
  idp.start([app, other], account)
  await setFlag(sb.url, 'GOOGLELOGIN3', true)
})
afterAll(() => idp?.close())

const callbackUrl = () => `${sb.url}/sandbox/idp/callback/google`
let lang = 'en'
const authorizeUrl = () => new URL(`/sandbox/idp/authorize?provider=google&origin=${encodeURIComponent(sb.url)}&lang=${lang}`, sb.url)

/**
 * Runs the popup's sign-in up to the provider's redirect back (not yet followed): the browser's
 * cookies, and the callback address with the code and state.
 */
async function toCallback(rewrite?: (url: URL) => URL): Promise<{ jar: CookieJar; back: URL; sent: URL }> {
  const jar = new CookieJar()
  let sent: URL | undefined
  const end = await follow(
    jar,
    authorizeUrl(),
    (u) => u.href.startsWith(callbackUrl()),
    (u) => {
      const out = u.origin === idp.issuer && u.pathname === '/auth' && rewrite ? rewrite(u) : u
      if (u.origin === idp.issuer && u.pathname === '/auth') sent = out
      return out
    },
  )
  if (!('stoppedAt' in end)) throw new Error(`the provider did not send the player back: ${end.response.status} ${await end.response.text()}`)
  return { jar, back: end.stoppedAt, sent: sent! }
}

/** The whole popup: to the provider and back; what the callback page hands the app. */
async function popup(rewrite?: (url: URL) => URL) {
  const { jar, back } = await toCallback(rewrite)
  return callbackAnswer(await jar.get(back))
}

const login = (idToken: string, termsAccepted?: true) =>
  c.raw('login', { type: 'thirdparty', provider: 'google', idToken, ...(termsAccepted ? { termsAccepted } : {}) }, { ip: '10.62.0.1' })

const linked = () => sb.db.query<{ member_id: string }>("SELECT member_id FROM member_identities WHERE provider = 'google' AND sub = $1", [account.sub])

describe('Google sign-in through a real OpenID provider', () => {
  it('sends the player to the provider with PKCE, state and nonce, and back to the callback path only', async () => {
    const { sent, jar } = await toCallback()
    expect(sent.searchParams.get('client_id')).toBe('lobbykit')
    expect(sent.searchParams.get('redirect_uri')).toBe(callbackUrl())
    expect(sent.searchParams.get('code_challenge_method')).toBe('S256')
    expect(sent.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(sent.searchParams.get('state')).toBeTruthy()
    expect(sent.searchParams.get('nonce')).toBeTruthy()
    expect(sent.searchParams.get('scope')).toBe('openid email profile')
    // The flow's secrets stay in an encrypted cookie: the verifier is nowhere in the browser's view.
    expect(jar.header(new URL(sb.url))).toMatch(/^lk_oidc_google=[A-Za-z0-9_.-]+$/)
    const res = await fetch(authorizeUrl(), { redirect: 'manual' })
    const cookie = res.headers.getSetCookie()[0]
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toContain('Path=/sandbox/idp/callback/google')
  })

  it('a first sign-in asks for the terms, then creates and links the member and opens a session; a second finds the same member', async () => {
    const first = await popup()
    expect(first).toMatchObject({ status: 200, origin: sb.url })
    expect(first.idToken).toBeTruthy()
    const refused = await login(first.idToken!)
    expect(refused.body.code).toBe('terms_required')
    expect(await linked()).toHaveLength(0)

    const created = await login(first.idToken!, true)
    expect(created.body.code).toBe('ok')
    const value = created.body.value as { token: string; userName: string; firstTimeLogin: boolean }
    expect(value.token).toBeTruthy()
    expect(value.userName).toMatch(/^gg\d{8}$/)
    const links = await linked()
    expect(links).toHaveLength(1)
    // The name and the verified email came from the provider (its userinfo).
    const member = await sb.db.query<{ nickname: string; email: string }>('SELECT nickname, email FROM members WHERE id = $1', [links[0].member_id])
    expect(member[0]).toEqual({ nickname: account.name, email: account.email })

    const second = await popup()
    const again = await login(second.idToken!)
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

  it('refuses an answer with no flow started in this browser (a callback sent to someone else)', async () => {
    const { back } = await toCallback()
    expect(await callbackAnswer(await new CookieJar().get(back))).toMatchObject({ status: 400, error: 'invalid_credentials', idToken: undefined })
  })

  it('refuses an ID token whose nonce is not the one the popup sent', async () => {
    const from = logged.length
    const answer = await popup((u) => {
      u.searchParams.set('nonce', 'a-nonce-the-platform-never-sent')
      return u
    })
    expect(answer).toMatchObject({ status: 400, error: 'invalid_credentials', idToken: undefined })
    expect(refusals(from)).toEqual([expect.stringContaining('"nonce" claim')])
  })

  it('refuses a replayed code', async () => {
    const { jar, back } = await toCallback()
    const cookies = jar.header(new URL(sb.url))
    expect((await callbackAnswer(await jar.get(back))).idToken).toBeTruthy()
    // The same answer again, with the browser's cookie as it was: the provider refuses the code.
    const from = logged.length
    const replay = await fetch(back, { headers: { cookie: cookies } })
    expect(await callbackAnswer(replay)).toMatchObject({ status: 400, error: 'invalid_credentials', idToken: undefined })
    expect(refusals(from)).toEqual([expect.stringContaining('invalid_grant')])
  })

  it('refuses an ID token issued for another application, and a code issued to one', async () => {
    const { jar, back, sent } = await toCallback()
    // A real ID token from this provider, with the nonce the platform sent, but for another client.
    idp.swapNextIdToken(await idTokenForClient(idp.issuer, other, sent.searchParams.get('nonce')!))
    const from = logged.length
    expect(await callbackAnswer(await jar.get(back))).toMatchObject({ status: 400, error: 'invalid_credentials', idToken: undefined })
    expect(refusals(from)).toEqual([expect.stringContaining('"aud" (audience) claim')])

    const forOther = await popup((u) => {
      u.searchParams.set('client_id', other.client_id)
      return u
    })
    expect(forOther).toMatchObject({ status: 400, error: 'invalid_credentials', idToken: undefined })
    expect(refusals(from).slice(1)).toEqual([expect.stringContaining('invalid_grant')])
  })

  it("speaks the popup's language on the way back", async () => {
    lang = 'cn'
    try {
      const { sent, jar, back } = await toCallback()
      expect(sent.searchParams.get('ui_locales')).toBe('zh-CN')
      const back1 = new URL(back)
      back1.searchParams.set('state', 'x')
      const { html } = await callbackAnswer(await jar.get(back1))
      expect(html).toContain('<html lang="zh-Hans">')
      expect(html).toContain('无法验证此次登录')
    } finally {
      lang = 'en'
    }
  })

  it('answers cancelled when the player says no at the provider', async () => {
    const { jar, back } = await toCallback()
    const denied = new URL(back.origin + back.pathname)
    denied.search = new URLSearchParams({ error: 'access_denied', state: back.searchParams.get('state')! }).toString()
    expect(await callbackAnswer(await jar.get(denied))).toMatchObject({ status: 400, error: 'cancelled' })
  })

  it('takes no dev-provider proof for Google once a real provider is configured', async () => {
    const forged = signIdToken({ provider: 'google', sub: account.sub, name: 'x', exp: Math.floor(Date.now() / 1000) + 600 })
    expect((await login(forged)).body.code).toBe('invalid_credentials')
    const { idToken } = await popup()
    // Nor a proof altered after the callback signed it.
    const [body, sig] = idToken!.split('.')
    const altered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), sub: 'someone-else' })).toString('base64url')
    expect((await login(`${altered}.${sig}`)).body.code).toBe('invalid_credentials')
  })
})

describe('the buttons show only a sign-in that can work', () => {
  const shown = async (url: string) => {
    const status = await client(url).raw('status', {})
    const flags = flagsOf((status.body.value as { whitelabel: WhitelabelNode[] }).whitelabel)
    const tree = flagsOf((await client(url).raw('whitelabel', {})).body.value as WhitelabelNode[])
    expect(tree.GOOGLELOGIN3).toBe(flags.GOOGLELOGIN3)
    expect(tree.FBLOGIN3).toBe(flags.FBLOGIN3)
    return { google: flags.GOOGLELOGIN3, facebook: flags.FBLOGIN3, phone: flags.THIRDPARTYSMS3 }
  }

  it('in production with no provider: switched on, yet no button, no popup and no sign-in', async () => {
    const prod = await startSandbox({ production: true })
    try {
      await storeFlag(prod.db, 'GOOGLELOGIN3', true)
      await storeFlag(prod.db, 'FBLOGIN3', true)
      await storeFlag(prod.db, 'THIRDPARTYSMS3', true)
      expect(await shown(prod.url)).toEqual({ google: false, facebook: false, phone: false })
      expect((await fetch(`${prod.url}/sandbox/idp/authorize?provider=google&origin=${encodeURIComponent(prod.url)}`)).status).toBe(404)
      const token = signIdToken({ provider: 'google', sub: 'g-prod', name: 'x', exp: Math.floor(Date.now() / 1000) + 600 })
      const r = await client(prod.url).raw('login', { type: 'thirdparty', provider: 'google', idToken: token, termsAccepted: true })
      expect(r.body.code).toBe('not_enabled')
    } finally {
      await prod.close()
    }
  })

  it('in production with Google configured: the Google button only, its popup going to the provider', async () => {
    const prod = await startSandbox({ production: true, identity: { google: identity.google } })
    try {
      await storeFlag(prod.db, 'GOOGLELOGIN3', true)
      await storeFlag(prod.db, 'FBLOGIN3', true)
      expect(await shown(prod.url)).toMatchObject({ google: true, facebook: false })
      const go = await fetch(`${prod.url}/sandbox/idp/authorize?provider=google&origin=${encodeURIComponent(prod.url)}`, { redirect: 'manual' })
      expect(go.status).toBe(302)
      expect(go.headers.get('location')).toMatch(new RegExp(`^${idp.issuer}/auth\\?`))
      // No dev provider in production: Facebook and phone have no popup.
      expect((await fetch(`${prod.url}/sandbox/idp/authorize?provider=facebook&origin=${encodeURIComponent(prod.url)}`)).status).toBe(400)
      expect((await fetch(`${prod.url}/sandbox/idp/phone/send`, { method: 'POST', body: '{}' })).status).toBe(404)
    } finally {
      await prod.close()
    }
  })

  it('in development: every switch as set (the dev provider stands in)', async () => {
    await setFlag(sb.url, 'FBLOGIN3', true)
    expect(await shown(sb.url)).toMatchObject({ google: true, facebook: true })
  })
})

describe('the OIDC settings', () => {
  it('takes all three settings of a provider or none, and an https issuer (http only on this machine)', () => {
    expect(identityProvidersFromEnv({})).toEqual({ providers: {} })
    const ok = identityProvidersFromEnv({ OIDC_GOOGLE_ISSUER: 'https://accounts.google.com', OIDC_GOOGLE_CLIENT_ID: 'id', OIDC_GOOGLE_CLIENT_SECRET: 's' })
    expect('providers' in ok && Object.keys(ok.providers)).toEqual(['google'])
    expect(identityProvidersFromEnv({ OIDC_FACEBOOK_CLIENT_ID: 'id' })).toEqual({
      error: 'Facebook sign-in is half configured: set OIDC_FACEBOOK_ISSUER and OIDC_FACEBOOK_CLIENT_SECRET too (or none of the OIDC_FACEBOOK_* settings).',
    })
    expect(identityProvidersFromEnv({ OIDC_GOOGLE_ISSUER: 'http://accounts.example', OIDC_GOOGLE_CLIENT_ID: 'id', OIDC_GOOGLE_CLIENT_SECRET: 's' })).toEqual({
      error: 'OIDC_GOOGLE_ISSUER must start with https:// (plain http only for a provider on this machine).',
    })
    expect('providers' in identityProvidersFromEnv({ OIDC_GOOGLE_ISSUER: 'http://127.0.0.1:9000', OIDC_GOOGLE_CLIENT_ID: 'id', OIDC_GOOGLE_CLIENT_SECRET: 's' })).toBe(true)
  })
})
