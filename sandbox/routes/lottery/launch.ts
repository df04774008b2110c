import type { Hono } from 'hono'
import { realMemberOf, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { launchUrl } from '../../games/launch.ts'
import { lotteryByCode } from './games.ts'

/**
 * The lottery launcher: the address of a lottery game's betting screen for the signed-in member
 * with a real account.
 * @module
 */

/**
 * Mounts the lottery launch endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerLotteryLaunchRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'lotteryLaunch', async (input, ctx) => {
    // The lottery is real money: a trial account (type 4) is refused (SPEC §5 in_need_true_account).
    const member = realMemberOf(ctx)
    const l = await lotteryByCode(ctx, input.gameCode)
    return { content: await launchUrl(ctx, member.id, l.rec, input.language, input.view) }
  })
}
