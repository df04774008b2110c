import type { Hono } from 'hono'
import { realMemberOf, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { transferToUpline, uplineTransferInfo } from '../../money/upline.ts'

/**
 * Transfers to the member's upline agent: what may be sent, and sending it (idempotent by the
 * client's key).
 * @module
 */

/**
 * Mounts the upline transfer endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerUplineTransferRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'uplineTransferInfo', async (_input, ctx) => uplineTransferInfo(ctx.db, realMemberOf(ctx)))
  handle(app, deps, 'transferUpline', async (input, ctx) => transferToUpline(ctx.db, realMemberOf(ctx), input, ctx.now(), ctx))
}
