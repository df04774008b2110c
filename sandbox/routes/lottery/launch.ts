import type { Hono } from 'hono'
import { memberOf, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { launchUrl } from '../../games/launch.ts'
import { lotteryByCode } from './games.ts'

/**
 * The lottery launcher: the address of a lottery game's betting screen for the signed-in member.
 * @module
 */

/**
 * Mounts the lottery launch endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerLotteryLaunchRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'lotteryLaunch', async (input, ctx) => {
    const member = memberOf(ctx)
    const l = await lotteryByCode(ctx, input.gameCode)
    return { content: await launchUrl(ctx, member.id, l.rec, input.language, input.view) }
  })
}
