import * as agt from '../agent.ts'
import { e, type Route } from '../route.ts'

/**
 * The agent centre's calls: team reports, downlines, contracts and payouts.
 * A room's table loads with the code that calls it, so a page carries only the reply schemas it can receive.
 */
export const agentRoutes = {
  // ── agent centre (SPEC §2 agent center, §3, §4, §6, §9). SPEC names none of these paths (salary
  // calls go "via MCS2 and MCSFE relays, paths not shown"): they follow the platform's /wps/agent style
  // of /wps/agent/affiliate. Each answers only about the caller's own subtree. ──────────────────────
  /** Team figures of a period with a point per day. Path not in SPEC. */
  agentTeamOverview: e({ method: 'GET', path: '/wps/agent/team/overview', token: true, response: agt.TeamOverviewSchema }),
  /** The team overview's days of the period as CSV. Path not in SPEC. */
  agentTeamCsv: e({ method: 'GET', path: '/wps/agent/team/overview/csv', token: true, response: agt.ReportCsvSchema }),
  /** Profit and loss per direct downline (its whole team) for a period. Path not in SPEC. */
  agentProfitLoss: e({ method: 'GET', path: '/wps/agent/team/profitLoss', token: true, response: agt.ProfitLossSchema }),
  /** Downlines of a member of the subtree, or a search of it, with breadcrumbs. Path not in SPEC. */
  agentDownlines: e({ method: 'GET', path: '/wps/agent/downlines', token: true, response: agt.DownlinesSchema }),
  /** Contracts the agent offered and received, with their events. Path not in SPEC. */
  agentContracts: e({ method: 'GET', path: '/wps/agent/contracts', token: true, response: agt.ContractsSchema }),
  /** Offers a contract to a direct downline agent (lower-rate rule: confirm first). Path not in SPEC. */
  agentOfferContract: e({ method: 'POST', path: '/wps/agent/contracts/offer', token: true, response: agt.OfferContractValue }),
  /** Accepts, rejects or terminates a contract. Path not in SPEC. */
  agentContractAction: e({ method: 'POST', path: '/wps/agent/contracts/action', token: true, response: agt.ContractSchema }),
  /** What terms would have paid a downline over the last complete period. Path not in SPEC. */
  agentSimulate: e({ method: 'GET', path: '/wps/agent/contracts/simulate', token: true, response: agt.SimulationSchema }),
  /** Dividend and salary payouts the agent received (my income). Path not in SPEC. */
  agentPayouts: e({ method: 'GET', path: '/wps/agent/payouts', token: true, response: agt.PayoutsSchema }),
  // ── agent centre: downlines, invitations, transfers, team records (paths not in SPEC, in the /wps/agent style) ──
  /** Creates a member or agent directly below the caller (registerCenter); sealed like registration. Path not in SPEC. */
  agentCreateDownline: e({ method: 'POST', path: '/wps/agent/downlines/create', token: true, encrypt: true, response: agt.CreatedDownlineSchema }),
  /** The agent's invitation codes with their registration links and QR codes. Path not in SPEC. */
  agentInvitations: e({ method: 'GET', path: '/wps/agent/invitations', token: true, response: agt.InvitationsSchema }),
  /** Creates an invitation code; answers the list. Path not in SPEC. */
  agentCreateInvitation: e({ method: 'POST', path: '/wps/agent/invitations/create', token: true, response: agt.InvitationsSchema }),
  /** Disables an invitation code (registration with it is refused from then on); answers the list. Path not in SPEC. */
  agentDisableInvitation: e({ method: 'POST', path: '/wps/agent/invitations/disable', token: true, response: agt.InvitationsSchema }),
  /** Transfers to a direct downline with the payment password (sealed), through the ledger. Path not in SPEC. */
  agentTransfer: e({ method: 'POST', path: '/wps/agent/downlines/transfer', token: true, money: true, encrypt: true, response: agt.DownlineTransferValue }),
  /** Rounds of the subtree for a period, by member and game type, with totals (team betting). Path not in SPEC. */
  agentTeamBets: e({ method: 'GET', path: '/wps/agent/team/bets', token: true, response: agt.TeamBetsSchema }),
  /** Team betting's filtered range as CSV. Path not in SPEC. */
  agentTeamBetsCsv: e({ method: 'GET', path: '/wps/agent/team/bets/csv', token: true, response: agt.ReportCsvSchema }),
  /** Deposits, withdrawals and transfers of the subtree for a period, by member and kind, with totals. Path not in SPEC. */
  agentTransactions: e({ method: 'GET', path: '/wps/agent/team/transactions', token: true, response: agt.TeamTransactionsSchema }),
  /** Downline transactions' filtered range as CSV. Path not in SPEC. */
  agentTransactionsCsv: e({ method: 'GET', path: '/wps/agent/team/transactions/csv', token: true, response: agt.ReportCsvSchema }),
  /** The profit and loss statement of a period as CSV. Path not in SPEC. */
  agentProfitLossCsv: e({ method: 'GET', path: '/wps/agent/team/profitLoss/csv', token: true, response: agt.ReportCsvSchema }),
  /** My income (or one kind's record) as CSV. Path not in SPEC. */
  agentPayoutsCsv: e({ method: 'GET', path: '/wps/agent/payouts/csv', token: true, response: agt.ReportCsvSchema }),
  /** Announcements to agents (SPEC §2 agentAnnouncement). Path not in SPEC. */
  agentAnnouncements: e({ method: 'GET', path: '/wps/agent/announcements', token: true, response: agt.AgentAnnouncementsSchema }),
  /** What the agent's embedded elements brought, per invitation code, partner sub-id and day. Path not in SPEC. */
  agentEmbedFunnel: e({ method: 'GET', path: '/wps/agent/embed/funnel', token: true, response: agt.EmbedFunnelSchema }),
  /** The embed funnel of a period as CSV. Path not in SPEC. */
  agentEmbedFunnelCsv: e({ method: 'GET', path: '/wps/agent/embed/funnel/csv', token: true, response: agt.ReportCsvSchema }),
  // ── agent centre: this period's pay, records, invitation links (paths not in SPEC, in the /wps/agent style) ──
  /** Each contract's period so far beside its last complete period, by the pay run's code, and what given contracts cost. Path not in SPEC. */
  agentPeriodPay: e({ method: 'GET', path: '/wps/agent/contracts/period', token: true, response: agt.ContractPaysSchema }),
  /** Names one of the agent's created invitation codes; answers the list. Path not in SPEC. */
  agentLabelInvitation: e({ method: 'POST', path: '/wps/agent/invitations/label', token: true, response: agt.InvitationsSchema }),
  /** Enables a disabled invitation code again; answers the list. Path not in SPEC. */
  agentEnableInvitation: e({ method: 'POST', path: '/wps/agent/invitations/enable', token: true, response: agt.InvitationsSchema }),
  /** What each invitation code brought per day: visits, embed impressions and clicks, registrations, first deposits and their amount, who joined. Path not in SPEC. */
  agentInvitationFunnel: e({ method: 'GET', path: '/wps/agent/invitations/funnel', token: true, response: agt.InvitationFunnelSchema }),
  /** The invitation funnel of a period as CSV. Path not in SPEC. */
  agentInvitationFunnelCsv: e({ method: 'GET', path: '/wps/agent/invitations/funnel/csv', token: true, response: agt.ReportCsvSchema }),
} as const satisfies Record<string, Route>
