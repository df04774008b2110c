import type { Hono } from 'hono'
import { realMemberOf, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { Fail } from '../../http/fail.ts'
import { confirmWithdrawal, imageTypeOf, requestWithdrawal, storeProof, withdrawInfo } from '../../money/withdraw.ts'

/**
 * Withdrawals: what may be withdrawn, requesting one (idempotent by the client's key), confirming
 * the money arrived, and the member's proof image when it did not.
 * @module
 */

/**
 * Mounts the withdrawal endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerWithdrawalRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'withdrawInfo', async (_input, ctx) => withdrawInfo(ctx.db, realMemberOf(ctx).id, ctx.now()))
  handle(app, deps, 'requestWithdrawal', async (input, ctx) => requestWithdrawal(ctx.db, realMemberOf(ctx).id, input, ctx.now(), ctx))
  handle(app, deps, 'confirmWithdrawal', async (input, ctx) => confirmWithdrawal(ctx.db, realMemberOf(ctx).id, input, ctx.now()))

  handle(app, deps, 'withdrawalProof', async (input, ctx) => {
    const member = realMemberOf(ctx)
    const bytes = input.proof as Uint8Array
    const type = imageTypeOf(bytes)
    if (!type) throw new Fail('validation_failed', 'The proof must be a png or jpg image.', { fields: { proof: 'money_err_proof_type' } })
    return storeProof(ctx.db, member.id, input.id, bytes, type, ctx.now())
  })
}
