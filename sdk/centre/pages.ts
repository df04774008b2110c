/**
 * The pages of the member and agent centre overlays (SPEC §2), which agent pages the platform's
 * consolidated config enables, and the member centre's unread badges.
 *
 * Not re-exported from `sdk/shell/index.ts` on purpose: only the centre overlay imports this module,
 * so none of it is in the scripts a page loads before the centre first opens.
 * @module
 */
import { computed } from 'nanostores'
import type { ResponseOf } from '../contract/index.ts'
import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core/funds.ts'
import { createSessionStore } from '../stores/query.ts'
import { $centre, type CentreRequest } from './index.ts'
import { $flags, $member } from '../stores/index.ts'
import { $rewardSummary } from '../rewards/stores.ts'
import { $unreadMessages } from '../service/unread.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core/funds.ts).
const api = roomApi({ consolidated: core.consolidated, infoIcon: core.infoIcon })

/** Member centre pages, in menu order (SPEC §2). */
export const memberPages = [
  'securityCenter',
  'responsibleGaming',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
  'playerRank',
] as const
/** A page of the member centre. */
export type MemberPage = (typeof memberPages)[number]

/** Agent centre pages, in menu order (SPEC §2); some show only when a feature is on (see {@link $agentPages}). */
export const agentPages = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
] as const
/** A page of the agent centre. */
export type AgentPage = (typeof agentPages)[number]

/** The page each centre opens at (SPEC §2). */
export const defaultCentrePages = { member: 'securityCenter', agent: 'agentTeamOverview' } as const satisfies Record<CentreRequest['kind'], MemberPage | AgentPage>

/** Consolidated config: the salary and dividend switches (SPEC §3, §6). */
export type Consolidated = ResponseOf<'consolidated'>

// A feature counts as on when any of its request or info types is set (0 is off).
const agentGates: Partial<Record<AgentPage, (c: Consolidated) => boolean>> = {
  agentDividendRecordCopy2: (c) => c.divtypeinfo > 0 || c.divtypereq > 0,
  agentDailyWages2: (c) => c.dailysalinfotype > 0 || c.dailysalreqtype > 0 || c.contractmrdailysalinfotype > 0,
  agentHourSalary: (c) => c.contracthoursalinfo > 0 || c.contracthoursalreqtype > 0 || c.contracthoursalreq > 0,
  agentRealtimeSalary: (c) => c.realtimesalinfotype > 0 || c.realtimesalreqtype > 0,
}

/**
 * The agent pages to list: the dividend and salary pages only when the consolidated config turns
 * their feature on, so none shows while it is unknown (loading or failed).
 */
export const visibleAgentPages = (config: Consolidated | undefined): AgentPage[] =>
  agentPages.filter((page) => {
    const gate = agentGates[page]
    return !gate || (config !== undefined && gate(config))
  })

/** The consolidated config of the session, asked while something watches it (the client keeps it for the session). */
export const $consolidated = createSessionStore<Consolidated>('consolidated', () => api('consolidated'))

/** Pages the agent centre lists now. */
export const $agentPages = computed($consolidated, ({ data }) => visibleAgentPages(data))

/**
 * The member's public state (unread messages, available promotions), asked afresh each time it is
 * watched; counts of an earlier visit are not shown while the new ones load (kept for no time).
 */
export const $memberIcon = createSessionStore<ResponseOf<'infoIcon'>>('memberIcon', () => api('infoIcon'), { freshMs: 0, lifetimeMs: 0 })

/**
 * Unread counts per member page (SPEC §2 badges): messageV2 (unread platform messages), and from the
 * rewards engine rewardCenter (rewards to claim) and missionLeaderboard (completed missions to claim).
 */
export const $memberBadges = computed(
  [$memberIcon, $rewardSummary, $unreadMessages],
  ({ data }, { data: rewards }, unread): Partial<Record<MemberPage, number>> => ({
    // The unread count the messages page sets as it reads (sdk/service/unread.ts), the public state's before it answers.
    messageV2: unread.data ?? data?.unreadMessage ?? 0,
    rewardCenter: rewards?.claimable ?? 0,
    missionLeaderboard: rewards?.missions ?? 0,
  }),
)

/** What decides which member pages show: the public state's promotions, the flags, the member's info. */
export interface MemberPageFacts {
  referral: boolean
  manualRebate: boolean
  /** The member has an upline agent to transfer to (member info's `toUpline`). */
  toUpline: boolean
}

/**
 * The member pages to list: referral only with availablePromo.REFERRAL, manualRebate only with
 * MANPLAYREB3 (SPEC §2, §6), transferUpline only for a member with an upline (to anyone else the page
 * could only say it cannot be used).
 */
export const visibleMemberPages = (facts: MemberPageFacts): MemberPage[] =>
  memberPages.filter((page) => (page === 'referral' ? facts.referral : page === 'manualRebate' ? facts.manualRebate : page === 'transferUpline' ? facts.toUpline : true))

/** Member pages listed now (see {@link visibleMemberPages}); a page that depends on something not known yet stays hidden. */
export const $memberPages = computed([$memberIcon, $flags, $member], ({ data }, flags, member): MemberPage[] =>
  visibleMemberPages({ referral: data?.availablePromo.REFERRAL.enabled === true, manualRebate: flags.MANPLAYREB3 === true, toUpline: member.data?.toUpline === true }),
)

/**
 * The page a centre request shows: the requested one when `pages` lists it, else the default.
 * @param pages - the pages the centre lists now
 */
export const centrePageOf = (request: CentreRequest, pages: readonly string[]): string => (pages.includes(request.page) ? request.page : defaultCentrePages[request.kind])

/** Switches the open centre to `page` (it stays there until the centre closes). */
export function showCentrePage(page: string): void {
  const open = $centre.get()
  if (open && open.page !== page) $centre.set({ ...open, page })
}
