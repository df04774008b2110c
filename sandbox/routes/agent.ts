/**
 * Agent centre routes (SPEC §2, §3, §4, §6, §9): team overview, downlines, contracts, the simulator
 * and payouts. Every route starts from `agentOf` (members and trial accounts are refused) and every
 * member or contract it names is checked against the caller's subtree or sides first.
 * @module
 */
import type { Hono } from 'hono'
import type { Deps } from '../http/context.ts'
import { handle } from '../http/handle.ts'
import { agentOf, assertInSubtree } from '../agent/tree.ts'
import { profitLoss, teamOverview, teamOverviewCsv } from '../agent/reports.ts'
import { downlines } from '../agent/downlines.ts'
import { actOnContract, checkTerms, listContracts, offerContract } from '../agent/contracts.ts'
import { payoutsOf, simulate } from '../agent/payruns.ts'
import { createDownline, createInvitation, disableInvitation, enableInvitation, labelInvitation, listInvitations } from '../agent/registration.ts'
import { invitationFunnel, invitationFunnelCsv } from '../agent/invitation-funnel.ts'
import { transferToDownline } from '../agent/transfer.ts'
import { CSV_MAX_ROWS, agentAnnouncements, teamBets, teamBetsCsv, teamTransactions, teamTransactionsCsv } from '../agent/activity.ts'
import { csvFile, decimal } from '../agent/csv.ts'
import { periodPay } from '../agent/period-pay.ts'

/** Registers the agent centre routes. */
export function registerAgentRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'agentTeamOverview', async (input, ctx) => teamOverview(ctx.db, agentOf(ctx.member).id, input, ctx.now()))
  handle(app, deps, 'agentTeamCsv', async (input, ctx) => teamOverviewCsv(ctx.db, agentOf(ctx.member).id, input, ctx.now()))
  handle(app, deps, 'agentProfitLoss', async (input, ctx) => profitLoss(ctx.db, agentOf(ctx.member).id, input, ctx.now()))
  handle(app, deps, 'agentDownlines', async (input, ctx) => downlines(ctx.db, agentOf(ctx.member).id, input))
  handle(app, deps, 'agentContracts', async (_input, ctx) => listContracts(ctx.db, agentOf(ctx.member).id))
  handle(app, deps, 'agentOfferContract', async (input, ctx) => offerContract(ctx.db, agentOf(ctx.member).id, input, ctx.now()))
  handle(app, deps, 'agentContractAction', async (input, ctx) => actOnContract(ctx.db, agentOf(ctx.member).id, input.contractId, input.action, ctx.now()))
  handle(app, deps, 'agentSimulate', async (input, ctx) => {
    const agent = agentOf(ctx.member)
    checkTerms(input)
    await assertInSubtree(ctx.db, agent.id, input.downlineId)
    return simulate(ctx.db, agent.id, input.downlineId, input, ctx.now())
  })
  handle(app, deps, 'agentPayouts', async (input, ctx) => payoutsOf(ctx.db, agentOf(ctx.member).id, input, ctx.now()))
  handle(app, deps, 'agentCreateDownline', async (input, ctx) => createDownline(ctx, agentOf(ctx.member), input))
  handle(app, deps, 'agentInvitations', async (input, ctx) => listInvitations(ctx.db, agentOf(ctx.member).id, input.origin))
  handle(app, deps, 'agentCreateInvitation', async (input, ctx) => createInvitation(ctx.db, agentOf(ctx.member).id, input.origin, ctx.now()))
  handle(app, deps, 'agentTransfer', async (input, ctx) => transferToDownline(ctx.db, agentOf(ctx.member).id, input, ctx.now(), ctx))
  handle(app, deps, 'agentTeamBets', async (input, ctx) => teamBets(ctx.db, agentOf(ctx.member).id, input, ctx.now(), ctx.language))
  handle(app, deps, 'agentTeamBetsCsv', async (input, ctx) => teamBetsCsv(ctx.db, agentOf(ctx.member).id, input, ctx.now(), ctx.language))
  handle(app, deps, 'agentTransactions', async (input, ctx) => teamTransactions(ctx.db, agentOf(ctx.member).id, input, ctx.now()))
  handle(app, deps, 'agentTransactionsCsv', async (input, ctx) => teamTransactionsCsv(ctx.db, agentOf(ctx.member).id, input, ctx.now()))
  handle(app, deps, 'agentProfitLossCsv', async (input, ctx) => {
    const s = await profitLoss(ctx.db, agentOf(ctx.member).id, input, ctx.now())
    return csvFile(
      `profit-loss-${s.from}-${s.to}.csv`,
      ['downline', 'agent', 'members', 'active', 'bets', 'valid_bets', 'profit_loss'],
      [
        ...s.rows.map((r) => [r.username, r.isAgent ? 'yes' : 'no', r.members, r.active, decimal(r.bets), decimal(r.validBets), decimal(r.profitLoss)]),
        ['total', '', '', s.totals.active, decimal(s.totals.bets), decimal(s.totals.validBets), decimal(s.totals.profitLoss)],
      ],
    )
  })
  handle(app, deps, 'agentPayoutsCsv', async (input, ctx) => {
    const p = await payoutsOf(ctx.db, agentOf(ctx.member).id, { ...input, page: 1, pageSize: CSV_MAX_ROWS }, ctx.now())
    const opt = (n: number | undefined) => (n === undefined ? '' : decimal(n))
    return csvFile(
      `${input.kind ?? 'income'}-records.csv`,
      ['period_start', 'period_end', 'kind', 'upline', 'active', 'valid_bets', 'won_stakes', 'lost_stakes', 'profit_loss', 'amount', 'paid_at'],
      p.list.map((r) => [
        r.periodStart,
        r.periodEnd,
        r.kind,
        r.upline ?? '',
        r.basis.active,
        decimal(r.basis.validBets),
        opt(r.basis.wonStake),
        opt(r.basis.lostStake),
        decimal(r.basis.profitLoss),
        decimal(r.amount),
        r.paidAt,
      ]),
    )
  })
  handle(app, deps, 'agentAnnouncements', async (_input, ctx) => {
    agentOf(ctx.member)
    return agentAnnouncements(ctx.db, ctx.now(), ctx.language)
  })
  handle(app, deps, 'agentLabelInvitation', async (input, ctx) => labelInvitation(ctx.db, agentOf(ctx.member).id, input.code, input.label, input.origin))
  handle(app, deps, 'agentEnableInvitation', async (input, ctx) => enableInvitation(ctx.db, agentOf(ctx.member).id, input.code, input.origin))
  handle(app, deps, 'agentInvitationFunnel', async (input, ctx) => invitationFunnel(ctx.db, agentOf(ctx.member).id, input, ctx.now()))
  handle(app, deps, 'agentInvitationFunnelCsv', async (input, ctx) => invitationFunnelCsv(ctx.db, agentOf(ctx.member).id, input, ctx.now()))
  handle(app, deps, 'agentPeriodPay', async (_input, ctx) => periodPay(ctx.db, agentOf(ctx.member).id, ctx.now()))
  handle(app, deps, 'agentDisableInvitation', async (input, ctx) => disableInvitation(ctx.db, agentOf(ctx.member).id, input.code, input.origin, ctx.now()))
}
