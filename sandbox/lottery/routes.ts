import type { Context, Hono } from 'hono'
import { LotteryBetRequest, commitmentOf } from '../../sdk/contract/all.ts'
import { Fail } from '../http/fail.ts'
import type { Deps } from '../http/context.ts'
import { balanceOf, memberAccount } from '../ledger.ts'
import { currentDraw, remainTime } from '../games/draws.ts'
import { closedReason, resolveLaunch } from '../games/launch.ts'
import { betsOf, placeBet } from './bets.ts'
import { drawSecret, seedOf } from './fair.ts'
import { findLotteryGame, type LotteryGame } from './games.ts'
import type { LotteryScreenState } from './page.ts'
import { settleDue } from './settle.ts'
import { envelope, playBody } from '../games/play-api.ts'

/**
 * The betting screen's API on the sandbox CDN, authorised by the launch token in the path like the
 * demo games' rounds: `POST …/play/:token/bet` sells a bet on the open draw, `GET …/play/:token/state`
 * answers the open draw, the balance and the member's bets (settling due draws first).
 * @module
 */

const CDN = '/sandbox/:cdn{cdn[12]}'

/** What the betting screen shows of a member and a game at `now`, once due draws are settled. */
export async function screenState(deps: Deps, memberId: string, game: LotteryGame, now: number): Promise<LotteryScreenState> {
  await settleDue(deps.db, now)
  const draw = currentDraw(game.schedule, now)
  const secret = await drawSecret(deps.db)
  return {
    draw: { numero: draw.numero, remainTime: remainTime(game.schedule, now), commitment: await commitmentOf(seedOf(secret, game.schedule.gameCode, draw.numero)) },
    balance: await balanceOf(deps.db, memberAccount(memberId)),
    bets: await betsOf(deps.db, memberId, game.schedule.gameCode),
  }
}

async function bound(deps: Deps, c: Context): Promise<{ memberId: string; game: LotteryGame } | Response> {
  // No bet is sold while the platform is closed (maintenance, region block), like a game's rounds.
  const closed = await closedReason(deps.db)
  if (closed) return envelope(c, closed.code, closed.message, null)
  const binding = await resolveLaunch(deps.db, c.req.param('token') ?? '', deps.now())
  if (binding === 'expired') return envelope(c, 'session_expired', 'This game session has expired: launch the game again', null)
  if (typeof binding === 'string') return envelope(c, 'not_found', 'Unknown game session', null)
  const game = await findLotteryGame(deps.db, { nodeId: binding.nodeId })
  if (!game) return envelope(c, 'not_found', 'This game session is not a lottery', null)
  return { memberId: binding.memberId, game }
}

/**
 * Mounts the betting screen's API.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerLotteryScreenRoutes(app: Hono, deps: Deps): void {
  app.get(`${CDN}/play/:token/state`, async (c) => {
    const b = await bound(deps, c)
    if (b instanceof Response) return b
    return envelope(c, 'ok', '', await screenState(deps, b.memberId, b.game, deps.now()))
  })

  app.post(`${CDN}/play/:token/bet`, async (c) => {
    try {
      const b = await bound(deps, c)
      if (b instanceof Response) return b
      const parsed = await playBody(c, LotteryBetRequest, 'Send numero, playType, pick, amount (minor units), multiplier and idempotencyKey')
      if (parsed instanceof Response) return parsed
      const placed = await placeBet(deps.db, b.memberId, b.game, parsed.value, deps.now())
      return envelope(c, 'ok', '', placed)
    } catch (e) {
      if (e instanceof Fail) return envelope(c, e.code, e.message, null, e.fields)
      throw e
    }
  })
}
