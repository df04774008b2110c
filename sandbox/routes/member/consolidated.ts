import type { Hono } from 'hono'
import { consolidatedOff } from '../../../sdk/contract/all.ts'
import { memberOf, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { getSetting } from '../../settings.ts'

/**
 * The consolidated config: which salary and dividend kinds the agent centre shows, from `settings`.
 * @module
 */

/**
 * Mounts the consolidated config endpoint; a key missing from settings is off.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerConsolidatedRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'consolidated', async (_input, ctx) => {
    memberOf(ctx)
    const v = await getSetting<unknown>(ctx.db, 'consolidated', {})
    const out = { ...consolidatedOff }
    if (v && typeof v === 'object') {
      for (const k of Object.keys(out) as (keyof typeof out)[]) {
        const n = (v as Record<string, unknown>)[k]
        if (Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 9) out[k] = n as number
      }
    }
    return out
  })
}
