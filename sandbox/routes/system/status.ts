import type { Hono } from 'hono'
import type { CustomerService, ResponseOf } from '../../../sdk/contract/all.ts'
import type { Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { getSetting, getStatus, statusIn, whitelabelTree } from '../../settings.ts'
import { brand as defaultBrand } from '../../seed/config.ts'
import { qrSvg } from '../../qr.ts'

/** The brand's time zone when it names a real one, else the seed's (a database seeded before it had none). */
function zoneOf(zone: unknown): string {
  if (typeof zone !== 'string' || !zone) return defaultBrand.timeZone
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return zone
  } catch {
    return defaultBrand.timeZone
  }
}

/**
 * The platform status every page starts from (SPEC §7): maintenance and region switches in the
 * caller's language, the caller's address and country, brand, whitelabel tree, app downloads (with
 * their QR images), customer service, analytics and CDNs.
 * @module
 */

type Status = ResponseOf<'status'>

/**
 * Country of an address. The sandbox has no geo database: private and loopback addresses are the
 * brand's home market, anything else is unknown ('ZZ').
 */
export function countryOfIp(ip: string): string {
  if (ip === '::1' || /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(ip) || /^f[cd]/i.test(ip)) return 'PH'
  return 'ZZ'
}

/**
 * Mounts the status endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerStatusRoutes(app: Hono, deps: Deps): void {
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
      brand: { name: brand.name, platform: 'web', device: 'WEB', lotteryType: 'SEA', currencySymbol: brand.currencySymbol, timeZone: zoneOf(brand.timeZone) },
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
}
