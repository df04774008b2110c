import type { Hono } from 'hono'
import type { GameType } from '../../../sdk/contract/all.ts'
import { realMoneyGameTypes } from '../../../sdk/contract/all.ts'
import { Fail } from '../../http/fail.ts'
import { memberOf, type Ctx, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { catalogueOf, vendorKey } from '../../games/catalogue.ts'
import { launchUrl } from '../../games/launch.ts'

/**
 * Game launches: a catalogue game or the FB sportsbook, for members allowed to play it.
 * @module
 */

/** Trial accounts (type 4) play electronic games only; real-money categories need a real account. */
function refuseTrialRealMoney(member: NonNullable<Ctx['member']>, gameType: GameType): void {
  const trial = member.type === 4 || member.isAgent === 4
  if (trial && realMoneyGameTypes.includes(gameType)) throw new Fail('trial_account', 'This game needs a real account')
}

/**
 * Mounts the launch endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerLaunchRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'launchGame', async (input, ctx) => {
    const member = memberOf(ctx)
    const c = await catalogueOf(ctx.db)
    const g = c.byId.get(input.nodeId)
    if (!g) throw new Fail('not_found', `No game ${input.nodeId}`)
    refuseTrialRealMoney(member, g.gameType)
    return { content: await launchUrl(ctx, member.id, g, input.language) }
  })

  handle(app, deps, 'launchFB', async (input, ctx) => {
    const member = memberOf(ctx)
    const c = await catalogueOf(ctx.db)
    const products = c.ordered.en.get(vendorKey('SPORTS', 'FB')) ?? []
    // The product the player picked opens, not the first sportsbook; none named: the sportsbook.
    const g = input.nodeId ? products.find((x) => x.nodeId === input.nodeId) : products.find((x) => x.gameClassify === 'SPORTSBOOK')
    if (!g) throw new Fail('not_found', input.nodeId ? `No FB product ${input.nodeId}` : 'The FB sportsbook is not available')
    refuseTrialRealMoney(member, 'SPORTS')
    return { content: await launchUrl(ctx, member.id, g, input.language) }
  })
}
