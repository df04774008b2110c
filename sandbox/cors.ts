/**
 * CORS for the embed: partner pages read the platform's public calls cross-origin (status, menus,
 * game lists, vendor lanes, hot games, classifications, announcements, rank list, rooms, the lottery's
 * menus, popular games, opened numbers and draws). Origins
 * come from `EMBED_ORIGINS` (comma list; `*` is the development default, none in production).
 * Every other call, and every other origin, gets no CORS answer, so browsers refuse them.
 * @module
 */
import type { Hono, MiddlewareHandler } from 'hono'
import { endpoints, headerNames, type EndpointKey } from '../sdk/contract/all.ts'

/** The public read calls an embedded element makes. */
export const embedReadKeys = [
  'status',
  'whitelabel',
  'gameMenus',
  'gameList',
  'vassGameType',
  'vendorLanes',
  'hotGames',
  'announcements',
  'rankList',
  'roomList',
  'gameInfo',
  // lk-lottery: the menus, popular games, opened numbers, draw history and the mission leaderboard.
  'lotteryMenu',
  'lotteryPopular',
  'lotteryOpened',
  'lotteryOpenedVN',
  'lotteryDraws',
  'missionLeaderboard',
  // The elements' funnel beacon (impressions, game clicks): a simple GET, counted once per visitor and day.
  'embedFunnel',
] as const satisfies readonly EndpointKey[]

const allowedHeaders = [headerNames.merchant, headerNames.language, headerNames.device].join(', ')

/** How long a browser may reuse a preflight answer, in seconds (Chromium keeps it at most 2 hours). */
const preflightMaxAgeS = 7200

/** The allowed origins: `EMBED_ORIGINS` when set, else every origin in development and none in production. */
export function embedOrigins(env: Record<string, string | undefined>, production: boolean): readonly string[] {
  const raw = env.EMBED_ORIGINS ?? (production ? '' : '*')
  return raw
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean)
}

/** Middleware answering CORS for {@link embedReadKeys} from `origins`; other requests pass untouched. */
export function embedCors(origins: readonly string[]): MiddlewareHandler {
  const paths = new Set<string>(embedReadKeys.map((key) => endpoints[key].path))
  const any = origins.includes('*')
  return async (c, next) => {
    const origin = c.req.header('origin')
    const allowed = origin !== undefined && paths.has(c.req.path) && (any || origins.includes(origin))
    if (c.req.method === 'OPTIONS' && origin !== undefined && paths.has(c.req.path)) {
      if (!allowed) return c.body(null, 403, { Vary: 'Origin' })
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': 'GET',
        'Access-Control-Allow-Headers': allowedHeaders,
        // A preflight is kept per address: two hours (Chromium's ceiling) spare a player paging back and
        // forth, or coming back within the session, one round trip before each list page seen before.
        'Access-Control-Max-Age': String(preflightMaxAgeS),
        Vary: 'Origin',
      })
    }
    await next()
    if (paths.has(c.req.path)) c.res.headers.append('Vary', 'Origin')
    if (allowed && c.req.method === 'GET') c.res.headers.set('Access-Control-Allow-Origin', origin)
  }
}

/** Registers {@link embedCors} on the API app (before the routes). */
export function registerEmbedCors(app: Hono, origins: readonly string[]): void {
  if (origins.length > 0) app.use('*', embedCors(origins))
}
