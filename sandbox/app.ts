/**
 * The sandbox API as one Hono app: every contract route, the dev routes unless in production, and
 * envelope answers for unknown paths and wrong methods (never HTML).
 * @module
 */
import { Hono } from 'hono'
import type { Db } from './db/index.ts'
import { BlockList } from 'node:net'
import { Fail, failResponse } from './http/fail.ts'
import type { Deps } from './http/context.ts'
import { methodsOf } from './http/handle.ts'
import { createInbox } from './inbox.ts'
import { loadFlags } from './settings.ts'
import { registerStatusRoutes } from './routes/system/status.ts'
import { registerSettingRoutes } from './routes/system/settings.ts'
import { registerFeedbackRoutes } from './routes/system/feedback.ts'
import { registerWalletRoutes } from './routes/wallet.ts'
import { registerAdminRoutes } from './routes/admin.ts'
import { registerIdpRoutes } from './auth/idp.ts'
import { registerChallengeRoutes } from './routes/session/challenges.ts'
import { registerLoginRoutes } from './routes/session/login.ts'
import { registerFreeplayRoutes } from './routes/session/freeplay.ts'
import { registerSmsRoutes } from './routes/session/sms.ts'
import { registerMemberInfoRoutes } from './routes/member/info.ts'
import { registerBadgeRoutes } from './routes/member/badges.ts'
import { registerRegistrationRoutes } from './routes/member/registration.ts'
import { registerPasswordRoutes } from './routes/member/password.ts'
import { registerConsolidatedRoutes } from './routes/member/consolidated.ts'
import { registerRaffleRoutes } from './routes/member/raffle.ts'
import { registerGameMenuRoutes } from './routes/games/menus.ts'
import { registerGameListRoutes } from './routes/games/list.ts'
import { registerAnnouncementRoutes } from './routes/games/announcements.ts'
import { registerFavouriteRoutes } from './routes/games/favourites.ts'
import { registerRecentGameRoutes } from './routes/games/recent.ts'
import { registerWinnerRoutes } from './routes/games/winners.ts'
import { registerLaunchRoutes } from './routes/games/launch.ts'
import { registerRoomRoutes } from './routes/games/rooms.ts'
import { registerBetHistoryRoutes } from './routes/games/bets.ts'
import { registerCdnRoutes } from './games/routes.ts'
import { registerLotteryScreenRoutes } from './lottery/routes.ts'
import { registerLotteryMenuRoutes } from './routes/lottery/menus.ts'
import { registerLotteryResultRoutes } from './routes/lottery/results.ts'
import { registerLotteryLaunchRoutes } from './routes/lottery/launch.ts'
import { registerMissionRoutes } from './routes/lottery/missions.ts'
import { registerMoneyProfileRoutes } from './routes/money/profile.ts'
import { registerPayoutAccountRoutes } from './routes/money/payout-accounts.ts'
import { registerUplineTransferRoutes } from './routes/money/upline.ts'
import { registerDepositRoutes } from './routes/money/deposits.ts'
import { registerWithdrawalRoutes } from './routes/money/withdrawals.ts'
import { registerRecordRoutes } from './routes/money/records.ts'
import { registerGatewayRoutes } from './money/gateway.ts'
import { registerMoneyAdminRoutes } from './money/admin.ts'
import { reset } from './seed/index.ts'
import { createHasher, type ScryptCost } from './auth/password.ts'
import { embedOrigins, registerEmbedCors } from './cors.ts'
import { registerEmbedRoutes } from './routes/embed.ts'
import { registerAgentRoutes } from './routes/agent.ts'
import { registerAgentAdminRoutes } from './agent/admin.ts'

/**
 * Builds the dependencies of the routes for a database.
 * @param opts `scryptCost` of new password hashes: the production cost (N=2^17, r=8, p=1) unless given;
 *   only tests pass a cheaper one (sandbox/testing.ts); `trustedProxies` whose X-Forwarded-For is believed (none unless given).
 */
export function createDeps(db: Db, opts: { production?: boolean; now?: () => number; scryptCost?: ScryptCost; trustedProxies?: BlockList } = {}): Deps {
  return {
    trustedProxies: opts.trustedProxies ?? new BlockList(),
    hasher: createHasher({ cost: opts.scryptCost }),
    db,
    now: opts.now ?? Date.now,
    production: opts.production ?? false,
    inbox: createInbox({ now: opts.now }),
    flags: () => loadFlags(db),
  }
}

/**
 * Creates the API app: system, wallet, session, member, game and lottery routes, plus
 * `/sandbox/inbox` and `/sandbox/admin/*` when not in production.
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
  })
  registerStatusRoutes(app, deps)
  registerSettingRoutes(app, deps)
  registerFeedbackRoutes(app, deps)
  registerWalletRoutes(app, deps)
  // The dev identity provider (outside production) for the third-party sign-ins.
  registerIdpRoutes(app, deps)
  registerChallengeRoutes(app, deps)
  registerLoginRoutes(app, deps)
  registerFreeplayRoutes(app, deps)
  registerSmsRoutes(app, deps)
  registerMemberInfoRoutes(app, deps)
  registerBadgeRoutes(app, deps)
  registerRegistrationRoutes(app, deps)
  registerPasswordRoutes(app, deps)
  registerConsolidatedRoutes(app, deps)
  registerRaffleRoutes(app, deps)
  registerGameMenuRoutes(app, deps)
  registerGameListRoutes(app, deps)
  registerAnnouncementRoutes(app, deps)
  registerFavouriteRoutes(app, deps)
  registerRecentGameRoutes(app, deps)
  registerWinnerRoutes(app, deps)
  registerLaunchRoutes(app, deps)
  registerRoomRoutes(app, deps)
  registerBetHistoryRoutes(app, deps)
  // The sandbox "CDN": game play pages, their round API and the catalogue's images.
  registerCdnRoutes(app, deps)
  registerLotteryScreenRoutes(app, deps)
  registerLotteryMenuRoutes(app, deps)
  registerLotteryResultRoutes(app, deps)
  registerLotteryLaunchRoutes(app, deps)
  registerMissionRoutes(app, deps)
  registerEmbedRoutes(app, deps)
  registerMoneyProfileRoutes(app, deps)
  registerPayoutAccountRoutes(app, deps)
  registerUplineTransferRoutes(app, deps)
  registerDepositRoutes(app, deps)
  registerWithdrawalRoutes(app, deps)
  registerRecordRoutes(app, deps)
  registerGatewayRoutes(app, deps)
  registerAgentRoutes(app, deps)
  if (!deps.production) {
    registerAdminRoutes(app, deps, () => reset(deps.db, { cost: deps.hasher.cost }))
    registerMoneyAdminRoutes(app, deps)
    registerAgentAdminRoutes(app, deps)
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
    console.error('[sandbox] unhandled error:', err)
    return failResponse(c, new Fail('server_error'))
  })
  return app
}
