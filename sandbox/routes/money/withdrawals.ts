import type { Hono } from 'hono'
import { endpoints, proofLimits } from '../../../sdk/contract/all.ts'
import { contextOf, realMemberOf, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { Fail, failResponse } from '../../http/fail.ts'
import { readBytes } from '../../http/body.ts'
import { confirmWithdrawal, imageTypeOf, requestWithdrawal, storeProof, withdrawInfo } from '../../money/withdraw.ts'

/**
 * Withdrawals: what may be withdrawn, requesting one (idempotent by the client's key), confirming
 * the money arrived, and the member's proof image when it did not.
 * @module
 */

const tooLarge = () => new Fail('validation_failed', 'The image is larger than 5 MB.', { fields: { proof: 'money_err_proof_size' } })

/**
 * Mounts the withdrawal endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerWithdrawalRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'withdrawInfo', async (_input, ctx) => withdrawInfo(ctx.db, realMemberOf(ctx).id, ctx.now()))
  handle(app, deps, 'requestWithdrawal', async (input, ctx) => requestWithdrawal(ctx.db, realMemberOf(ctx).id, input, ctx.now()))
  handle(app, deps, 'confirmWithdrawal', async (input, ctx) => confirmWithdrawal(ctx.db, realMemberOf(ctx).id, input, ctx.now()))

  // The proof is a raw image of up to 5 MB: above the JSON body limit of `handle`, so read here. The
  // session is resolved as for every call (a forced password change refuses it too).
  app.post(endpoints.withdrawalProof.path, async (c) => {
    try {
      const member = realMemberOf(await contextOf(c, deps, true, 'withdrawalProof'))
      const id = (c.req.query('id') ?? '').slice(0, 64)
      if (!id) throw new Fail('validation_failed', 'Which withdrawal? (?id=)', { fields: { id: 'err_field_required' } })
      if (Number(c.req.header('content-length') ?? '0') > proofLimits.maxBytes) throw tooLarge()
      const bytes = await readBytes(c.req.raw, proofLimits.maxBytes)
      if (!bytes) throw tooLarge()
      const type = imageTypeOf(bytes)
      if (!type) throw new Fail('validation_failed', 'The proof must be a png or jpg image.', { fields: { proof: 'money_err_proof_type' } })
      const value = await storeProof(deps.db, member.id, id, bytes, type, deps.now())
      return c.json({ success: true, code: 'ok', message: '', value })
    } catch (err) {
      if (err instanceof Fail) return failResponse(c, err, err.fields?.proof === 'money_err_proof_size' ? 413 : undefined)
      console.error('[sandbox] proof upload failed:', err)
      return failResponse(c, new Fail('server_error'))
    }
  })
}
