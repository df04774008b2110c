import type { Hono } from 'hono'
import { memberOf, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { textLangOf } from '../../games/texts.ts'
import { leaderboard, missionsOf } from '../../rewards/missions.ts'

/**
 * Missions: the signed-in member's progress on the daily and weekly missions, and the week's
 * leaderboard, both from the rewards engine (sandbox/rewards/missions.ts), so the lottery lobby and
 * the member centre show the same figures.
 * @module
 */

/**
 * Mounts the mission endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerMissionRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'missionSummary', async (_input, ctx) => ({ missions: await missionsOf(ctx.db, memberOf(ctx).id, textLangOf(undefined, ctx.language), ctx.now()) }))
  handle(app, deps, 'missionLeaderboard', async (_input, ctx) => ({ list: (await leaderboard(ctx.db, ctx.now(), 20)).list }))
}
