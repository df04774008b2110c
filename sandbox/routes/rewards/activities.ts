import type { Hono } from 'hono'
import { activityLimits, endpoints } from '../../../sdk/contract/all.ts'
import type { Db } from '../../db/index.ts'
import { contextOf, realMemberOf, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { Fail, failResponse } from '../../http/fail.ts'
import { readBytes } from '../../http/body.ts'
import { memberAccount, openAccount, openHouseAccounts } from '../../ledger.ts'
import { imageTypeOf } from '../../money/withdraw.ts'
import { activitiesOf, applyActivity, claimRaffle, joinActivity, removeImage, storeImage } from '../../rewards/activities.ts'

/**
 * Promotion activities: states, join or sign in, the application with its images, and the raffle
 * claim through the engine.
 * @module
 */

const tooLarge = () => new Fail('validation_failed', 'The image is larger than 5 MB.', { fields: { images: 'rewards_err_image_size' } })

/**
 * The raffle claim of a promotion with a raffle activity, paid once through the engine.
 * @returns false when the promotion has none (the plain claim applies)
 */
export async function raffleClaimed(db: Db, memberId: string, promotionId: string, now: number): Promise<boolean> {
  await openAccount(db, memberAccount(memberId))
  await openHouseAccounts(db)
  return db.tx((q) => claimRaffle(q, memberId, promotionId, now))
}

/**
 * Mounts the activity endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerActivityRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'activities', async (_input, ctx) => ({ list: await activitiesOf(ctx.db, ctx.member?.id ?? null, ctx.now()) }))
  handle(app, deps, 'joinActivity', async (input, ctx) => {
    const m = realMemberOf(ctx)
    await openAccount(ctx.db, memberAccount(m.id))
    await openHouseAccounts(ctx.db)
    return joinActivity(ctx.db, m.id, input.promotionId, ctx.now())
  })
  handle(app, deps, 'applyActivity', async (input, ctx) => applyActivity(ctx.db, realMemberOf(ctx).id, input.promotionId, input.comment, ctx.now()))
  handle(app, deps, 'removeActivityImage', async (input, ctx) => {
    const m = realMemberOf(ctx)
    await removeImage(ctx.db, m.id, input.imageId)
    return { id: input.imageId, count: 0 }
  })

  // The image is raw bytes of up to 5 MB: above the JSON body limit of `handle`, so read here, with
  // the session resolved as for every call.
  app.post(endpoints.activityImage.path, async (c) => {
    try {
      const member = realMemberOf(await contextOf(c, deps, true, 'activityImage'))
      const promotionId = (c.req.query('promotionId') ?? '').slice(0, 64)
      if (!promotionId) throw new Fail('validation_failed', 'Which promotion? (?promotionId=)', { fields: { promotionId: 'err_field_required' } })
      if (Number(c.req.header('content-length') ?? '0') > activityLimits.maxBytes) throw tooLarge()
      const bytes = await readBytes(c.req.raw, activityLimits.maxBytes)
      if (!bytes) throw tooLarge()
      const type = imageTypeOf(bytes)
      if (!type) throw new Fail('validation_failed', 'The image must be a png or jpg.', { fields: { images: 'rewards_err_image_type' } })
      const value = await storeImage(deps.db, member.id, promotionId, bytes, type, deps.now())
      return c.json({ success: true, code: 'ok', message: '', value })
    } catch (err) {
      if (err instanceof Fail) return failResponse(c, err, err.fields?.images === 'rewards_err_image_size' ? 413 : undefined)
      console.error('[sandbox] activity image upload failed:', err)
      return failResponse(c, new Fail('server_error'))
    }
  })
}
