/**
 * The team overview and downline management of the agent centre (SPEC §2): a period and its
 * figures; the downlines of the member opened, or a search of the whole subtree.
 * @module
 */
import { atom, computed, onMount } from 'nanostores'
import type { ResponseOf } from '../contract/index.ts'
import { agentApi } from './api.ts'
import { createFetcherStore, everyView } from '../stores/query.ts'
import { $accountKey, filterKey, keepShown } from '../stores/centre-lists.ts'
import type { Outcome } from '../client/outcome.ts'
import { periodCsv, periodReport, type TeamPeriod } from './period-report.ts'

export type { TeamPeriod } from './period-report.ts'

/** The period the team overview shows (today first). */
export const $teamPeriod = atom<TeamPeriod>({ period: 'today' })
/** Team figures of the period, with a point per day. */
export const $teamOverview = periodReport('agentTeamOverview', $teamPeriod)

/** Asks for the team overview of the current period again (a retry). */
export const loadTeamOverview = (): void => $teamOverview.revalidate()

/** Shows another period of the team overview. */
export function setTeamPeriod(next: TeamPeriod): void {
  $teamPeriod.set(next)
}

/**
 * Downloads the team overview's days of the period shown as a CSV file.
 * @returns the number of days, or the error
 */
export const exportTeamOverview = (): Promise<Outcome<number>> => periodCsv('agentTeamCsv', $teamPeriod)

/** What downline management lists: the children of `parentId` (the agent when absent) or a search. */
export interface DownlineQuery {
  parentId?: string
  search?: string
  page: number
}

/** The downline query shown. */
export const $downlineQuery = atom<DownlineQuery>({ page: 1 })
/** The page of downlines, with breadcrumbs; asked for while shown, again when the query changes. */
export const $downlines = keepShown(
  createFetcherStore<ResponseOf<'agentDownlines'>>(
    ['agentDownlines', '|', $accountKey, '|', filterKey($downlineQuery)],
    () => {
      const { parentId, search, page } = $downlineQuery.get()
      return agentApi('agentDownlines', { ...(parentId ? { parentId } : {}), ...(search ? { search } : {}), page: String(page) })
    },
    everyView,
  ),
)
// Downline management opens on the agent's own downlines, first page.
onMount($downlines, () => {
  const { parentId, search, page } = $downlineQuery.get()
  if (parentId || search || page !== 1) $downlineQuery.set({ page: 1 })
})

/** Asks for the downlines shown again (a retry, or after an account was created below the agent). */
export const loadDownlines = (): void => $downlines.revalidate()

/** Opens a member's downlines (a breadcrumb or a sub-agent); no id opens the agent's own. */
export function openDownline(parentId?: string): void {
  $downlineQuery.set({ parentId, page: 1 })
}

/** Searches the whole subtree by username (an empty term goes back to the agent's own downlines). */
export function searchDownlines(search: string): void {
  $downlineQuery.set({ search: search.trim() || undefined, page: 1 })
}

/** Goes to another page of the list shown. */
export function downlinePage(page: number): void {
  $downlineQuery.set({ ...$downlineQuery.get(), page })
}

/** The period the profit and loss statement shows (today first). */
export const $profitLossPeriod = atom<TeamPeriod>({ period: 'today' })
/** The sub-agent whose downlines the statement lists; undefined lists the agent's own. */
export const $profitLossParent = atom<string | undefined>(undefined)
/** What the profit and loss statement asks for: the period, and the sub-agent when one is opened. */
export const profitLossQuery = () => {
  const parentId = $profitLossParent.get()
  return { ...$profitLossPeriod.get(), ...(parentId ? { parentId } : {}) }
}
/** Profit and loss per direct downline (of the agent or the sub-agent opened) for the period; asked for while shown, again when either changes. */
export const $profitLoss = keepShown(
  createFetcherStore<ResponseOf<'agentProfitLoss'>>(
    ['agentProfitLoss', '|', $accountKey, '|', filterKey($profitLossPeriod), '|', computed($profitLossParent, (p) => p ?? 'own')],
    () => agentApi('agentProfitLoss', profitLossQuery()),
    everyView,
  ),
)
// The statement opens at the agent's own level.
onMount($profitLoss, () => {
  if ($profitLossParent.get()) $profitLossParent.set(undefined)
})
/** Opens a sub-agent's statement: its downlines' teams for the same period (a row or a breadcrumb); no id goes back to the agent's own. */
export function openProfitLoss(parentId?: string): void {
  $profitLossParent.set(parentId)
}
/** Asks for the profit and loss statement again (a retry). */
export const loadProfitLoss = (): void => $profitLoss.revalidate()
/** Shows another period of the profit and loss statement. */
export function setProfitLossPeriod(next: TeamPeriod): void {
  $profitLossPeriod.set(next)
}
