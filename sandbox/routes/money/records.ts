import type { Hono } from 'hono'
import { realMemberOf, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { accountRecord, accountRecordCsv, bettingRecord, profitReport, roundDetail } from '../../money/records.ts'

/**
 * The member centre's records: the account's money movements (also as CSV), bets, profit and loss,
 * and one round's detail.
 * @module
 */

/**
 * Mounts the record endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerRecordRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'accountRecord', async (input, ctx) => accountRecord(ctx.db, realMemberOf(ctx).id, input, ctx.now()))
  handle(app, deps, 'accountRecordCsv', async (input, ctx) => accountRecordCsv(ctx.db, realMemberOf(ctx).id, input, ctx.now()))
  handle(app, deps, 'bettingRecord', async (input, ctx) => bettingRecord(ctx.db, realMemberOf(ctx).id, input, ctx.language, ctx.now()))
  handle(app, deps, 'profitReport', async (input, ctx) => profitReport(ctx.db, realMemberOf(ctx).id, input, ctx.now()))
  handle(app, deps, 'roundDetail', async (input, ctx) => roundDetail(ctx.db, realMemberOf(ctx).id, input.roundId, ctx.language))
}
