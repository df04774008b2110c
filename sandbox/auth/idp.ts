import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { parseJson, readBody } from '../http/body.ts'
import type { Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { clientIp } from '../http/address.ts'
import type { Deps } from '../http/context.ts'
import { reportError, type ApiEnv } from '../http/report.ts'
import { digits } from './members.ts'
import { checkCode, createCode, throttleSend } from './sms.ts'
import { beginSignIn, callbackPath, FLOW_TTL_S, finishSignIn, flowCookie, openFlow, SignInRefused, socialProviders, type IdentityProviders, type SocialProvider } from './oidc.ts'

/**
 * The sign-in popup of third-party sign-in. With an OpenID provider configured for Google or Facebook
 * (sandbox/auth/oidc.ts) the popup sends the player there and, back at its callback, hands the app the
 * platform's proof of the identity; in production that is all it serves. Outside production the dev
 * identity provider stands in for each provider not configured (and for a phone-auth service), so
 * third-party sign-in runs without the internet. Proofs (the "ID tokens" the login call takes) are
 * `base64url(payload).base64url(HMAC-SHA256(payload))`: the dev provider's with a per-process secret,
 * a real provider's with a key derived from its client secret.
 * @module
 */

export type IdpProvider = 'google' | 'facebook' | 'phone'

/** What an ID token asserts. `exp` is epoch seconds. */
export interface IdTokenPayload {
  provider: IdpProvider
  sub: string
  name: string
  email?: string
  phone?: string
  exp: number
}

const SECRET = randomBytes(32)
const TOKEN_TTL_S = 10 * 60
const PROVIDERS: readonly IdpProvider[] = ['google', 'facebook', 'phone']

const mac = (data: string): Buffer => createHmac('sha256', SECRET).update(data).digest()

/**
 * Signs a payload into an ID token.
 * @param key a configured provider's proof key (sandbox/auth/oidc.ts); the dev provider's secret unless given
 */
export function signIdToken(payload: IdTokenPayload, key?: Buffer): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
  return `${body}.${(key ? createHmac('sha256', key).update(body).digest() : mac(body)).toString('base64url')}`
}

/**
 * Verifies an ID token's signature and expiry.
 * @param now epoch milliseconds
 * @param identity the configured providers: a token of one of them must carry its key's signature
 * @returns the payload, or `null` when forged, malformed or expired
 */
export function verifyIdToken(token: string, now: number, identity?: IdentityProviders): IdTokenPayload | null {
  const m = /^([A-Za-z0-9_-]{1,3000})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!m) return null
  const given = Buffer.from(m[2], 'base64url')
  if (given.length !== 32) return null
  try {
    const p = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8')) as Partial<IdTokenPayload>
    if (!p || !PROVIDERS.includes(p.provider as IdpProvider) || typeof p.sub !== 'string' || typeof p.name !== 'string') return null
    // A configured provider's identities are proven only by its callback: the dev provider's secret
    // no longer speaks for them.
    const real = p.provider !== 'phone' ? identity?.[p.provider as SocialProvider] : undefined
    const expected = real ? createHmac('sha256', real.proofKey).update(m[1]).digest() : mac(m[1])
    if (!timingSafeEqual(given, expected)) return null
    if (typeof p.exp !== 'number' || p.exp * 1000 <= now) return null
    return p as IdTokenPayload
  } catch {
    return null
  }
}

/** The demo identity each social provider signs in as (stable, so a second sign-in finds the same member). */
const DEMO: Record<'google' | 'facebook', { sub: string; name: string; email: string }> = {
  google: { sub: 'google-demo-1', name: 'Demo Google User', email: 'demo.google@example.test' },
  facebook: { sub: 'facebook-demo-1', name: 'Demo Facebook User', email: 'demo.facebook@example.test' },
}

// Dev-only page: its few strings live here rather than in locales/ (it is not part of the product UI).
const STRINGS = {
  en: {
    title: 'Sandbox sign-in',
    note: 'Development stand-in for {provider}. No data leaves this machine.',
    continueAs: 'Continue as {name}',
    cancel: 'Cancel',
    phone: 'Phone number (with country code)',
    send: 'Send code',
    code: '6-digit code',
    verify: 'Verify',
    sent: 'Code sent: see /sandbox/inbox.',
    noOpener: 'Open this page from the app’s sign-in button.',
    badOrigin: "The origin parameter must be this site's exact origin, such as http://127.0.0.1:4321.",
    badProvider: 'Unknown provider.',
    failed: 'That did not work: {reason}',
  },
  es: {
    title: 'Inicio de sesión de prueba',
    note: 'Sustituto de desarrollo de {provider}. Ningún dato sale de esta máquina.',
    continueAs: 'Continuar como {name}',
    cancel: 'Cancelar',
    phone: 'Número de teléfono (con código de país)',
    send: 'Enviar código',
    code: 'Código de 6 dígitos',
    verify: 'Verificar',
    sent: 'Código enviado: consulte /sandbox/inbox.',
    noOpener: 'Abra esta página desde el botón de inicio de sesión de la aplicación.',
    badOrigin: 'El parámetro origin debe ser el origen exacto de este sitio, como http://127.0.0.1:4321.',
    badProvider: 'Proveedor desconocido.',
    failed: 'No funcionó: {reason}',
  },
} as const satisfies Record<'en' | 'es', Record<string, string>>

/**
 * The strings of the popup's real-provider pages (production too): the platform's own pages, so they
 * cannot go through the site's `locales/`; the popup is opened in the page's language.
 */
const SIGN_IN_STRINGS = {
  en: {
    title: 'Sign-in',
    signedIn: 'Signed in with {provider}. This window closes itself.',
    unreachable: '{provider} cannot be reached right now. Close this window and try again later.',
    expired: 'This sign-in was not started here or took too long. Close this window and try again.',
    unverified: 'The sign-in could not be verified. Close this window and try again.',
    cancelled: 'The sign-in was cancelled. Close this window to go back.',
    close: 'Close',
    noOpener: 'Open this page from the app’s sign-in button.',
  },
  es: {
    title: 'Inicio de sesión',
    signedIn: 'Sesión iniciada con {provider}. Esta ventana se cierra sola.',
    unreachable: 'No se puede contactar con {provider} ahora. Cierra esta ventana e inténtalo más tarde.',
    expired: 'Este inicio de sesión no empezó aquí o tardó demasiado. Cierra esta ventana e inténtalo de nuevo.',
    unverified: 'No se pudo verificar el inicio de sesión. Cierra esta ventana e inténtalo de nuevo.',
    cancelled: 'Se canceló el inicio de sesión. Cierra esta ventana para volver.',
    close: 'Cerrar',
    noOpener: 'Abre esta página desde el botón de inicio de sesión de la aplicación.',
  },
  cn: {
    title: '登录',
    signedIn: '已通过 {provider} 登录。此窗口将自动关闭。',
    unreachable: '暂时无法连接 {provider}。请关闭此窗口，稍后再试。',
    expired: '此次登录并非从这里发起，或耗时过长。请关闭此窗口后重试。',
    unverified: '无法验证此次登录。请关闭此窗口后重试。',
    cancelled: '登录已取消。关闭此窗口即可返回。',
    close: '关闭',
    noOpener: '请通过应用中的登录按钮打开此页面。',
  },
  vi: {
    title: 'Đăng nhập',
    signedIn: 'Đã đăng nhập bằng {provider}. Cửa sổ này sẽ tự đóng.',
    unreachable: 'Hiện không thể kết nối với {provider}. Vui lòng đóng cửa sổ này và thử lại sau.',
    expired: 'Lần đăng nhập này không bắt đầu từ đây hoặc đã quá lâu. Vui lòng đóng cửa sổ này và thử lại.',
    unverified: 'Không thể xác minh lần đăng nhập này. Vui lòng đóng cửa sổ này và thử lại.',
    cancelled: 'Đã hủy đăng nhập. Đóng cửa sổ này để quay lại.',
    close: 'Đóng',
    noOpener: 'Vui lòng mở trang này từ nút đăng nhập của ứng dụng.',
  },
} as const satisfies Record<SignInLang, Record<string, string>>
type SignInLang = 'en' | 'es' | 'cn' | 'vi'
const signInLang = (lang: string | undefined): SignInLang => (lang === 'es' || lang === 'cn' || lang === 'vi' ? lang : 'en')
// The pages' `lang` attribute (BCP 47).
const htmlLang: Record<SignInLang, string> = { en: 'en', es: 'es', cn: 'zh-Hans', vi: 'vi' }

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)
// JSON inside <script>: `<` escaped so no value can close the element.
const scriptJson = (x: unknown): string => JSON.stringify(x).replace(/</g, '\\u003c')
const fill = (s: string, vars: Record<string, string>): string => s.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '')

/** Accepts only an exact `http(s)://host[:port]` origin. */
export function exactOrigin(origin: string | undefined): string | null {
  if (!origin) return null
  try {
    const u = new URL(origin)
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === origin ? origin : null
  } catch {
    return null
  }
}

const PROVIDER_NAMES: Record<IdpProvider, string> = { google: 'Google', facebook: 'Facebook', phone: 'Phone' }

// The page's one stylesheet, allowed by its hash (no 'unsafe-inline'): as strict a CSP as the site's pages.
const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f4f5f7;color:#1b1d21}
main{background:#fff;padding:24px;border-radius:12px;box-shadow:0 2px 12px #0002;width:min(360px,90vw)}
h1{font-size:1.2rem;margin:0 0 8px}p{margin:0 0 16px;color:#444}label{display:block;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;padding:8px;font:inherit;border:1px solid #888;border-radius:6px}
button{font:inherit;padding:10px 14px;border-radius:6px;border:1px solid #1a56db;background:#1a56db;color:#fff;cursor:pointer;margin:12px 8px 0 0}
button.secondary{background:#fff;color:#1a56db}[role=status]{min-height:1.5em;margin-top:12px}
`
const STYLE_SRC = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`

function page(t: { title: string }, nonce: string, lang: string, body: string, script = ''): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(t.title)}</title><style>${STYLE}</style></head><body><main>${body}</main>${script ? `<script nonce="${nonce}">${script}</script>` : ''}</body></html>`
}

// Runs in the popup: hands the token to the opener on this site's own origin (and only when that is
// the origin it was asked for), then closes.
const CLIENT = `
const cfg = JSON.parse(document.getElementById('cfg').textContent);
const status = document.getElementById('status');
function done(msg) {
  if (!window.opener) { status.textContent = cfg.t.noOpener; return; }
  if (cfg.origin !== location.origin) return;
  window.opener.postMessage(Object.assign({ type: 'lk:idp', provider: cfg.provider }, msg), location.origin);
  window.close();
}
document.getElementById('cancel').addEventListener('click', () => done({ error: 'cancelled' }));
const go = document.getElementById('continue');
if (go) go.addEventListener('click', () => done({ idToken: cfg.idToken }));
async function post(path, body) {
  const r = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const j = await r.json().catch(() => ({}));
  if (!r.ok) { if (FATAL.includes(j.code)) done({ error: j.code }); throw new Error(j.error || r.statusText); }
  return j;
}
// Refusals the player cannot fix in this window go back to the app, which shows their message.
const FATAL = ['auth/too-many-requests', 'auth/captcha-check-failed', 'auth/quota-exceeded', 'auth/operation-not-allowed', 'auth/unknown'];
const send = document.getElementById('send');
if (send) send.addEventListener('click', async () => {
  try { await post('/sandbox/idp/phone/send', { phone: document.getElementById('phone').value }); status.textContent = cfg.t.sent; document.getElementById('code').focus(); }
  catch (e) { status.textContent = cfg.t.failed.replace('{reason}', e.message); }
});
const verify = document.getElementById('verify');
if (verify) verify.addEventListener('click', async () => {
  try { const j = await post('/sandbox/idp/phone/verify', { phone: document.getElementById('phone').value, code: document.getElementById('code').value }); done({ idToken: j.idToken }); }
  catch (e) { status.textContent = cfg.t.failed.replace('{reason}', e.message); }
});`

/**
 * Dev phone provider's test numbers that stage the refusals a real phone-auth service gives on its own
 * side (SPEC §7), so the app's messages for them can be seen and tested. Outside production only.
 */
export const DEV_PHONE_REFUSALS: Readonly<Record<string, string>> = {
  '+15550000001': 'auth/captcha-check-failed',
  '+15550000002': 'auth/quota-exceeded',
  '+15550000003': 'auth/operation-not-allowed',
  '+15550000004': 'auth/unknown',
}

/** Normalises a phone number to `+digits`, or `null` when it cannot be one. */
function e164(s: unknown): string | null {
  if (typeof s !== 'string' || s.length > 40) return null
  const d = digits(s)
  return d.length >= 6 && d.length <= 15 ? `+${d}` : null
}

async function jsonBody(req: Request): Promise<Record<string, unknown>> {
  try {
    const x = parseJson(await readBody(req))
    return x && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/**
 * The app's origin a popup was opened for: an exact `http(s)://host[:port]` on this very host. The
 * scheme may be https where the request arrived over http (TLS ended at a proxy in front).
 */
export function ownOrigin(asked: string | undefined, requestUrl: string): string | null {
  const origin = exactOrigin(asked)
  if (!origin) return null
  const own = new URL(requestUrl)
  const a = new URL(origin)
  return a.host === own.host && (a.protocol === own.protocol || a.protocol === 'https:') ? origin : null
}

// Runs in the popup back from a real provider: hands the proof to the opener on this site's own
// origin (the one the sign-in started for), then closes; a refusal stays on screen until closed, then
// tells the app (an error carries nothing to keep from another page).
const CALLBACK_CLIENT = `
const cfg = JSON.parse(document.getElementById('cfg').textContent);
const status = document.getElementById('status');
function done(msg) {
  if (!window.opener) { status.textContent = cfg.t.noOpener; return; }
  if (msg.idToken && cfg.origin !== location.origin) return;
  window.opener.postMessage(Object.assign({ type: 'lk:idp', provider: cfg.provider }, msg), location.origin);
  window.close();
}
document.getElementById('close').addEventListener('click', () => done({ error: cfg.error || 'cancelled' }));
if (cfg.idToken) done({ idToken: cfg.idToken });`

/**
 * Mounts the sign-in popup under `/sandbox/idp/`:
 * `GET /sandbox/idp/authorize?provider=google|facebook|phone&origin=<app origin>&phone=&dial=&lang=en|es`
 * sends the player to the configured OpenID provider, or (outside production) serves the dev
 * provider's page; `GET /sandbox/idp/callback/google|facebook` is where a real provider sends the player
 * back. Outside production, `POST /sandbox/idp/phone/send` `{ phone }` and `POST /sandbox/idp/phone/verify`
 * `{ phone, code }` run the dev provider's phone step (the code goes to the dev inbox).
 */
export function registerIdpRoutes(app: Hono, deps: Deps): void {
  const identity = deps.identity ?? {}
  if (deps.production && !socialProviders.some((p) => identity[p])) return

  const secure = (c: Context, lang: 'en' | 'es') => {
    const nonce = randomBytes(16).toString('base64')
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src ${STYLE_SRC}; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    )
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    return { t: STRINGS[lang], nonce }
  }

  app.get('/sandbox/idp/authorize', async (c) => {
    const lang = c.req.query('lang') === 'es' ? 'es' : 'en'
    const { t, nonce } = secure(c, lang)
    const provider = c.req.query('provider') as IdpProvider | undefined
    // The token is posted to this site's own origin only: a page elsewhere that opens this popup
    // naming itself as the origin gets a refusal, never a token.
    const origin = ownOrigin(c.req.query('origin'), c.req.url)
    const real = provider && provider !== 'phone' ? identity[provider] : undefined
    const known = provider && PROVIDERS.includes(provider) && (real || !deps.production)
    if (!provider || !known) return c.html(page(t, nonce, lang, `<h1>${esc(t.title)}</h1><p role="alert">${esc(t.badProvider)}</p>`), 400)
    if (!origin) return c.html(page(t, nonce, lang, `<h1>${esc(t.title)}</h1><p role="alert">${esc(t.badOrigin)}</p>`), 400)

    if (real) {
      try {
        const { url, cookie } = await beginSignIn(real, origin, signInLang(c.req.query('lang')), deps.now())
        setCookie(c, flowCookie(real.provider), cookie, {
          path: callbackPath(real.provider),
          httpOnly: true,
          secure: origin.startsWith('https:'),
          sameSite: 'Lax',
          maxAge: FLOW_TTL_S,
        })
        return c.redirect(url.href, 302)
      } catch (err) {
        reportError(c, `${provider} sign-in (reaching the provider)`, err)
        const l = signInLang(c.req.query('lang'))
        const w = SIGN_IN_STRINGS[l]
        return c.html(page(w, nonce, htmlLang[l], `<h1>${esc(w.title)}</h1><p role="alert">${esc(fill(w.unreachable, { provider: PROVIDER_NAMES[provider] }))}</p>`), 502)
      }
    }

    const head = `<h1>${esc(t.title)}</h1><p>${esc(fill(t.note, { provider: PROVIDER_NAMES[provider] }))}</p>`
    const status = `<div id="status" role="status" aria-live="polite"></div>`
    const cancel = `<button type="button" id="cancel" class="secondary">${esc(t.cancel)}</button>`
    const cfg = { provider, origin, t: { noOpener: t.noOpener, sent: t.sent, failed: t.failed }, idToken: '' }
    let body: string
    if (provider === 'phone') {
      const dial = c.req.query('dial') ?? ''
      const phone = `${dial ? `+${digits(dial)} ` : ''}${c.req.query('phone') ?? ''}`.trim().slice(0, 40)
      body = `${head}<label for="phone">${esc(t.phone)}</label><input id="phone" type="tel" autocomplete="tel" value="${esc(phone)}">
<button type="button" id="send">${esc(t.send)}</button>
<label for="code">${esc(t.code)}</label><input id="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6">
<button type="button" id="verify">${esc(t.verify)}</button>${cancel}${status}`
    } else {
      const demo = DEMO[provider]
      cfg.idToken = signIdToken({ provider, ...demo, exp: Math.floor(deps.now() / 1000) + TOKEN_TTL_S })
      body = `${head}<button type="button" id="continue">${esc(fill(t.continueAs, { name: demo.name }))}</button>${cancel}${status}`
    }
    return c.html(page(t, nonce, lang, `${body}<script type="application/json" id="cfg">${scriptJson(cfg)}</script>`, CLIENT))
  })

  // Back from a real provider: the popup's answer to the app. A refusal says why in the popup and
  // answers the app `invalid_credentials` (or `cancelled` when the player said no at the provider).
  app.get('/sandbox/idp/callback/:provider', async (c) => {
    const provider = c.req.param('provider') as SocialProvider
    const real = socialProviders.includes(provider) ? identity[provider] : undefined
    if (!real) return c.notFound()
    const flow = openFlow(real, getCookie(c, flowCookie(provider)), deps.now())
    // The flow is used once: its cookie goes whatever the answer.
    deleteCookie(c, flowCookie(provider), { path: callbackPath(provider), secure: flow?.origin.startsWith('https:') ?? false })
    const l = signInLang(flow?.lang)
    const w = SIGN_IN_STRINGS[l]
    const { nonce } = secure(c, 'en')
    const close = `<button type="button" id="close" class="secondary">${esc(w.close)}</button><div id="status" role="status" aria-live="polite"></div>`
    const answer = (cfg: { origin: string; idToken?: string; error?: string }, text: string, status: 200 | 400) =>
      c.html(
        page(
          w,
          nonce,
          htmlLang[l],
          `<h1>${esc(w.title)}</h1><p ${status === 200 ? 'role="status"' : 'role="alert"'}>${esc(text)}</p>${close}<script type="application/json" id="cfg">${scriptJson({ provider, t: { noOpener: w.noOpener }, ...cfg })}</script>`,
          CALLBACK_CLIENT,
        ),
        status,
      )
    if (!flow) return answer({ origin: '', error: 'invalid_credentials' }, w.expired, 400)
    try {
      const id = await finishSignIn(real, flow, new URL(c.req.url).search)
      const idToken = signIdToken({ provider, ...id, exp: Math.floor(deps.now() / 1000) + TOKEN_TTL_S }, real.proofKey)
      return answer({ origin: flow.origin, idToken }, fill(w.signedIn, { provider: PROVIDER_NAMES[provider] }), 200)
    } catch (err) {
      const reason = err instanceof SignInRefused ? err.reason : 'invalid_credentials'
      // Logged with the request (a refusal an operator may need to explain); quiet without a host log.
      if (reason === 'invalid_credentials') (c.env as ApiEnv | undefined)?.logError?.(err, `${provider} sign-in refused`)
      return answer({ origin: flow.origin, error: reason }, reason === 'cancelled' ? w.cancelled : w.unverified, 400)
    }
  })

  if (deps.production) return

  app.post('/sandbox/idp/phone/send', async (c) => {
    const raw = (await jsonBody(c.req.raw)).phone
    if (typeof raw !== 'string' || !raw.trim()) return c.json({ error: 'missing phone number', code: 'auth/missing-phone-number' }, 400)
    const phone = e164(raw)
    if (!phone) return c.json({ error: 'invalid phone number format', code: 'auth/invalid-phone-number' }, 400)
    const staged = DEV_PHONE_REFUSALS[phone]
    if (staged) return c.json({ error: staged.slice('auth/'.length), code: staged }, staged === 'auth/unknown' ? 500 : 400)
    const now = deps.now()
    try {
      await throttleSend(deps.db, { dial: '', mobile: phone }, `idp:${clientIp(c, deps.trustedProxies)}`, now)
    } catch {
      return c.json({ error: 'too many requests, retry later', code: 'auth/too-many-requests' }, 429)
    }
    const code = await createCode(deps.db, { dial: '', mobile: phone }, 'idp', now)
    deps.inbox.push('sms', { mobileNum: phone, countryDialingCode: '', code, purpose: 'idp', at: new Date(now).toISOString() })
    return c.json({ sent: true })
  })

  app.post('/sandbox/idp/phone/verify', async (c) => {
    const b = await jsonBody(c.req.raw)
    const phone = e164(b.phone)
    if (!phone || typeof b.code !== 'string' || !/^\d{6}$/.test(b.code))
      return c.json({ error: 'invalid or missing verification code', code: 'auth/invalid-verification-code' }, 400)
    const now = deps.now()
    const r = await checkCode(deps.db, { dial: '', mobile: phone }, ['idp'], b.code, now)
    if (r !== 'ok')
      return r === 'expired'
        ? c.json({ error: 'code expired, resend', code: 'auth/code-expired' }, 400)
        : c.json({ error: 'invalid or missing verification code', code: 'auth/invalid-verification-code' }, 400)
    const idToken = signIdToken({ provider: 'phone', sub: phone, name: phone, phone, exp: Math.floor(now / 1000) + TOKEN_TTL_S })
    return c.json({ idToken })
  })
}
