/**
 * The sandbox API as one Hono app: every contract route, the dev routes unless in production, and
 * envelope answers for unknown paths and wrong methods (never HTML).
 * @module
 */
import { Hono } from 'hono'
import { matchedRoutes } from 'hono/route'
import { type ApiEnv, reportError } from './http/report.ts'
import type { Db } from './db/index.ts'
import { BlockList } from 'node:net'
import { Fail, failResponse } from './http/fail.ts'
import type { Deps } from './http/context.ts'
import { methodsOf, type RouteModule } from './http/handle.ts'
import { adminRoutes, jsonOnly } from './http/json-only.ts'
import { createInbox } from './inbox.ts'
import type { Delivery } from './delivery/index.ts'
import { inboxEmail, inboxSms } from './delivery/dev-inbox.ts'
import { loadFlags } from './settings.ts'
import { registerWalletRoutes } from './routes/wallet.ts'
import { registerAdminRoutes } from './routes/admin.ts'
import { registerIdpRoutes } from './auth/idp.ts'
import { maskFlags, type IdentityProviders } from './auth/oidc.ts'
import { systemRoutes } from './routes/system/index.ts'
import { sessionRoutes } from './routes/session/index.ts'
import { memberRoutes } from './routes/member/index.ts'
import { gamesRoutes } from './routes/games/index.ts'
import { lotteryRoutes } from './routes/lottery/index.ts'
import { moneyRoutes } from './routes/money/index.ts'
import { registerCdnRoutes } from './games/routes.ts'
import { registerLotteryScreenRoutes } from './lottery/routes.ts'
import { type PaymentProvider, simulator } from './money/providers.ts'
import { registerMoneyAdminRoutes } from './money/admin.ts'
import { reset } from './seed/index.ts'
import { createPayHasher } from './money/pay-hasher.ts'
import { createHasher, type ScryptCost } from './auth/password.ts'
import { embedOrigins, registerEmbedCors } from './cors.ts'
import { registerEmbedFunnelRoutes, registerEmbedRoutes } from './routes/embed.ts'
import { registerAgentRoutes } from './routes/agent.ts'
import { registerProtectRoutes } from './routes/protect.ts'
import { registerAgentAdminRoutes } from './agent/admin.ts'
import { rewardRoutes } from './routes/rewards/index.ts'
import { registerRewardAdminRoutes } from './rewards/admin.ts'
import { serviceRoutes } from './routes/service/index.ts'
import { registerConsoleRoutes } from './service/console.ts'
import { createStreamRegistry, type StreamOptions } from './service/streams.ts'
import { createPlatformKeys, type KeyOptions } from './auth/rsa.ts'
import { registerBackofficeRoutes } from './backoffice/routes.ts'
import { developmentKeyText, secretKey } from './backoffice/secret-box.ts'
import { type LiveContentOptions, liveContent, registerLiveContentRoutes } from './content/live.ts'

/**
 * Builds the dependencies of the routes for a database.
 * @param opts `scryptCost` of new password hashes: the production cost (N=2^17, r=8, p=1) unless given;
 *   only tests pass a cheaper one (sandbox/testing.ts); `trustedProxies` whose X-Forwarded-For is believed (none unless given);
 *   `payments`, the payment provider: the simulator outside production unless given, none in production unless given;
 *   `delivery`, the email and SMS providers: the dev inbox outside production unless given, none in production unless given.
 */
export function createDeps(
  db: Db,
  opts: {
    production?: boolean
    now?: () => number
    scryptCost?: ScryptCost
    trustedProxies?: BlockList
    payments?: PaymentProvider | null
    /** Caps and timings of the chat's live streams (defaults: sandbox/service/streams.ts). */
    streams?: Partial<StreamOptions>
    /** Rotation of the platform keys (defaults: sandbox/auth/rsa.ts). */
    keys?: Partial<KeyOptions>
    /**
     * The message providers (sandbox/delivery/config.ts reads them from the environment): a channel left
     * out goes to the dev inbox outside production and nowhere in production; null means none.
     */
    delivery?: Partial<Delivery>
    /** The configured OpenID providers (sandbox/auth/oidc.ts); none unless given. */
    identity?: IdentityProviders
    /** OPERATOR_SECRET_KEY: what operators' TOTP secrets are sealed with (default: the public development key). */
    operatorSecretKey?: string
    /** The content editor and Publish on the live site (sandbox/content/live.ts); none unless given. */
    liveContent?: LiveContentOptions
  } = {},
): Deps {
  const production = opts.production ?? false
  const inbox = createInbox({ now: opts.now })
  const fallback = <T>(given: T | null | undefined, dev: T): T | null => (given !== undefined ? given : production ? null : dev)
  return {
    identity: opts.identity ?? {},
    keys: createPlatformKeys(db, opts.keys),
    operatorKey: secretKey(opts.operatorSecretKey ?? developmentKeyText),
    streams: createStreamRegistry(opts.streams),
    payments: opts.payments !== undefined ? opts.payments : opts.production ? null : simulator,
    trustedProxies: opts.trustedProxies ?? new BlockList(),
    hasher: createHasher({ cost: opts.scryptCost }),
    payHasher: createPayHasher(opts.scryptCost),
    db,
    now: opts.now ?? Date.now,
    production,
    inbox,
    liveContent: opts.liveContent && liveContent(opts.liveContent, opts.now ?? Date.now),
    delivery: {
      email: fallback(opts.delivery?.email, inboxEmail(inbox)),
      sms: fallback(opts.delivery?.sms, inboxSms(inbox)),
      siteUrl: opts.delivery?.siteUrl ?? '',
    },
    // A third-party sign-in that cannot work here (no provider in production) is off, whatever its switch.
    flags: async () => maskFlags(await loadFlags(db), opts.identity, production),
  }
}

/**
 * Creates the API app: the contract's routes (one module per resource, listed by each folder of
 * sandbox/routes/), the sandbox's game, lottery and payment pages, plus `/sandbox/inbox` and
 * `/sandbox/admin/*` when not in production.
 */
export function createApp(deps: Deps): Hono {
  const app = new Hono()
  registerEmbedCors(app, embedOrigins(process.env, deps.production))
  // Replies are per caller and may carry tokens or balances: no cache keeps them, and no browser
  // guesses another type for them. Routes that mean to be cached (images) say so themselves.
  app.use('*', async (c, next) => {
    await next()
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store')
    c.res.headers.set('X-Content-Type-Options', 'nosniff')
    // The route matched, for the host's metrics: its pattern, so the labels stay few.
    const env = c.env as ApiEnv | undefined
    if (env && typeof env === 'object') env.route = matchedRoutes(c).findLast((r) => r.method !== 'ALL')?.path ?? 'unmatched'
  })
  // In the order they always were: where two routes could match one path, the first one answers.
  const modules: RouteModule[] = [
    ...systemRoutes,
    registerWalletRoutes,
    // The third-party sign-in popup: configured OpenID providers, and the dev provider outside production.
    registerIdpRoutes,
    ...sessionRoutes,
    ...memberRoutes,
    ...gamesRoutes,
    // The sandbox "CDN": game play pages, their round API and the catalogue's images.
    registerCdnRoutes,
    registerLotteryScreenRoutes,
    ...lotteryRoutes,
    registerEmbedRoutes,
    registerEmbedFunnelRoutes,
    ...moneyRoutes,
    // The payment provider's own routes (the simulator's gateway page and its signed callback).
    (app, deps) => deps.payments?.mount(app, deps),
    registerAgentRoutes,
    // Player protection: limits, reality check, breaks, history.
    registerProtectRoutes,
    ...rewardRoutes,
    ...serviceRoutes,
  ]
  for (const mount of modules) mount(app, deps)
  // The operator back office, production too (its own session cookie and roles).
  registerBackofficeRoutes(app, deps)
  // The content editor on the live site, for content operators (its Publish is a back-office route).
  if (deps.liveContent) registerLiveContentRoutes(app, deps, deps.liveContent)
  if (!deps.production) {
    // One guard for every admin route, whoever registers it: JSON only.
    app.use(adminRoutes, jsonOnly)
    registerAdminRoutes(app, deps, () => reset(deps.db, { cost: deps.hasher.cost }))
    registerMoneyAdminRoutes(app, deps)
    registerAgentAdminRoutes(app, deps)
    registerRewardAdminRoutes(app, deps)
    // The customer-service operator console (/sandbox/cs) and the platform-message admin route.
    registerConsoleRoutes(app, deps)
  }

  app.notFound((c) => {
    const allowed = methodsOf(app, c.req.path)
    if (allowed.length > 0) {
      c.header('Allow', allowed.join(', '))
      return failResponse(c, new Fail('not_found', `Method ${c.req.method} is not allowed here.`), 405)
    }
    return failResponse(c, new Fail('not_found', `No endpoint at ${c.req.path}.`))
  })
  app.onError((err, c) => {
    if (err instanceof Fail) return failResponse(c, err)
    reportError(c, 'unhandled', err)
    return failResponse(c, new Fail('server_error'))
  })
  return app
}
