import type { Hono } from 'hono'
import type { ResponseOf } from '../../../sdk/contract/all.ts'
import { Fail } from '../../http/fail.ts'
import type { Ctx, Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { pastDraws } from '../../games/draws.ts'
import { drawHistory, drawSecret, winningNumberOf } from '../../lottery/fair.ts'
import { settleDue } from '../../lottery/settle.ts'
import { lotteries, lotteryByCode, type Lottery } from './games.ts'

/**
 * Lottery results: the past draws of one game or the latest of each, and a game's draw history with
 * the proofs of its fairness.
 * @module
 */

async function opened(secret: string, l: Lottery, now: number, count: number): Promise<ResponseOf<'lotteryOpened'>> {
  return Promise.all(
    pastDraws(l.schedule, now, count).map(async (d) => ({
      gameCode: l.row.game_code,
      numero: d.numero,
      winningNumber: await winningNumberOf(secret, l.schedule, d.numero),
      openTime: new Date(d.drawAt).toISOString(),
    })),
  )
}

/** Past results of one game, or the latest result of every game in `scope`. */
async function results(ctx: Ctx, input: { gameCode?: string; count: number }, scope: (l: Lottery) => boolean): Promise<ResponseOf<'lotteryOpened'>> {
  const { list } = await lotteries(ctx)
  const now = ctx.now()
  const secret = await drawSecret(ctx.db)
  if (input.gameCode) {
    const l = list.find((x) => x.row.game_code === input.gameCode && scope(x))
    if (!l) throw new Fail('not_found', `No lottery ${input.gameCode}`)
    return opened(secret, l, now, input.count)
  }
  return (await Promise.all(list.filter(scope).map((l) => opened(secret, l, now, 1))))
    .flat()
    .sort((a, b) => b.openTime.localeCompare(a.openTime))
    .slice(0, input.count)
}

/**
 * Mounts the lottery result endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerLotteryResultRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'lotteryOpenedVN', async (input, ctx) => results(ctx, input, (l) => l.row.vendor === 'TCG_LOTTO_VN'))
  handle(app, deps, 'lotteryOpened', async (input, ctx) => results(ctx, input, () => true))

  handle(app, deps, 'lotteryDraws', async (input, ctx) => {
    const l = await lotteryByCode(ctx, input.gameCode)
    const now = ctx.now()
    await settleDue(ctx.db, now)
    const draws = await drawHistory(await drawSecret(ctx.db), l.schedule, now, input.count)
    return draws.map((d) => ({ ...d, drawAt: new Date(d.drawAt).toISOString() }))
  })
}
