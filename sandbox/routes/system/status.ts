import type { Hono } from 'hono'
import type { CustomerService, ResponseOf } from '../../../sdk/contract/all.ts'
import type { Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { getSetting, getSettings, type StoredStatus, statusFrom, statusIn, whitelabelTree } from '../../settings.ts'
import { maskTree } from '../../auth/oidc.ts'
import { brand as defaultBrand } from '../../seed/config.ts'
import { qrSvg } from '../../qr.ts'
import { validZone } from '../../zone.ts'

/** The demo apps page, in English and Spanish (plain HTML, no script or style: any policy serves it). */
function demoAppsPage(platform: 'iOS' | 'Android'): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${platform} app · Lobbykit demo</title></head><body>
<main>
<h1>The ${platform} app of the Lobbykit demo</h1>
<p>This demo brand has no app in the ${platform === 'iOS' ? 'App Store' : 'Google Play store'}: a real brand's operator sets this button to its store listing in the platform's configuration (<code>resources</code>).</p>
<p>You can still play from your phone's home screen: open the <a href="/down">download page</a> on your phone and install the <strong>lite app</strong> (in the browser's menu, "Add to Home Screen" or "Install app").</p>
<section lang="es">
<h2>La app de ${platform} de la demo de Lobbykit</h2>
<p>Esta marca de demostración no tiene app en la ${platform === 'iOS' ? 'App Store' : 'tienda Google Play'}: el operador de una marca real apunta este botón a su ficha en la tienda en la configuración de la plataforma (<code>resources</code>).</p>
<p>Aun así puedes jugar desde la pantalla de inicio de tu teléfono: abre la <a href="/es/down">página de descarga</a> en el teléfono e instala la <strong>app lite</strong> (en el menú del navegador, «Añadir a pantalla de inicio» o «Instalar app»).</p>
</section>
</main>
</body></html>`
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
    // One query for the settings beside one for the sign-in tree: two connections for a cold status, not eight.
    const [stored, whitelabel] = await Promise.all([
      getSettings(ctx.db, {
        status: {} as StoredStatus,
        brand: defaultBrand,
        resources: [] as Status['resources'],
        customerService: [] as CustomerService[],
        analytics: { gtagId: '' },
        domainRoutes: [] as { domainName: string; device: number }[],
        cdn: { imageCDNs: [] as string[], launchGameCDNs: [] as string[] },
      }),
      // A third-party sign-in that cannot work here (no provider in production) is sent off.
      whitelabelTree(ctx.db).then((tree) => maskTree(tree, ctx.identity, ctx.production)),
    ])
    const { brand, resources, customerService, analytics, domainRoutes: routes, cdn } = stored
    const settings = statusFrom(stored.status)
    // The texts come in the page's language (the Language header), as the game names do.
    const status = statusIn(settings, ctx.language)
    return {
      systemStatus: status.maintenance.enabled ? 1 : status.regionRestriction.enabled ? 2 : 0,
      maintenance: status.maintenance,
      regionRestriction: status.regionRestriction,
      location: { ip: ctx.ip, countryCode: countryOfIp(ctx.ip) },
      brand: {
        name: brand.name,
        platform: 'web',
        device: 'WEB',
        lotteryType: 'SEA',
        currencySymbol: brand.currencySymbol,
        currency: brand.currency,
        timeZone: validZone(brand.timeZone),
      },
      whitelabel,
      resources,
      customerService,
      analytics: { gtagId: analytics.gtagId },
      domainRoute: routes.filter((r) => r.device === 0).map((r) => ({ domainName: r.domainName })),
      imageCDNs: cdn.imageCDNs,
      launchGameCDNs: cdn.launchGameCDNs,
      // A production platform on the payment simulator says so to every page (its console).
      ...(ctx.production && ctx.payments && !ctx.payments.real ? { paymentSimulator: true } : {}),
    }
  })

  // QR images of the app downloads (the `qrCodeUrl` of each resource points here).
  app.get('/sandbox/qr/:file', async (c) => {
    const resources = await getSetting<Status['resources']>(deps.db, 'resources', [])
    const resource = resources.find((r) => r.qrCodeUrl === c.req.path)
    if (!resource) return c.json({ success: false, code: 'not_found', message: 'No such QR code.' }, 404)
    // A root-relative download (the demo apps page below) is encoded as an address a phone can open.
    return c.body(qrSvg(new URL(resource.url, c.req.url).href), 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=3600' })
  })

  // What the demo brand's iOS and Android download buttons open (they pointed at example.com):
  // a page saying there is no store app in the demo and how to get the lite app instead. An operator
  // points the buttons at the real stores in the platform's `resources` (README).
  app.get('/sandbox/apps/:platform', (c) => {
    const platform = c.req.param('platform') === 'android' ? 'Android' : c.req.param('platform') === 'ios' ? 'iOS' : null
    if (!platform) return c.json({ success: false, code: 'not_found', message: 'No such app.' }, 404)
    return c.html(demoAppsPage(platform), 200, { 'Cache-Control': 'public, max-age=3600' })
  })
}
