import { endpoints, encryptedHeader, type EndpointKey, type EncryptedBody, type RegisterRule, type RequestOf } from '../../sdk/contract/all.ts'

/**
 * Test helper for the auth and member tests: calls sandbox endpoints by key the way the browser
 * client does (JSON, form or WebCrypto-sealed body, bearer token) and returns status and envelope.
 * @module
 */

/** A registration field rule for a test: enabled, optional, anything accepted, unless `over` says otherwise. */
export const registerRuleOf = (field: RegisterRule['field'], over: Partial<RegisterRule> = {}): RegisterRule => ({
  field,
  enabled: true,
  required: false,
  acceptedPattern: '*',
  patternId: 1,
  minLength: 0,
  maxLength: 0,
  ...over,
})

/** A reply as a test sees it. */
export interface Reply {
  status: number
  body: { success: boolean; code: string; message: string; value?: unknown; fields?: Record<string, string> }
}

const b64 = (b: ArrayBuffer | Uint8Array): string => Buffer.from(b instanceof Uint8Array ? b : new Uint8Array(b)).toString('base64')

/** Seals a payload with WebCrypto exactly as the browser client does (wrapKey raw + AES-GCM, tag appended). */
export async function sealWithWebCrypto(pub: { keyId: string; spki: string }, payload: unknown): Promise<EncryptedBody> {
  const subtle = globalThis.crypto.subtle
  const rsa = await subtle.importKey('spki', Buffer.from(pub.spki, 'base64'), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['wrapKey'])
  const aes = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt'])
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12))
  const data = await subtle.encrypt({ name: 'AES-GCM', iv }, aes, new TextEncoder().encode(JSON.stringify(payload)))
  const key = await subtle.wrapKey('raw', aes, rsa, { name: 'RSA-OAEP' })
  return { keyId: pub.keyId, key: b64(key), iv: b64(iv), data: b64(data) }
}

/** Options of one call. */
export interface CallOptions {
  token?: string
  /** Sent as X-Forwarded-For to act from another address (startSandbox trusts loopback as a proxy by default). */
  ip?: string
  /** Send the body as plain JSON even when the endpoint is encrypted. */
  plain?: boolean
  /** More headers (a `Device-Id`, say). */
  headers?: Record<string, string>
}

/** A client bound to one sandbox URL. */
export function client(url: string) {
  let pub: Promise<{ keyId: string; spki: string }> | undefined
  const publicKey = async () => {
    pub ??= fetch(`${url}${endpoints.publicKey.path}`).then(async (r) => ((await r.json()) as { value: { keyId: string; spki: string } }).value)
    return pub
  }

  /** Calls an endpoint with raw (possibly invalid) input. */
  async function raw(key: EndpointKey, input: unknown, opts: CallOptions = {}): Promise<Reply> {
    const e = endpoints[key]
    const headers: Record<string, string> = { Device: 'WEB', Merchant: 'LOBBYKIT' }
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`
    if (opts.ip) headers['X-Forwarded-For'] = opts.ip
    Object.assign(headers, opts.headers)
    let path = e.path
    let body: string | undefined
    if (e.method === 'GET') {
      const qs = new URLSearchParams(Object.entries((input ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]))
      if ([...qs].length) path += `?${qs}`
    } else if ('form' in e && e.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(Object.entries((input ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)])).toString()
    } else if ('encrypt' in e && e.encrypt && !opts.plain) {
      headers['Content-Type'] = 'application/json'
      headers[encryptedHeader] = '1'
      body = JSON.stringify(await sealWithWebCrypto(await publicKey(), input))
    } else {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(input ?? {})
    }
    const res = await fetch(`${url}${path}`, { method: e.method, headers, body })
    const text = await res.text()
    let parsed: Reply['body']
    try {
      parsed = JSON.parse(text) as Reply['body']
    } catch {
      throw new Error(`${key}: not JSON (${res.status}): ${text.slice(0, 200)}`)
    }
    return { status: res.status, body: parsed }
  }

  return {
    /** The sandbox this client calls. */
    url,
    raw,
    publicKey,
    /** Calls an endpoint with typed input. */
    call: <K extends EndpointKey>(key: K, input: RequestOf<K>, opts?: CallOptions) => raw(key, input, opts),
  }
}

/** The dev inbox, newest first. */
export async function inbox(url: string): Promise<Record<'sms' | 'email' | 'captcha' | 'slider', Record<string, unknown>[]>> {
  const r = await fetch(`${url}/sandbox/inbox`)
  return (await r.json()) as Record<'sms' | 'email' | 'captcha' | 'slider', Record<string, unknown>[]>
}

/** Flips a whitelabel switch through the dev admin route. */
export async function setFlag(url: string, flag: string, enabled: boolean): Promise<void> {
  const r = await fetch(`${url}/sandbox/admin/flags`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ flag, enabled }) })
  if (!r.ok) throw new Error(`setFlag ${flag}: ${r.status} ${await r.text()}`)
}

type Client = ReturnType<typeof client>

/** Where a slider challenge's gap is (0..1), read from the dev inbox: the platform never tells the client. */
export async function devSliderTarget(url: string, challengeId: string): Promise<number> {
  const entry = (await inbox(url)).slider.find((e) => e.challengeId === challengeId)
  if (!entry) throw new Error('slider not in inbox')
  return Number(entry.target)
}

/**
 * The path the widget records for a keyboard user moving the piece from 0 to `target`: the piece at
 * rest when shown, Page Up (10 %) then arrow presses (1 %), each at an uneven human pace, ending exactly
 * on `target`, and Enter a moment later. Returns the samples and the answer's `durationMs`.
 */
export function humanSliderPath(target: number): { path: [number, number][]; durationMs: number } {
  const path: [number, number][] = [[0, 0]]
  let t = 700
  let x = 0
  for (let i = 0; x < target - 1e-9; i++) {
    x = Math.min(target, Math.round((target - x >= 0.1 - 1e-9 ? x + 0.1 : x + 0.01) * 1000) / 1000)
    path.push([t, x])
    t += 90 + ((i * 37) % 70)
  }
  path.push([t + 150, target])
  return { path, durationMs: t + 160 }
}

/** A slider answer that passes: a fresh challenge moved onto its target (read from the dev inbox) along a human path. */
export async function solvedSlider(c: Client, opts: CallOptions = {}): Promise<{ challengeId: string; position: number; durationMs: number; path: [number, number][] }> {
  const r = await c.call('slider', {}, opts)
  const { challengeId } = r.body.value as { challengeId: string }
  return sliderAnswer(challengeId, await devSliderTarget(c.url, challengeId))
}

/** A passing answer to challenge `challengeId` whose gap is at `target` (a human path onto it). */
export function sliderAnswer(challengeId: string, target: number): { challengeId: string; position: number; durationMs: number; path: [number, number][] } {
  return { challengeId, position: target, ...humanSliderPath(target) }
}

/** A fresh captcha and its answer read from the dev inbox. */
export async function solvedCaptcha(c: Client, url: string, opts: CallOptions = {}): Promise<{ captchaId: string; captcha: string }> {
  const r = await c.call('captcha', {}, opts)
  const { captchaId } = r.body.value as { captchaId: string }
  const entry = (await inbox(url)).captcha.find((e) => e.captchaId === captchaId)
  if (!entry) throw new Error('captcha not in inbox')
  return { captchaId, captcha: String(entry.answer) }
}

/** The newest SMS code sent to a number. */
export async function lastCode(url: string, mobileNum: string, purpose?: string): Promise<string | undefined> {
  const entry = (await inbox(url)).sms.find((e) => String(e.mobileNum).replace(/\D/g, '') === mobileNum.replace(/\D/g, '') && (!purpose || e.purpose === purpose))
  return entry ? String(entry.code) : undefined
}

/** Logs in by username and password with a solved slider and captcha; returns the reply. */
export async function login(c: Client, url: string, username: string, password: string, opts: CallOptions & { agentOnly?: boolean; secondStepCode?: string } = {}): Promise<Reply> {
  const slider = await solvedSlider(c, opts)
  const captcha = await solvedCaptcha(c, url, opts)
  return c.call('login', { type: 'username', username, password, slider, ...captcha, agentOnly: opts.agentOnly, secondStepCode: opts.secondStepCode }, opts)
}
