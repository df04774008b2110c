import type { Hono } from 'hono'
import type { Country, ResponseOf } from '../../../sdk/contract/all.ts'
import type { Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { getRegisterPolicy, getSetting, whitelabelTree } from '../../settings.ts'
import { maskTree } from '../../auth/oidc.ts'
import { loadRegisterRules } from '../../auth/register.ts'

/**
 * The platform's settings as the client reads them one by one: whitelabel tree, register rules,
 * countries, domain routes, help centre, merchant wallet mode, and the public key requests are
 * sealed with.
 * @module
 */

/**
 * Mounts the setting endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerSettingRoutes(app: Hono, deps: Deps): void {
  // A third-party sign-in that cannot work here (no provider in production) is sent off.
  handle(app, deps, 'whitelabel', async (_input, ctx) => maskTree(await whitelabelTree(ctx.db), ctx.identity, ctx.production))

  handle(app, deps, 'registerSettings', async (_input, ctx) => loadRegisterRules(ctx.db))

  handle(app, deps, 'registerPolicy', async (_input, ctx) => getRegisterPolicy(ctx.db))

  handle(app, deps, 'countries', async (_input, ctx) => getSetting<Country[]>(ctx.db, 'countries', []))

  handle(app, deps, 'domainRoute', async (input, ctx) => {
    const device = Number(input.device)
    const routes = await getSetting<{ domainName: string; device: number }[]>(ctx.db, 'domainRoutes', [])
    return routes.filter((r) => r.device === device)
  })

  // In the caller's language (the Language header) when the platform has entries in it, else English.
  handle(app, deps, 'helpCenter', async (_input, ctx) => {
    const byLanguage = await getSetting<Partial<Record<string, ResponseOf<'helpCenter'>>>>(ctx.db, 'helpCenterByLanguage', {})
    return byLanguage[ctx.language] ?? getSetting<ResponseOf<'helpCenter'>>(ctx.db, 'helpCenter', [])
  })

  handle(app, deps, 'merchantWallet', async (_input, ctx) => getSetting(ctx.db, 'merchantWallet', { isSingle: false }))

  handle(app, deps, 'publicKey', async (_input, ctx) => ctx.keys.publicKey(ctx.now()))
}
