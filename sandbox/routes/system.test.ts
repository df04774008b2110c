import { createPublicKey } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import * as v from 'valibot'
import { endpoints, registerFields, whitelabelFlags, type EndpointKey, type WhitelabelNode } from '../../sdk/contract/all.ts'
import { brand, decryptCsPath } from '../seed/config.ts'
import { putSetting } from '../settings.ts'

const { sb } = sandboxForFile()

interface Reply {
  status: number
  body: { success: boolean; code: string; message: string; value: unknown; fields?: Record<string, string> }
}
/** Calls an endpoint by its key; checks that a success reply matches the contract schema. */
async function call(key: EndpointKey, input: Record<string, string> | unknown = {}, headers: Record<string, string> = {}): Promise<Reply> {
  const ep = endpoints[key]
  const isGet = ep.method === 'GET'
  const qs = isGet ? `?${new URLSearchParams(input as Record<string, string>)}` : ''
  const res = await fetch(`${sb.url}${ep.path}${qs}`, {
    method: ep.method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: isGet ? undefined : JSON.stringify(input),
  })
  const body = (await res.json()) as Reply['body']
  if (body.success) expect(v.safeParse(ep.response, body.value).success, `${key} reply matches the contract`).toBe(true)
  return { status: res.status, body }
}

const flagsOf = (nodes: WhitelabelNode[]): Map<string, boolean> => {
  const out = new Map<string, boolean>()
  const walk = (n: WhitelabelNode) => {
    out.set(n.modId, n.enabled)
    n.childrenNodes.forEach(walk)
  }
  nodes.forEach(walk)
  return out
}

describe('system routes', () => {
  it('status: normal system, caller address, brand, tree, customer service and CDNs', async () => {
    const r = await call('status', { url: 'http://127.0.0.1/' })
    expect(r.status).toBe(200)
    const s = r.body.value as import('../../sdk/contract/all.ts').Status
    expect(s.systemStatus).toBe(0)
    expect(s.location.ip).toBe('127.0.0.1')
    expect(s.brand).toMatchObject({ platform: 'web', device: 'WEB', lotteryType: 'SEA', currencySymbol: '₱', currency: 'PHP' })
    const flags = flagsOf(s.whitelabel)
    for (const f of whitelabelFlags) expect(flags.has(f), f).toBe(true)
    expect(flags.get('DIRECTREG3')).toBe(true)
    expect(flags.get('LOGINONLY3')).toBe(false)
    expect(s.resources.map((x) => x.resourceType).sort()).toEqual(['ANDROID', 'IOS', 'LITE'])
    const positions = s.customerService.map((c) => c.csPosition)
    for (const p of ['LIVECHAT-1', 'WHATSAPP-1', 'TELEGRAM-1', 'TELEGRAM-2', 'VIP-1']) expect(positions).toContain(p)
    const encrypted = s.customerService.find((c) => c.csType === '3')!
    expect(encrypted.path).not.toMatch(/^https?:/)
    // Live chat and the VIP line open the platform's own chat room, no example.com host.
    expect(decryptCsPath(encrypted.path)).toBe('/helpmc#chat')
    expect(s.customerService.find((c) => c.csType === 'VIP')).toMatchObject({ csPosition: 'VIP-1', path: '/helpmc#chat' })
    expect(JSON.stringify(s.customerService.map((c) => (c.csType === '3' ? decryptCsPath(c.path) : c.path)))).not.toContain('example.com')
    // The store buttons open the local page about the demo apps, which answers.
    for (const r of s.resources.filter((x) => x.resourceType !== 'LITE')) {
      expect(r.url).toMatch(/^\/sandbox\/apps\/(ios|android)$/)
      const page = await fetch(new URL(r.url, sb.url))
      expect(page.status).toBe(200)
      expect(await page.text()).toMatch(/lite/i)
    }
    expect(s.imageCDNs).toHaveLength(2)
    expect(s.launchGameCDNs).toHaveLength(2)
    expect(s.imageCDNs.every((p) => p.startsWith('/sandbox/'))).toBe(true)
    expect(s.domainRoute.length).toBeGreaterThan(0)
    expect(s.analytics.gtagId).toMatch(/^G-/)
  })

  it('status: reads x-forwarded-for from a trusted proxy (startSandbox trusts loopback), right-most hop first', async () => {
    const s = (await call('status', {}, { 'X-Forwarded-For': '10.0.0.1, 203.0.113.9' })).body.value as { location: { ip: string; countryCode: string } }
    expect(s.location).toEqual({ ip: '203.0.113.9', countryCode: 'ZZ' })
    const junk = (await call('status', {}, { 'X-Forwarded-For': '<script>' })).body.value as { location: { ip: string } }
    expect(junk.location.ip).toBe('127.0.0.1')
  })

  it("status: answers the brand's time zone, and the seed's for one Intl does not know", async () => {
    const zoneNow = async () => ((await call('status', {})).body.value as { brand: { timeZone: string } }).brand.timeZone
    try {
      await putSetting(sb.db, 'brand', { ...brand, timeZone: 'America/Lima' })
      expect(await zoneNow()).toBe('America/Lima')
      await putSetting(sb.db, 'brand', { ...brand, timeZone: 'Mars/Olympus_Mons' })
      expect(await zoneNow()).toBe(brand.timeZone)
    } finally {
      await putSetting(sb.db, 'brand', brand)
    }
  })

  it('status: refuses an over-long url', async () => {
    const r = await call('status', { url: 'x'.repeat(2001) })
    expect(r.status).toBe(400)
    expect(r.body.fields).toEqual({ url: 'err_field_invalid' })
  })

  it('whitelabel: follows the admin switch', async () => {
    const before = flagsOf((await call('whitelabel')).body.value as WhitelabelNode[])
    expect(before.get('SECONDSTEP3')).toBe(false)
    await sb.admin.setFlag('SECONDSTEP3', true)
    try {
      expect(flagsOf((await call('whitelabel')).body.value as WhitelabelNode[]).get('SECONDSTEP3')).toBe(true)
    } finally {
      await sb.admin.setFlag('SECONDSTEP3', false)
    }
    expect((await fetch(`${sb.url}${endpoints.whitelabel.path}`, { method: 'POST' })).status).toBe(405)
  })

  it('registerSettings: a working rule for every registration field', async () => {
    const rules = (await call('registerSettings')).body.value as import('../../sdk/contract/all.ts').RegisterRule[]
    expect(rules.map((r) => r.field).sort()).toEqual([...registerFields].sort())
    const rule = (f: string) => rules.find((r) => r.field === f)!
    for (const r of rules) if (r.acceptedPattern !== '*') expect(() => new RegExp(r.acceptedPattern, 'u'), r.field).not.toThrow()
    const matches = (f: string, s: string) => new RegExp(rule(f).acceptedPattern, 'u').test(s)
    expect(rule('username')).toMatchObject({ enabled: true, required: true, minLength: 2, maxLength: 15 })
    expect(matches('username', 'demo01')).toBe(true)
    expect(matches('username', '1demo')).toBe(false)
    expect(matches('username', 'a'.repeat(16))).toBe(false)
    expect(rule('password')).toMatchObject({ required: true, minLength: 6, maxLength: 20 })
    expect(matches('password', 'demo1234')).toBe(true)
    expect(matches('password', 'abcdef')).toBe(false)
    expect(rule('verificationCode')).toMatchObject({ minLength: 0, maxLength: 255, acceptedPattern: rule('mobileNum').acceptedPattern })
    expect(matches('mobileNum', '912345678')).toBe(true)
    expect(matches('email', 'demo01@example.com')).toBe(true)
    expect(matches('payeeName', 'Juan Dela Cruz')).toBe(true)
    expect(matches('payeeName', 'Juan')).toBe(false)
    expect(matches('birthday', '1990-02-28')).toBe(true)
    expect(rule('qqNum').enabled).toBe(false)
  })

  it('countries: at least ten with dialing codes and digits', async () => {
    const list = (await call('countries')).body.value as { countryCode: string; countryDialingCode: string; mobileDigits: number }[]
    expect(list.length).toBeGreaterThanOrEqual(10)
    for (const code of ['VN', 'PH', 'TH', 'MY', 'ID', 'SG', 'CN', 'IN', 'US', 'GB', 'MX', 'ES', 'BR']) expect(list.map((c) => c.countryCode)).toContain(code)
    expect(list.find((c) => c.countryCode === 'PH')?.countryDialingCode).toBe('+63')
    expect(list.every((c) => /^\+\d{1,4}$/.test(c.countryDialingCode))).toBe(true)
  })

  it('domainRoute: lists per device, default web, rejects other devices', async () => {
    const web = (await call('domainRoute')).body.value as { device: number }[]
    const app = (await call('domainRoute', { device: '3' })).body.value as { device: number }[]
    expect(web.length).toBeGreaterThan(0)
    expect(app.length).toBeGreaterThan(0)
    expect(web.every((d) => d.device === 0)).toBe(true)
    expect(app.every((d) => d.device === 3)).toBe(true)
    expect((await call('domainRoute', { device: '1' })).status).toBe(400)
  })

  it('helpCenter, merchantWallet and publicKey answer', async () => {
    const help = (await call('helpCenter')).body.value as { id: string }[]
    expect(help.map((h) => h.id)).toContain('terms')
    expect((await call('merchantWallet')).body.value).toEqual({ isSingle: false })
    const key = (await call('publicKey')).body.value as { keyId: string; spki: string }
    const pub = createPublicKey({ key: Buffer.from(key.spki, 'base64'), format: 'der', type: 'spki' })
    expect(pub.asymmetricKeyType).toBe('rsa')
  })

  it('feedback: stores valid feedback, refuses invalid, limits per address', async () => {
    const ip = { 'X-Forwarded-For': '198.51.100.23' }
    const ok = await call('feedback', { questionType: 'SUGGESTION', content: 'Please add more fish games.' }, ip)
    expect(ok.status).toBe(200)
    const rows = await sb.db.query<{ content: string }>("SELECT content FROM feedback WHERE ip = '198.51.100.23'")
    expect(rows.map((r) => r.content)).toEqual(['Please add more fish games.'])
    expect((await call('feedback', { questionType: 'NOPE', content: 'Please add more fish games.' }, ip)).body.fields).toEqual({ questionType: 'service_err_type' })
    expect((await call('feedback', { questionType: 'GAME', content: 'short' }, ip)).status).toBe(400)
    expect((await call('feedback', { questionType: 'GAME', content: 'x'.repeat(141) }, ip)).status).toBe(400)
    for (let i = 0; i < 4; i++) expect((await call('feedback', { questionType: 'GAME', content: `Feedback number ${i}` }, ip)).status).toBe(200)
    const limited = await call('feedback', { questionType: 'GAME', content: 'One message too many' }, ip)
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('rate_limited')
  })
})

describe('app download QR codes', () => {
  it('serves a QR image for every resource and 404 for others', async () => {
    const s = (await call('status')).body.value as { resources: { qrCodeUrl: string }[] }
    for (const r of s.resources) {
      const res = await fetch(`${sb.url}${r.qrCodeUrl}`)
      expect(res.status, r.qrCodeUrl).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/svg+xml')
      expect(await res.text()).toMatch(/^<svg /)
    }
    expect((await fetch(`${sb.url}/sandbox/qr/none.svg`)).status).toBe(404)
  })
})

describe('status texts and the admin status switch', () => {
  type StatusTexts = { systemStatus: number; maintenance: { enabled: boolean; title: string; info: string; endTime: string | null }; regionRestriction: { message: string } }
  const statusIn = async (language?: string) => (await call('status', {}, language ? { Language: language } : {})).body.value as StatusTexts
  const admin = async (body: unknown) => {
    const res = await fetch(`${sb.url}/sandbox/admin/status`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    return { status: res.status, body: (await res.json()) as Reply['body'] }
  }
  const restore = () => sb.admin.setStatus({ maintenance: false, regionRestriction: false, title: null, info: null, endTime: null })

  it('answers the maintenance and region texts in the request language', async () => {
    const en = await statusIn('en')
    const es = await statusIn('es')
    expect(en.maintenance.title).toBe('Scheduled maintenance')
    expect(es.maintenance.title).toBe('Mantenimiento programado')
    expect(es.maintenance.info).toMatch(/plataforma/)
    expect(es.regionRestriction.message).toMatch(/restringido/)
    // No or an unknown language header is English.
    expect((await statusIn()).maintenance.title).toBe('Scheduled maintenance')
    expect((await statusIn('xx')).regionRestriction.message).toBe(en.regionRestriction.message)
  })

  it('sets title, info and end time per language, and puts the defaults back', async () => {
    try {
      const r = await admin({
        maintenance: true,
        title: { es: 'Actualización de la base de datos' },
        info: { en: 'Back after the upgrade.' },
        endTime: '2030-01-01T12:00:00+02:00',
      })
      expect(r.status).toBe(200)
      expect(r.body.value).toMatchObject({ maintenance: true, endTime: '2030-01-01T10:00:00.000Z' })
      const es = await statusIn('es')
      expect(es).toMatchObject({ systemStatus: 1, maintenance: { enabled: true, title: 'Actualización de la base de datos', endTime: '2030-01-01T10:00:00.000Z' } })
      // A language not given keeps its own text.
      expect(es.maintenance.info).toMatch(/plataforma/)
      expect((await statusIn('en')).maintenance).toMatchObject({ title: 'Scheduled maintenance', info: 'Back after the upgrade.' })
      // Switching maintenance off and on again keeps the texts and the end time.
      await sb.admin.setStatus({ maintenance: false })
      await sb.admin.setStatus({ maintenance: true })
      expect((await statusIn('es')).maintenance.endTime).toBe('2030-01-01T10:00:00.000Z')
      await sb.admin.setStatus({ title: null, info: null, endTime: null })
      expect((await statusIn('es')).maintenance).toMatchObject({ title: 'Mantenimiento programado', endTime: null })
      expect((await statusIn('en')).maintenance.info).toBe('We are upgrading the platform. Please come back soon.')
    } finally {
      await restore()
    }
  })

  it('refuses a bad status change with a 400 that names the field, and changes nothing', async () => {
    try {
      await sb.admin.setStatus({ title: { en: 'Kept title' }, endTime: '2030-01-01T10:00:00Z' })
      const bad: [unknown, string][] = [
        [{ maintenance: true, endTime: 'tomorrow' }, 'endTime'],
        [{ maintenance: true, endTime: '2030-01-01T10:00:00' }, 'endTime'],
        [{ maintenance: true, endTime: '2030-02-31T10:00:00Z' }, 'endTime'],
        [{ maintenance: true, title: 'Not per language' }, 'title'],
        [{ maintenance: true, title: { fr: 'Maintenance' } }, 'title'],
        [{ maintenance: true, title: { en: '   ' } }, 'title.en'],
        [{ maintenance: true, info: { es: 'x'.repeat(2001) } }, 'info.es'],
        [{ maintenance: true, endtime: '2030-01-01T10:00:00Z' }, 'endtime'],
      ]
      for (const [body, field] of bad) {
        const r = await admin(body)
        expect(r.status, JSON.stringify(body)).toBe(400)
        expect(r.body.code).toBe('validation_failed')
        expect(r.body.message, JSON.stringify(body)).toContain(field)
      }
      const after = await statusIn('en')
      expect(after).toMatchObject({ systemStatus: 0, maintenance: { enabled: false, title: 'Kept title', endTime: '2030-01-01T10:00:00.000Z' } })
    } finally {
      await restore()
    }
  })
})
