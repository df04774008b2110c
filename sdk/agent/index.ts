/**
 * The agent centre (SPEC §2 agent center, §3, §4, §6, §9) as stores and actions: team overview,
 * downline management, contracts with the simulator, and the dividend and salary payouts received.
 * @module
 */
export {
  $teamPeriod,
  $teamOverview,
  loadTeamOverview,
  setTeamPeriod,
  exportTeamOverview,
  $downlineQuery,
  $downlines,
  loadDownlines,
  openDownline,
  searchDownlines,
  downlinePage,
  $profitLossPeriod,
  $profitLoss,
  $profitLossParent,
  openProfitLoss,
  loadProfitLoss,
  setProfitLossPeriod,
  type TeamPeriod,
  type DownlineQuery,
} from './team.ts'
export {
  $contracts,
  $termsByDownline,
  type DownlineTerms,
  loadContracts,
  offerContract,
  actOnContract,
  simulateContract,
  $payoutKind,
  $payoutFilter,
  $payoutContracts,
  filterPayouts,
  type PayoutFilter,
  $payouts,
  loadPayouts,
  showPayouts,
  type OfferInput,
} from './contracts.ts'
export { percentOf, basisPointsOf } from './rate.ts'
export { createOfferForm, refusalField, termsOf, type OfferDraft } from './offer-form.ts'
export {
  $invitations,
  loadInvitations,
  createInvitation,
  disableInvitation,
  enableInvitation,
  createInvitationLabelForm,
  createDownline,
  createDownlineForm,
} from './register.ts'
export { transferToDownline, downlineTransferLimits, createDownlineTransferForm } from './transfer.ts'
export {
  teamBets,
  teamTransactions,
  $agentAnnouncements,
  loadAgentAnnouncements,
  exportProfitLoss,
  showMemberRows,
  exportPayouts,
  type RowFilter,
  type RowReport,
  type TeamBetsFilter,
  type TransactionsFilter,
} from './activity.ts'
export {
  $embedFunnel,
  $funnelPeriod,
  exportEmbedFunnel,
  loadEmbedFunnel,
  setFunnelPeriod,
  $invitationFunnel,
  loadInvitationFunnel,
  exportInvitationFunnel,
} from './funnel.ts'
export { $periodPay, $periodPayBySide, loadPeriodPay } from './period.ts'
