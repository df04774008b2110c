import type { Hono } from 'hono'
import type { Deps } from '../../http/context.ts'
import { addPayoutAccount, defaultPayoutAccount, removePayoutAccount } from '../../money/profile.ts'
import { handleProfileChange } from './profile.ts'

/**
 * The bank accounts and e-wallets withdrawals are paid to: adding, removing, choosing the default.
 * Each answers with the money profile, which lists them.
 * @module
 */

/**
 * Mounts the payout account endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerPayoutAccountRoutes(app: Hono, deps: Deps): void {
  handleProfileChange(app, deps, 'addPayoutAccount', (input, ctx, id) => addPayoutAccount(ctx.db, id, input, ctx.now()))
  handleProfileChange(app, deps, 'removePayoutAccount', (input, ctx, id) => removePayoutAccount(ctx.db, id, input.id))
  handleProfileChange(app, deps, 'defaultPayoutAccount', (input, ctx, id) => defaultPayoutAccount(ctx.db, id, input.id))
}
