import type { Hono } from 'hono'
import type { EndpointKey, MoneyProfile, ParsedRequestOf, ResponseOf } from '../../../sdk/contract/all.ts'
import { realMemberOf, type Ctx, type Deps } from '../../http/context.ts'
import { handle, type Handler } from '../../http/handle.ts'
import { moneyProfile, setPaymentPassword, setRealName } from '../../money/profile.ts'
import { bindContact, resetPaymentPassword, sendContactCode, sendPaymentResetCode } from '../../money/contact.ts'

/**
 * The member's money profile (SPEC §5): real name, payment password and its reset, and the mobile
 * number and email bound by a code. Each change answers with the profile as it is after it.
 * @module
 */

/** The endpoints that answer with the money profile. */
type ProfileReplyKey = { [K in EndpointKey]: [ResponseOf<K>] extends [MoneyProfile] ? ([MoneyProfile] extends [ResponseOf<K>] ? K : never) : never }[EndpointKey]

/**
 * Registers `key` as a change to the calling real account's money profile, answered with the profile
 * as it is after the change.
 */
export function handleProfileChange<K extends ProfileReplyKey>(
  app: Hono,
  deps: Deps,
  key: K,
  change: (input: ParsedRequestOf<K>, ctx: Ctx, memberId: string) => Promise<unknown>,
): void {
  const fn = async (input: ParsedRequestOf<K>, ctx: Ctx): Promise<MoneyProfile> => {
    const memberId = realMemberOf(ctx).id
    await change(input, ctx, memberId)
    return moneyProfile(ctx.db, memberId, ctx.now())
  }
  // ResponseOf<K> is MoneyProfile for every K allowed here; TypeScript cannot see it through the generic.
  handle(app, deps, key, fn as Handler<K>)
}

/**
 * Mounts the money profile endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerMoneyProfileRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'moneyProfile', async (_input, ctx) => moneyProfile(ctx.db, realMemberOf(ctx).id, ctx.now()))
  handleProfileChange(app, deps, 'setRealName', (input, ctx, id) => setRealName(ctx.db, id, input.realName))
  handleProfileChange(app, deps, 'setPaymentPassword', (input, ctx, id) => setPaymentPassword(ctx.db, id, input, ctx.now(), ctx.payHasher))
  handle(app, deps, 'sendPaymentResetCode', async (_input, ctx) => sendPaymentResetCode(ctx, realMemberOf(ctx).id))
  handleProfileChange(app, deps, 'resetPaymentPassword', (input, ctx, id) => resetPaymentPassword(ctx, id, input))
  handle(app, deps, 'sendContactCode', async (input, ctx) => sendContactCode(ctx, realMemberOf(ctx).id, input))
  handleProfileChange(app, deps, 'bindContact', (input, ctx, id) => bindContact(ctx, id, input))
}
