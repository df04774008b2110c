import type { Hono } from 'hono'
import { Fail } from '../../http/fail.ts'
import { realMemberOf, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { promotionFor } from '../../money/promotion.ts'
import { createDeposit, depositChannels, findOrder } from '../../money/deposit.ts'

/**
 * Deposits: the channels (with the promotion the member may take), creating an order (idempotent by
 * the client's key) and reading one back while the gateway page runs.
 * @module
 */

/**
 * Mounts the deposit endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerDepositRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'depositChannels', async (_input, ctx) => ({ channels: [...depositChannels], promotion: await promotionFor(ctx.db, realMemberOf(ctx).id) }))

  handle(app, deps, 'createDeposit', async (input, ctx) => {
    const member = realMemberOf(ctx)
    // Without a payment provider (production with none named) no order is opened.
    if (!ctx.payments) throw new Fail('not_enabled', 'Deposits are not available: no payment provider is configured.')
    const order = await createDeposit(ctx.db, member.id, input, ctx.now())
    const { payPath } = await ctx.payments.createOrder({ orderId: order.orderId, amount: order.amount, channel: order.channel, reference: order.reference })
    return { ...order, gatewayPath: payPath }
  })

  handle(app, deps, 'depositOrder', async (input, ctx) => {
    const order = await findOrder(ctx.db, input.orderId, ctx.now(), realMemberOf(ctx).id)
    if (!order) throw new Fail('not_found', 'No such order.')
    return order
  })
}
