import type { Hono } from 'hono'
import type { ParsedRequestOf } from '../../sdk/contract/all.ts'
import { endSession } from '../auth/sessions.ts'
import { memberOf, realMemberOf, type Ctx, type Deps } from '../http/context.ts'
import { handle } from '../http/handle.ts'
import { history, historyCsv } from '../protect/history.ts'
import { brandZone, monthOf } from '../protect/periods.ts'
import { answerPrompt, audit, confirmLimit, readState, sessionClock, setLimit, setReality, setSessionLimit, takeBreak } from '../protect/state.ts'

/**
 * The responsible gaming page's endpoints. The rules themselves live in sandbox/protect/;
 * these only name the member and hand over the caller's address for the audit.
 * @module
 */

const me = (ctx: Ctx) => realMemberOf(ctx).id

/** The calls that change the member's protections and answer the page's state. */
type StateChange = 'protectSetLimit' | 'protectSetSessionLimit' | 'protectConfirmLimit' | 'protectReality' | 'protectPrompt'

/**
 * Mounts the protection endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerProtectRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'protectState', async (_input, ctx) => readState(ctx.db, me(ctx), ctx.now()))
  /** A change of the member's protections, answered with the page's state after it. */
  const change = <K extends StateChange>(key: K, apply: (input: ParsedRequestOf<K>, ctx: Ctx, memberId: string) => Promise<unknown>) =>
    handle(app, deps, key, async (input, ctx) => {
      await apply(input, ctx, me(ctx))
      return readState(ctx.db, me(ctx), ctx.now())
    })
  change('protectSetLimit', (input, ctx, id) => setLimit(ctx.db, id, input.kind, input.period, input.amount, ctx.ip, ctx.now()))
  change('protectSetSessionLimit', (input, ctx, id) => setSessionLimit(ctx.db, id, input.minutes, ctx.ip, ctx.now()))
  change('protectConfirmLimit', (input, ctx, id) => confirmLimit(ctx.db, id, input.kind, input.period, input.apply, ctx.ip, ctx.now()))
  change('protectReality', (input, ctx, id) => setReality(ctx.db, id, input.minutes, ctx.ip, ctx.now()))
  handle(app, deps, 'protectRealityAnswer', async (input, ctx) => {
    const member = memberOf(ctx)
    const now = ctx.now()
    const clock = await sessionClock(ctx.db, member.id, ctx.session!.hash, now)
    const minutes = Math.round((now - clock.loginAt) / 60_000)
    await audit(ctx.db, member.id, 'reality_check', `${input.answer} after ${minutes} min, net ${clock.net}`, ctx.ip, now, { answer: input.answer, minutes, net: clock.net })
    if (input.answer === 'logout' && ctx.token) await endSession(ctx.db, ctx.token, now)
    // The next check counts from this answer.
    return input.answer === 'logout' ? clock : sessionClock(ctx.db, member.id, ctx.session!.hash, now)
  })
  change('protectPrompt', (input, ctx, id) => answerPrompt(ctx.db, id, input.answer, ctx.ip, ctx.now()))
  handle(app, deps, 'protectBreak', async (input, ctx) => {
    await takeBreak(ctx.db, me(ctx), input.kind, input.duration, ctx.ip, ctx.now())
    return {}
  })
  handle(app, deps, 'protectClock', async (_input, ctx) => sessionClock(ctx.db, memberOf(ctx).id, ctx.session!.hash, ctx.now()))
  handle(app, deps, 'protectHistory', async (input, ctx) => ({ months: await history(ctx.db, me(ctx), input.months, ctx.now()) }))
  handle(app, deps, 'protectHistoryCsv', async (input, ctx) => {
    const rows = await history(ctx.db, me(ctx), input.months, ctx.now())
    return { filename: `account-history-${monthOf(ctx.now(), await brandZone(ctx.db))}.csv`, csv: historyCsv(rows) }
  })
}
