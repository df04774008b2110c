/**
 * System routes (SPEC §7): status and permission info, whitelabel tree, register rules, countries,
 * domain routes, help centre, merchant wallet, public key and feedback.
 * @module
 */
import type { Hono } from 'hono'
import type { Country, CustomerService, RegisterRule, ResponseOf } from '../../sdk/contract/all.ts'
import { Fail } from '../http/fail.ts'
import type { Deps } from '../http/context.ts'
import { handle } from '../http/handle.ts'
import { getSetting, getStatus, statusIn, whitelabelTree } from '../settings.ts'
import { publicKeySpki } from '../auth/rsa.ts'
import { brand as defaultBrand } from '../seed/config.ts'
import { qrSvg } from '../qr.ts'

type Status = ResponseOf<'status'>

/** Feedback messages one address may send per window. */
export const FEEDBACK_LIMIT = { count: 5, windowMs: 10 * 60 * 1000 }

/**
 * Country of an address. The sandbox has no geo database: private and loopback addresses are the
 * brand's home market, anything else is unknown ('ZZ').
 */
export function countryOfIp(ip: string): string {
  if (ip === '::1' || /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(ip) || /^f[cd]/i.test(ip)) return 'PH'
  return 'ZZ'
}

/** Registers the system routes. */
export function registerSystemRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'status', async (_input, ctx) => {
    const [settings, whitelabel, brand, resources, customerService, analytics, routes, cdn] = await Promise.all([
      getStatus(ctx.db),
      whitelabelTree(ctx.db),
      getSetting(ctx.db, 'brand', defaultBrand),
      getSetting<Status['resources']>(ctx.db, 'resources', []),
      getSetting<CustomerService[]>(ctx.db, 'customerService', []),
      getSetting(ctx.db, 'analytics', { gtagId: '' }),
      getSetting<{ domainName: string; device: number }[]>(ctx.db, 'domainRoutes', []),
      getSetting(ctx.db, 'cdn', { imageCDNs: [] as string[], launchGameCDNs: [] as string[] }),
    ])
    // The texts come in the page's language (the Language header), as the game names do.
    const status = statusIn(settings, ctx.language)
    return {
      systemStatus: status.maintenance.enabled ? 1 : status.regionRestriction.enabled ? 2 : 0,
      maintenance: status.maintenance,
      regionRestriction: status.regionRestriction,
      location: { ip: ctx.ip, countryCode: countryOfIp(ctx.ip) },
      brand: { name: brand.name, platform: 'web', device: 'WEB', lotteryType: 'SEA', currencySymbol: brand.currencySymbol },
      whitelabel,
      resources,
      customerService,
      analytics: { gtagId: analytics.gtagId },
      domainRoute: routes.filter((r) => r.device === 0).map((r) => ({ domainName: r.domainName })),
      imageCDNs: cdn.imageCDNs,
      launchGameCDNs: cdn.launchGameCDNs,
    }
  })

  // QR images of the app downloads (the `qrCodeUrl` of each resource points here).
  app.get('/sandbox/qr/:file', async (c) => {
    const resources = await getSetting<Status['resources']>(deps.db, 'resources', [])
    const resource = resources.find((r) => r.qrCodeUrl === c.req.path)
    if (!resource) return c.json({ success: false, code: 'not_found', message: 'No such QR code.' }, 404)
    return c.body(qrSvg(resource.url), 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=3600' })
  })

  handle(app, deps, 'whitelabel', async (_input, ctx) => whitelabelTree(ctx.db))

  handle(app, deps, 'registerSettings', async (_input, ctx) => getSetting<RegisterRule[]>(ctx.db, 'registerRules', []))

  handle(app, deps, 'countries', async (_input, ctx) => getSetting<Country[]>(ctx.db, 'countries', []))

  handle(app, deps, 'domainRoute', async (input, ctx) => {
    const device = Number(input.device)
    const routes = await getSetting<{ domainName: string; device: number }[]>(ctx.db, 'domainRoutes', [])
    return routes.filter((r) => r.device === device)
  })

  handle(app, deps, 'helpCenter', async (_input, ctx) => getSetting<ResponseOf<'helpCenter'>>(ctx.db, 'helpCenter', []))

  handle(app, deps, 'merchantWallet', async (_input, ctx) => getSetting(ctx.db, 'merchantWallet', { isSingle: false }))

  handle(app, deps, 'publicKey', async () => publicKeySpki())

  handle(app, deps, 'feedback', async (input, ctx) => {
    const since = new Date(ctx.now() - FEEDBACK_LIMIT.windowMs).toISOString()
    const [{ n }] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM feedback WHERE ip = $1 AND created_at > $2::timestamptz', [ctx.ip, since])
    if (n >= FEEDBACK_LIMIT.count) throw new Fail('rate_limited', 'Too much feedback from this address. Please try again later.')
    await ctx.db.query('INSERT INTO feedback (member_id, question_type, content, ip, created_at) VALUES ($1, $2, $3, $4, $5::timestamptz)', [
      ctx.member?.id ?? null,
      input.questionType,
      input.content,
      ctx.ip,
      new Date(ctx.now()).toISOString(),
    ])
    return {}
  })
}
